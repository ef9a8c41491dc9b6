// The seed's cookie helper: read, write (default expiry year 9999, optional parent domain) and delete.
const farFuture = 'Fri, 31 Dec 9999 23:59:59 GMT';

export function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

export function writeCookie(name: string, value: string, options: { parentDomain?: boolean } = {}): void {
  const domain = options.parentDomain ? `; domain=.${location.hostname.split('.').slice(-2).join('.')}` : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${farFuture}; path=/${domain}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
