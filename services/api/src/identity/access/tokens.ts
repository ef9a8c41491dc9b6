// Session tokens are opaque random strings; only their SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';

export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Only the Authorization header or the console's cookie: a token in an address ends up in logs and histories. */
export function tokenOf(headers: Record<string, string | string[] | undefined>, cookies?: Record<string, string>): string | null {
  const authorization = headers.authorization;
  const header = Array.isArray(authorization) ? authorization[0] : authorization;
  const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return bearer ?? cookies?.token ?? null;
}
