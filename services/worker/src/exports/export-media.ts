// Items' media files into the archive, each opened and read ahead of its turn so that a slow store's round trips and
// transfers overlap the writing; a file that cannot be read is left out, and the annotations still name it.
import { PassThrough, pipeline, type Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { ItemFiles } from '@annot/core';
import type { ArchiveWriter } from './archive-writer';
import { ReadAhead } from './read-ahead';

/**
 * How many files are opened ahead of the one being written. A bucket answers each in a round trip and its own work
 * (an S3 emulator on the same machine, a few milliseconds of each side's CPU), so several are asked for at once.
 */
const readAheadWindow = 16;
/**
 * How much of each file opened ahead is read into memory before its turn; the rest waits in the store. A picture
 * arrives whole before the writer needs it, and the window holds at most 16 x 2 MB, whatever the files' sizes.
 */
const readAheadBytes = 2 * 1024 * 1024;

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
    const opened = await this.files.open(location);
    if (!opened) return { entry, body: null };
    // Read on at once into a buffer of its own (half on each side of the pass-through), so the transfer does not wait
    // for the writer; a stream that fails meanwhile passes its error on, and the writer meets it at the file's turn.
    const body = new PassThrough({ highWaterMark: readAheadBytes / 2 });
    pipeline(opened, body, () => undefined);
    body.on('error', () => undefined);
    return { entry, body };
  }
}
