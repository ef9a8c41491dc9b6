// Writes an export's zip to a file as it goes: whole files are added as they are encoded, media stream in one at a
// time, and the elements of a large JSON document go to a section file each, joined into the document at the end.
// Memory holds one item's files and one media file's stream buffers, whatever the export's size.
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { SectionedDocument } from '@annot/workflows';
import { ZipWriter } from './zip-writer';

/** How much a section file takes before the writer waits for the disk: a page's worth, so pages do not wait on each item. */
const bufferBytes = 4 * 1024 * 1024;

interface Section {
  file: string;
  out: WriteStream;
  count: number;
}

export class ArchiveWriter {
  private readonly zip: ZipWriter;
  private readonly sections = new Map<string, Section>();

  constructor(
    archivePath: string,
    private readonly workDir: string,
    at: Date,
  ) {
    this.zip = new ZipWriter(archivePath, path.join(workDir, 'central-directory.bin'), at);
  }

  addText(entry: string, content: string): Promise<void> {
    return this.zip.addBuffer(entry, Buffer.from(content, 'utf8'));
  }

  /** A media file, stored as it is: images do not compress. */
  addMedia(entry: string, body: Readable): Promise<void> {
    return this.zip.addStream(entry, body, false);
  }

  /** Elements of a document's section, in order; the document is written at the end. */
  async appendToSection(name: string, elements: string[]): Promise<void> {
    if (elements.length === 0) return;
    const section = this.sectionOf(name);
    const text = (section.count === 0 ? '' : ',') + elements.join(',');
    section.count += elements.length;
    if (!section.out.write(text)) await new Promise<void>((resolve) => section.out.once('drain', () => resolve()));
  }

  /** Adds the documents around their sections, closes the zip and answers its size. */
  async finish(documents: SectionedDocument[]): Promise<number> {
    for (const section of this.sections.values()) {
      section.out.end();
      await finished(section.out);
    }
    for (const document of documents) await this.zip.addStream(document.path, Readable.from(this.documentBytes(document)), true);
    return this.zip.finish();
  }

  /** Stops writing: the caller removes the partial file. */
  abort(): void {
    this.zip.abort();
    for (const section of this.sections.values()) section.out.destroy();
  }

  private async *documentBytes(document: SectionedDocument): AsyncIterable<Buffer> {
    for (const part of document.parts) {
      if (typeof part === 'string') yield Buffer.from(part, 'utf8');
      else if (this.sections.has(part.section)) yield* createReadStream(this.sections.get(part.section)!.file) as AsyncIterable<Buffer>;
    }
  }

  private sectionOf(name: string): Section {
    let section = this.sections.get(name);
    if (!section) {
      const file = path.join(this.workDir, `section-${this.sections.size}.json`);
      section = { file, out: createWriteStream(file, { highWaterMark: bufferBytes }), count: 0 };
      this.sections.set(name, section);
    }
    return section;
  }
}
