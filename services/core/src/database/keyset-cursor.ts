// Opaque cursors of keyset pagination over (timestamp, uuid) keys.
export function encodeCursor(at: string, id: string): string {
  return Buffer.from(`${at}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): [string, string] | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  return at && id && /^[0-9a-f-]{36}$/.test(id) && !Number.isNaN(Date.parse(at)) ? [at, id] : null;
}
