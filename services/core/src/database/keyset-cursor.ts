// Opaque cursors of keyset pagination over (timestamp, uuid) keys, decoded as strictly as PostgreSQL reads them.
import { AppError } from '../errors/app-error';

const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(at: string, id: string): string {
  return Buffer.from(`${at}|${id}`).toString('base64url');
}

/** A cursor this server did not hand out is refused with 400, never passed on to the database. */
export const invalidCursor = () =>
  new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: 'cursor', messageKey: 'validation.invalid_cursor' }]);

export function decodeCursor(cursor: string | undefined): [string, string] | null {
  if (!cursor) return null;
  const parts = Buffer.from(cursor, 'base64url').toString().split('|');
  if (parts.length !== 2) throw invalidCursor();
  const [at, id] = parts;
  if (!instant.test(at) || !uuid.test(id) || !isRealInstant(at)) throw invalidCursor();
  return [at, id];
}

/** JavaScript rolls 2026-02-31 over into March; PostgreSQL refuses it, so the date must survive a round trip. */
function isRealInstant(at: string): boolean {
  const time = Date.parse(at);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === at.slice(0, 19);
}
