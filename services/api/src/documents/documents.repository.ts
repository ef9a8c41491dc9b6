// The only Kysely of documents: the admin's table, one document, the help list of a role, and the files they name.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db, exactIso } from '@annot/core';
import { type DocumentAddress, type DocumentView, documentUrl, type HelpDocumentEntry, type Role } from '@annot/workflows';

/** Whether a role may read a document: an on-shelf one whose range names the role. */
const readableBy = (role: string) => sql<boolean>`on_shelf AND ${role} = ANY(visible_roles)`;

@Injectable()
export class DocumentsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  private documents() {
    return this.db.selectFrom('documents').selectAll().select(exactIso('updated_at').as('updatedAtIso')).orderBy('sort').orderBy('name').orderBy('document_id');
  }

  /** Every document, on the shelf or off it, in the help list's order. */
  async list(): Promise<DocumentView[]> {
    return (await this.documents().execute()).map(view);
  }

  /** One document; for a reader (`role` given) only while it is on the shelf and its range names the role. */
  async get(documentId: string, role?: string): Promise<DocumentView | undefined> {
    let query = this.documents().where('document_id', '=', documentId);
    if (role !== undefined) query = query.where(readableBy(role));
    const row = await query.executeTakeFirst();
    return row && view(row);
  }

  /** The seed's help entries of a role: on-shelf documents in its range, by sort. */
  async help(role: string): Promise<HelpDocumentEntry[]> {
    const rows = await this.documents().where(readableBy(role)).execute();
    return rows.map(view).map(({ id, name, url }) => ({ id, name, url }));
  }

  /** A file uploaded for documents, as the document events will keep it. */
  uploadedFile(fileId: string) {
    return this.db.selectFrom('files').select(['file_id as fileId', 'name as fileName', 'media_type as mediaType', 'size', 'sha256']).where('file_id', '=', fileId).executeTakeFirst();
  }
}

type Row = Awaited<ReturnType<ReturnType<DocumentsRepository['documents']>['executeTakeFirstOrThrow']>>;

function view(row: Row): DocumentView {
  const address: DocumentAddress =
    row.address_kind === 'link'
      ? { kind: 'link', url: row.url ?? '' }
      : { kind: 'file', fileId: row.file_id ?? '', fileName: row.file_name ?? '', mediaType: row.media_type ?? '', size: row.size ?? 0, sha256: row.sha256 ?? '' };
  return {
    id: row.document_id,
    name: row.name,
    address,
    url: documentUrl(row.document_id, address),
    description: row.description,
    visibleRoles: row.visible_roles as Role[],
    sort: row.sort,
    onShelf: row.on_shelf,
    updatedAt: row.updatedAtIso,
    etag: String(row.version),
  };
}
