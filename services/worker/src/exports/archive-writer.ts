// Writes an export's zip to a file as it goes: whole files are added as they are encoded, media stream in one at a
// time, and the elements of a large JSON document go to a section file each, deflated as they come (in zlib's
// threads, beside the encoding), and spliced into the document's entry at the end without being compressed again.
// Memory holds one item's files, a batch of each section's text and one media file's stream buffers, whatever the
// export's size.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Readable, TransformOptions, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, crc32, createDeflateRaw, type DeflateRaw, deflateRawSync, type ZlibOptions } from 'node:zlib';
import type { SectionedDocument } from '@annot/workflows';
import { crc32Combine } from './crc32-combine';
import { ZipWriter } from './zip-writer';

/** How much a section file takes before the writer waits for the disk: a page's worth, so pages do not wait on each item. */
const bufferBytes = 4 * 1024 * 1024;
/**
 * Text a section gathers before it goes to its compressor: zlib works a thread hop per write, so writes are few and
 * large, yet short-lived enough that the gathered strings die young rather than being copied into the old generation.
 */
const batchChars = 64 * 1024;

interface Section {
  file: string;
  /** Ends with a sync flush, not a final block, so the section's deflate stream can be followed by more. */
  deflate: DeflateRaw;
  written: Promise<void>;
  /** Elements (never empty: JSON values) not yet compressed, joined with commas when they are. */
  pending: string[];
  pendingChars: number;
  /** CRC-32 and length of the section's text so far, before compression. */
  crc: number;
  size: number;
}

export class ArchiveWriter {
  private readonly zip: ZipWriter;
  private readonly sections = new Map<string, Section>();

  /** `archive`: the zip's file, or a stream it is written into (see ZipWriter). */
  constructor(
    archive: string | Writable,
    private readonly workDir: string,
    at: Date,
  ) {
    this.zip = new ZipWriter(archive, path.join(workDir, 'central-directory.bin'), at);
  }

  addText(entry: string, content: string): Promise<void> {
    return this.zip.addBuffer(entry, Buffer.from(content, 'utf8'));
  }

  /** An encoded file: text as UTF-8, bytes (a PNG) as they are. */
  addFile(entry: string, content: string | Uint8Array): Promise<void> {
    return typeof content === 'string' ? this.addText(entry, content) : this.zip.addBuffer(entry, Buffer.from(content.buffer, content.byteOffset, content.byteLength));
  }

  /** A media file, stored as it is: images do not compress. */
  addMedia(entry: string, body: Readable): Promise<void> {
    return this.zip.addStream(entry, body, false);
  }

  /** Elements of a document's section, in order; the document is written at the end. A wait only when a batch went to its compressor. */
  appendToSection(name: string, elements: string[]): Promise<void> | undefined {
    if (elements.length === 0) return;
    const section = this.sectionOf(name);
    for (const element of elements) {
      section.pending.push(element);
      section.pendingChars += element.length;
    }
    return section.pendingChars >= batchChars ? this.compress(section) : undefined;
  }

  /** Adds the documents around their sections, closes the zip and answers its size. */
  async finish(documents: SectionedDocument[]): Promise<number> {
    for (const section of this.sections.values()) {
      await this.compress(section);
      section.deflate.end();
      await section.written;
    }
    for (const document of documents) await this.zip.addDeflated(document.path, this.deflatedDocument(document), this.checksumOf(document));
    return this.zip.finish();
  }

  /** Stops writing: the caller removes the partial file. */
  abort(): void {
    this.zip.abort();
    for (const section of this.sections.values()) section.deflate.destroy();
  }

  private async compress(section: Section): Promise<void> {
    if (section.pendingChars === 0) return;
    const bytes = Buffer.from(section.pending.join(','), 'utf8');
    // Every later batch begins with an empty element, so its text begins with the comma that follows the last batch
    // (a comma added in front would be a second string to flatten).
    section.pending = [''];
    section.pendingChars = 0;
    section.crc = crc32(bytes, section.crc);
    section.size += bytes.length;
    // A failed file write destroys the compressor with its error, which rejects the wait.
    if (!section.deflate.write(bytes)) await once(section.deflate, 'drain');
  }

  /** The document's text as the zip entry holds it, from its parts' CRCs and lengths. */
  private checksumOf(document: SectionedDocument): { crc: number; size: number } {
    let crc = 0;
    let size = 0;
    for (const part of document.parts) {
      if (typeof part === 'string') {
        const bytes = Buffer.from(part, 'utf8');
        crc = crc32(bytes, crc);
        size += bytes.length;
        continue;
      }
      const section = this.sections.get(part.section);
      if (section) {
        crc = crc32Combine(crc, section.crc, section.size);
        size += section.size;
      }
    }
    return { crc, size };
  }

  /** One deflate stream of the document: its literal text deflated here, each ending on a byte boundary, then an empty final block. */
  private async *deflatedDocument(document: SectionedDocument): AsyncIterable<Buffer> {
    for (const part of document.parts) {
      if (typeof part === 'string') yield deflateRawSync(Buffer.from(part, 'utf8'), { level: constants.Z_BEST_SPEED, finishFlush: constants.Z_SYNC_FLUSH });
      else if (this.sections.has(part.section)) yield* createReadStream(this.sections.get(part.section)!.file) as AsyncIterable<Buffer>;
    }
    yield deflateRawSync(Buffer.alloc(0));
  }

  private sectionOf(name: string): Section {
    let section = this.sections.get(name);
    if (!section) {
      const file = path.join(this.workDir, `section-${this.sections.size}.deflate`);
      // Room for two megabytes of batches, so the encoding goes on while zlib's thread compresses (the default of 16 KiB
      // made every batch wait for its own compression, and four batches still waited whenever the thread was late).
      const options: ZlibOptions & TransformOptions = { level: constants.Z_BEST_SPEED, finishFlush: constants.Z_SYNC_FLUSH, chunkSize: 64 * 1024, writableHighWaterMark: 32 * batchChars };
      const deflate = createDeflateRaw(options);
      const written = pipeline(deflate, createWriteStream(file, { highWaterMark: bufferBytes }));
      // A failed write is answered at finish; until then nothing awaits it, and it must not go unhandled.
      written.catch(() => undefined);
      section = { file, deflate, written, pending: [], pendingChars: 0, crc: 0, size: 0 };
      this.sections.set(name, section);
    }
    return section;
  }
}
