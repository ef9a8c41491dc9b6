// Seals secrets the platform must send on but never show (algorithm credentials) with AES-256-GCM, and signs the
// short-lived media addresses a model server fetches; both keys derive from the platform's SECRET_KEY.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SealedSecret } from '@annot/workflows';

const keyFor = (secretKey: string, purpose: string): Buffer => createHash('sha256').update(`${purpose}:${secretKey}`).digest();

export function sealSecret(secretKey: string, plain: string): SealedSecret {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secretKey, 'algorithm-credentials'), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return { iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
}

export function openSecret(secretKey: string, sealed: SealedSecret): string {
  const decipher = createDecipheriv('aes-256-gcm', keyFor(secretKey, 'algorithm-credentials'), Buffer.from(sealed.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
}

const signatureOf = (secretKey: string, itemId: string, expires: number) => createHmac('sha256', keyFor(secretKey, 'algorithm-media')).update(`${itemId}.${expires}`).digest('hex');

/** The path and query of an item's media for a model server, good until `expires` (ms since the epoch). */
export function signedMediaPath(secretKey: string, itemId: string, expires: number): string {
  return `/manage/algorithm-media/${itemId}?expires=${expires}&signature=${signatureOf(secretKey, itemId, expires)}`;
}

export function mediaSignatureValid(secretKey: string, itemId: string, expires: number, signature: string, now = Date.now()): boolean {
  if (!(expires > now)) return false;
  const expected = Buffer.from(signatureOf(secretKey, itemId, expires), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
