// Events of a document: added, changed, put on or taken off the shelf, removed.
import { z } from 'zod';
import { allRoles, type Role } from '../identity/roles';
import type { DomainEvent } from '../shared/event';

const ref = { documentId: z.uuid() };
const address = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('link'), url: z.string() }),
  z.object({ kind: z.literal('file'), fileId: z.uuid(), fileName: z.string(), mediaType: z.string(), size: z.number().int(), sha256: z.string() }),
]);
const describing = { name: z.string(), address, description: z.string(), visibleRoles: z.array(z.enum(allRoles as [Role, ...Role[]])), sort: z.number().int() };

export const documentEventSchemas = {
  DocumentAdded: z.object({ ...ref, ...describing, onShelf: z.boolean(), addedBy: z.string() }),
  DocumentChanged: z.object({ ...ref, ...describing }),
  /** On the shelf: the readers in range see it in their help documents. */
  DocumentShelved: z.object({ ...ref, name: z.string() }),
  /** Off the shelf: kept for the admin, gone for readers. */
  DocumentUnshelved: z.object({ ...ref, name: z.string() }),
  DocumentRemoved: z.object({ ...ref, name: z.string() }),
};

type Data<K extends keyof typeof documentEventSchemas> = z.infer<(typeof documentEventSchemas)[K]>;
export type DocumentAdded = DomainEvent<'DocumentAdded', Data<'DocumentAdded'>>;
export type DocumentChanged = DomainEvent<'DocumentChanged', Data<'DocumentChanged'>>;
export type DocumentShelved = DomainEvent<'DocumentShelved', Data<'DocumentShelved'>>;
export type DocumentUnshelved = DomainEvent<'DocumentUnshelved', Data<'DocumentUnshelved'>>;
export type DocumentRemoved = DomainEvent<'DocumentRemoved', Data<'DocumentRemoved'>>;
export type DocumentEvent = DocumentAdded | DocumentChanged | DocumentShelved | DocumentUnshelved | DocumentRemoved;
export const documentStreamId = (documentId: string): string => `document-${documentId}`;
