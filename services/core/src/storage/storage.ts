// The one place api and worker keep bytes: a key-addressed store whose backend (local disk now) stays out of sight.
import type { Readable } from 'node:stream';

export const STORAGE = Symbol('STORAGE');

/**
 * Whether a read failed because there is no such object (on the disk or in a bucket), as against a store that could
 * not answer: a file that is gone is said to be missing, a store that fails is an error to retry.
 */
export function objectMissing(error: unknown): boolean {
  const { code, name, $metadata } = error as { code?: string; name?: string; $metadata?: { httpStatusCode?: number } };
  return code === 'ENOENT' || code === 'ENOTDIR' || name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
}

/** Bytes [start, end) of an object; `end` exclusive and optional, as in SourceFile reads. */
export interface ByteRange {
  start: number;
  end?: number;
}

/**
 * Keys are '/'-separated and relative ("batches/<id>/a.png"), the shape S3 keys take, so a bucket backend
 * can stand where the disk stands without a caller noticing.
 */
export interface Storage {
  /** Writes the object whole or not at all: a reader never sees half of it. */
  put(key: string, body: Buffer | Readable): Promise<{ size: number }>;
  /** A stream of the object; rejects when there is none. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** The object in memory; imports hash whole files, and one read is cheaper than a stream for them. */
  read(key: string, range?: ByteRange): Promise<Buffer>;
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the object; one that is already gone is not an error. */
  remove(key: string): Promise<void>;
  /** Every object under a folder prefix, sorted, so a re-run sees the same sequence; rejects when the folder is unreadable. */
  list(prefix: string): Promise<string[]>;
}
