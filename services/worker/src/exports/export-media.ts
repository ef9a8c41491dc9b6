// An item's media file into the archive; a file that cannot be read is left out, and the annotations still name it.
import { Injectable } from '@nestjs/common';
import { ItemFiles } from '@annot/core';
import type { ArchiveWriter } from './archive-writer';

@Injectable()
export class ExportMedia {
  constructor(private readonly files: ItemFiles) {}

  async add(writer: ArchiveWriter, entry: string, location: string): Promise<boolean> {
    const body = await this.files.open(location);
    if (!body) return false;
    await writer.addMedia(entry, body);
    return true;
  }
}
