// Saves what an authenticated GET answers as a file, the way a link with `download` would.
import { readToken } from './auth-token';
import { currentApiLanguage } from './i18n';

export async function downloadFile(path: string, fileName: string): Promise<void> {
  const response = await fetch(path, { headers: { authorization: `Bearer ${readToken() ?? ''}`, 'x-language': currentApiLanguage() } });
  saveBlob(await response.blob(), fileName);
}

/** Saves a file already in hand. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  URL.revokeObjectURL(url);
}
