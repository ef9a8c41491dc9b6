// The session token and the signed-in person, kept in a cookie and local storage as the seed's client does.
import type { PersonInfo } from '@annot/workflows';
import { deleteCookie, readCookie, writeCookie } from './cookies';

export type { PersonInfo };

const tokenKey = 'token';
const infoKey = 'info';
/** Told in this tab when its token changes; other tabs hear of it through the storage event of `tokenKey`. */
export const tokenChangedEvent = 'annot:token-changed';

export const isTokenStorageEvent = (event: StorageEvent) => event.key === tokenKey || event.key === null;

export function readToken(): string | null {
  return readCookie(tokenKey) ?? localStorage.getItem(tokenKey);
}

export function saveToken(token: string): void {
  writeCookie(tokenKey, token);
  localStorage.setItem(tokenKey, token);
  window.dispatchEvent(new Event(tokenChangedEvent));
}

export function dropToken(): void {
  deleteCookie(tokenKey);
  localStorage.removeItem(tokenKey);
  localStorage.removeItem(infoKey);
  window.dispatchEvent(new Event(tokenChangedEvent));
}

export function savePerson(info: PersonInfo): void {
  localStorage.setItem(infoKey, JSON.stringify(info));
}
