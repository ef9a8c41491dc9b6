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
