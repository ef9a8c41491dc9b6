// The only Kysely of the files table: small uploads kept once (rule PDFs, an import's failure list), addressed by id and checked by their SHA-256.
import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../database/database.token';
import type { Db } from '../database/database';

export interface StoredFile {
  fileId: string;
  fileName: string;
  size: number;
  sha256: string;
}

export interface FileContent {
  name: string;
  mediaType: string;
  content: Buffer;
}

@Injectable()
export class FilesRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  store(name: string, mediaType: string, content: Buffer): Promise<StoredFile> {
    return this.storeOnce(randomUUID(), name, mediaType, content);
  }

  /** Stores under an id the caller chose; a re-run storing the same id again keeps the first copy. */
  async storeOnce(fileId: string, name: string, mediaType: string, content: Buffer): Promise<StoredFile> {
    const file = { fileId, fileName: name, size: content.length, sha256: createHash('sha256').update(content).digest('hex') };
    await this.db
      .insertInto('files')
      .values({ file_id: fileId, name, media_type: mediaType, size: file.size, sha256: file.sha256, content })
      .onConflict((oc) => oc.column('file_id').doNothing())
      .execute();
    return file;
  }

  read(fileId: string): Promise<FileContent | undefined> {
    return this.db.selectFrom('files').select(['name', 'media_type as mediaType', 'content']).where('file_id', '=', fileId).executeTakeFirst();
  }

  async readJson<T>(fileId: string): Promise<T | undefined> {
    const file = await this.read(fileId);
    return file ? (JSON.parse(file.content.toString('utf8')) as T) : undefined;
  }
}
