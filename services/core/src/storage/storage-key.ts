// Storage keys come from outside (upload names, paths in events, a client's folder), so none may reach past the root.
import path from 'node:path';

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** The key's '/'-separated segments, or a refusal when it is absolute, climbs with "..", or holds a NUL. */
export function storageKeyParts(key: string): string[] {
  if (key.startsWith('/') || key.includes('\0')) throw new InvalidStorageKeyError(key);
  const parts = key.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.length === 0 || parts.some((part) => part === '..' || !isPlainSegment(part))) throw new InvalidStorageKeyError(key);
  return parts;
}

/** Where the disk has separators or drive letters of its own (Windows), a segment holding one would be a path. */
function isPlainSegment(part: string): boolean {
  return path.sep === '/' || !/[\\:]/.test(part);
}
