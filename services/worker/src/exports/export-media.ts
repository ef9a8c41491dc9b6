// Items' media files into the archive, each opened ahead of its turn so that a slow store's round trips overlap the
// writing; a file that cannot be read is left out, and the annotations still name it.
import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { ItemFiles } from '@annot/core';
import type { ArchiveWriter } from './archive-writer';
import { ReadAhead } from './read-ahead';

/** How many files are opened ahead of the one being written: streams, so each holds a buffer, not the whole file. */
const readAheadWindow = 8;

export interface MediaFile {
  /** Its path in the archive. */
  entry: string;
  /** Where it is read from (see ItemFiles). */
  location: string;
}

@Injectable()
export class ExportMedia {
  constructor(private readonly files: ItemFiles) {}

  /** A reading of media files in the order they are planned; close it when the export ends, however it ends. */
  reading(window = readAheadWindow): MediaReading {
    return new MediaReading(this.files, window);
  }
}

export class MediaReading {
  private readonly ahead: ReadAhead<{ entry: string; body: Readable | null }>;

  constructor(
    private readonly files: ItemFiles,
    window: number,
  ) {
    this.ahead = new ReadAhead(window, ({ body }) => body?.destroy());
  }

  /** The files to write next, in their order; they start opening at once, as far as the window reaches. */
  plan(files: MediaFile[]): void {
    this.ahead.push(files.map(({ entry, location }) => () => this.open(entry, location)));
  }

  /** Writes the next `count` planned files; answers how many of them could be read. */
  async write(writer: ArchiveWriter, count: number): Promise<number> {
    let written = 0;
    for (let i = 0; i < count; i++) {
      const { entry, body } = await this.ahead.next();
      if (!body) continue;
      await writer.addMedia(entry, body);
      written += 1;
    }
    return written;
  }

  close(): void {
    this.ahead.close();
  }

  private async open(entry: string, location: string): Promise<{ entry: string; body: Readable | null }> {
    const body = await this.files.open(location);
    // A stream that fails while it waits its turn keeps its error for the writer, which reads it then.
    body?.on('error', () => undefined);
    return { entry, body };
  }
}
