// The documents as the admin's table and every reader's help list read them; inline, so a reader sees a change at once.
import type { DocumentAddress, DocumentEvent } from '@annot/workflows';
import type { StoredEvent } from '../events/stored-event';
import type { Projection } from '../projections/projection';

type Data<T extends DocumentEvent['type']> = Extract<DocumentEvent, { type: T }>['data'];

/** A document's address as columns: the link, or the file's id, name, type, size and checksum. */
function addressColumns(address: DocumentAddress) {
  return address.kind === 'link'
    ? { address_kind: 'link', url: address.url, file_id: null, file_name: null, media_type: null, size: null, sha256: null }
    : { address_kind: 'file', url: null, file_id: address.fileId, file_name: address.fileName, media_type: address.mediaType, size: address.size, sha256: address.sha256 };
}

function describingColumns(d: Data<'DocumentChanged'>) {
  return { name: d.name, ...addressColumns(d.address), description: d.description, visible_roles: d.visibleRoles, sort: d.sort };
}

export const documentProjection: Projection = {
  name: 'documents',
  mode: 'inline',
  types: ['DocumentAdded', 'DocumentChanged', 'DocumentShelved', 'DocumentUnshelved', 'DocumentRemoved'],
  tables: ['documents'],
  async apply(db, events) {
    for (const event of events as StoredEvent<DocumentEvent['type']>[]) {
      const version = event.streamPosition;
      const row = (documentId: string) => db.updateTable('documents').where('document_id', '=', documentId);
      switch (event.type) {
        case 'DocumentAdded': {
          const d = event.data as Data<'DocumentAdded'>;
          await db
            .insertInto('documents')
            .values({ document_id: d.documentId, ...describingColumns(d), on_shelf: d.onShelf, added_by: d.addedBy, added_at: event.recordedAt, updated_at: event.recordedAt, version })
            .execute();
          break;
        }
        case 'DocumentChanged': {
          const d = event.data as Data<'DocumentChanged'>;
          await row(d.documentId).set({ ...describingColumns(d), updated_at: event.recordedAt, version }).execute();
          break;
        }
        case 'DocumentShelved':
        case 'DocumentUnshelved': {
          const d = event.data as Data<'DocumentShelved'>;
          await row(d.documentId).set({ on_shelf: event.type === 'DocumentShelved', updated_at: event.recordedAt, version }).execute();
          break;
        }
        case 'DocumentRemoved': {
          const d = event.data as Data<'DocumentRemoved'>;
          await db.deleteFrom('documents').where('document_id', '=', d.documentId).execute();
          break;
        }
      }
    }
  },
};
