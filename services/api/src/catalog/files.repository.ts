// Stored uploads: a rule's PDF is kept once, addressed by id and checked by its SHA-256.
import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db } from '@annot/core';
import type { RuleFile } from '@annot/workflows';

@Injectable()
export class FilesRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async store(name: string, mediaType: string, content: Buffer): Promise<RuleFile> {
    const file = { fileId: randomUUID(), fileName: name, size: content.length, sha256: createHash('sha256').update(content).digest('hex') };
    await this.db.insertInto('files').values({ file_id: file.fileId, name, media_type: mediaType, size: file.size, sha256: file.sha256, content }).execute();
    return file;
  }

  async read(fileId: string): Promise<{ name: string; mediaType: string; content: Buffer } | undefined> {
    const row = await this.db.selectFrom('files').select(['name', 'media_type as mediaType', 'content']).where('file_id', '=', fileId).executeTakeFirst();
    return row;
  }
}
