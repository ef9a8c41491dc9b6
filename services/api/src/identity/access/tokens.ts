// Session tokens are opaque random strings; only their SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';

export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function tokenOf(headers: Record<string, string | string[] | undefined>, query: Record<string, unknown>, cookies?: Record<string, string>): string | null {
  const authorization = headers.authorization;
  const header = Array.isArray(authorization) ? authorization[0] : authorization;
  const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  // EventSource cannot send headers, so the job stream passes its token in the query.
  const fromQuery = typeof query.access_token === 'string' ? query.access_token : null;
  return bearer ?? fromQuery ?? cookies?.token ?? null;
}
