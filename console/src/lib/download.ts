// Saves what an authenticated GET answers as a file, the way a link with `download` would; a refusal is thrown as the
// API's error for the page to show, never saved in the file's place.
import { api } from './api-client';

export async function downloadFile(path: string, fileName: string): Promise<void> {
  saveBlob(await api.attachment(path), fileName);
}

/** Saves a file already in hand. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  URL.revokeObjectURL(url);
}
