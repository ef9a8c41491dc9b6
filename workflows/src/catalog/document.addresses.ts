// Where a document is and how readers reach it: its file kinds, its address, what its pages show, and the paths the
// console links to. Plain values without the input schemas, so the console's shell can link to help documents light.
import type { Role } from '../identity/roles';

/** Kinds of file a document may be; each is checked by its content, not its name. */
export const documentFileKinds = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
} as const;
export type DocumentFileKind = keyof typeof documentFileKinds;

export const documentFileMaxBytes = 20 * 1024 * 1024;

/** An uploaded file as the events keep it: enough to serve it and to check it is the one uploaded. */
export interface DocumentFile {
  fileId: string;
  fileName: string;
  mediaType: string;
  size: number;
  sha256: string;
}

export type DocumentAddress = { kind: 'link'; url: string } | ({ kind: 'file' } & DocumentFile);

export interface DocumentView {
  id: string;
  name: string;
  address: DocumentAddress;
  /** Where a reader opens it: the link, or the route that serves the file to readers in range. */
  url: string;
  description: string;
  visibleRoles: Role[];
  sort: number;
  onShelf: boolean;
  updatedAt: string;
  etag: string;
}

/** The seed's document help entry: what the side menu lists and the manual page is opened with. */
export interface HelpDocumentEntry {
  id: string;
  name: string;
  url: string;
}

/** The route that serves a document's file to its readers. */
export const documentFilePath = (documentId: string): string => `/manage/documents/${documentId}/file`;

/** Where a reader opens a document: the link as given, or the file route. */
export const documentUrl = (documentId: string, address: DocumentAddress): string => (address.kind === 'link' ? address.url : documentFilePath(documentId));

/** The console's manual page for a help entry, with the seed's query parameters. */
export const manualPath = (entry: HelpDocumentEntry): string => `/document/manual?${new URLSearchParams({ url: entry.url, id: entry.id }).toString()}`;

/** How the manual page shows a document: in a frame (a link, a PDF), as an image, Markdown rendered, or as text. */
export function documentDisplay(address: DocumentAddress): 'frame' | 'image' | 'markdown' | 'text' {
  if (address.kind === 'link' || address.mediaType === documentFileKinds.pdf) return 'frame';
  if (address.mediaType === documentFileKinds.md) return 'markdown';
  return address.mediaType.startsWith('image/') ? 'image' : 'text';
}
