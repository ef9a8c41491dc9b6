// What an admin gives for a document and what its pages show: a named address (a link or an uploaded file), the roles
// that may read it, its place in the help list, and whether it is on the shelf.
import { z } from 'zod';
import { allRoles, type Role } from '../identity/roles';

const text = (max: number) => z.string({ error: 'validation.required' }).trim().max(max, 'validation.too_big');

/** The seed's visible range: roles by code; a document nobody may read would be a mistake, so at least one. */
export const documentRange = z
  .array(z.enum(allRoles as [Role, ...Role[]], { error: 'documents.range_invalid' }), { error: 'documents.range_empty' })
  .min(1, 'documents.range_empty')
  .max(allRoles.length, 'validation.too_big')
  // One order whatever order the boxes were ticked in, so an edit that changes nothing reads as nothing changed.
  .transform((roles) => allRoles.filter((role) => roles.includes(role)));

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

export const documentLink = z
  .string({ error: 'documents.url_invalid' })
  .trim()
  .max(2000, 'validation.too_big')
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'documents.url_invalid');

/** Where the document is: a link anywhere on the web, or a file uploaded before through the documents' upload route. */
export const documentAddressInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('link'), url: documentLink }).strict(),
  z.object({ kind: z.literal('file'), fileId: z.uuid({ error: 'documents.file_missing' }) }).strict(),
], { error: 'documents.address_invalid' });
export type DocumentAddressInput = z.infer<typeof documentAddressInput>;

export const documentInput = z
  .object({
    name: text(100).min(1, 'documents.name_empty'),
    address: documentAddressInput,
    description: text(1000).default(''),
    visibleRoles: documentRange,
    sort: z.number({ error: 'validation.non_negative_integer' }).int('validation.non_negative_integer').min(0, 'validation.too_small').max(9999, 'validation.too_big').default(0),
    onShelf: z.boolean().default(true),
  })
  .strict();
export type DocumentInput = z.infer<typeof documentInput>;

/** An edit leaves the shelf alone: putting on and taking off are commands of their own. */
export const editDocumentInput = documentInput.omit({ onShelf: true });
export type EditDocumentInput = z.infer<typeof editDocumentInput>;

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

/** How the manual page shows a document: in a frame (a link, a PDF), as an image, or as text. */
export function documentDisplay(address: DocumentAddress): 'frame' | 'image' | 'text' {
  if (address.kind === 'link' || address.mediaType === documentFileKinds.pdf) return 'frame';
  return address.mediaType.startsWith('image/') ? 'image' : 'text';
}
