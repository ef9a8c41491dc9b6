// The files of an annotation upload: each file sent, a zip's entries in place of the zip, read entry by entry in
// memory, except a large entry (a data set's zipped COCO file, ten times its zip's size), which is read from the zip
// as a stream when the import asks for it. An upload that ships pictures or videos beside its annotations, a zip or a
// folder sent as its files, is an export with its images, which the batch's import reads instead, as one zip.
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import yazl from 'yazl';
import type { AnnotationFile } from '@annot/core';
import { isHiddenPath, isShippedMediaOf } from '@annot/workflows';

/** A file as the request sent it: its path inside the folder sent, or its name. */
export interface UploadedPart {
  name: string;
  content: Buffer;
}

const startsLikeZip = (data: Buffer) => data.length >= 4 && data.readUInt32LE(0) === 0x04034b50;

// Folders, the files macOS adds beside every zipped file, and hidden files (a Datumaro project's .datumaro/) hold no
// annotations, as the batch's import leaves them out.
const isFile = (name: string) => !name.endsWith('/') && !isHiddenPath(name);

/** A zip's entry larger than this is not held unpacked. */
const heldBytes = 8 * 1024 * 1024;

export async function uploadedFiles(parts: UploadedPart[]): Promise<AnnotationFile[]> {
  const files: AnnotationFile[] = [];
  for (const part of parts) {
    if (!startsLikeZip(part.content)) {
      if (isFile(part.name)) files.push({ path: part.name, content: part.content });
    }
    else {
      await eachEntry(part.content, async (entry, archive) => {
        if (!isFile(entry.fileName)) return;
        if (entry.uncompressedSize <= heldBytes) files.push({ path: entry.fileName, content: await contentOf(archive, entry) });
        else files.push({ path: entry.fileName, size: entry.uncompressedSize, open: () => entryStream(part.content, entry.fileName) });
      });
    }
  }
  return files;
}

/** One entry of a zip in memory as a stream of its unpacked bytes. */
async function entryStream(data: Buffer, name: string): Promise<Readable> {
  const found: { stream?: Promise<Readable> } = {};
  await eachEntry(data, async (entry, archive) => {
    if (entry.fileName !== name || found.stream) return;
    found.stream = new Promise((resolve, reject) => archive.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream!))));
  });
  if (!found.stream) throw new Error(`the upload's entry ${name} is gone`);
  return found.stream;
}

/**
 * Whether a file sent, or an entry of a zip sent, is a picture or a video (zips are read by name only); the PNGs of a
 * mask format are its annotations.
 */
export async function shipsMedia(parts: UploadedPart[], format: string): Promise<boolean> {
  let found = false;
  for (const part of parts) {
    found ||= isFile(part.name) && isShippedMediaOf(format, part.name);
    if (!found && startsLikeZip(part.content)) {
      await eachEntry(part.content, async (entry) => {
        found ||= isFile(entry.fileName) && isShippedMediaOf(format, entry.fileName);
      });
    }
  }
  return found;
}

/**
 * The upload as the one zip a batch's import extracts: the zip sent, or the files of the folder sent, stored under
 * their paths. The import's extraction checks every path, as it does any zip's.
 */
export async function asOneZip(parts: UploadedPart[]): Promise<Buffer> {
  if (parts.length === 1 && startsLikeZip(parts[0].content)) return parts[0].content;
  const zip = new yazl.ZipFile();
  for (const part of parts) zip.addBuffer(part.content, part.name, { compress: false });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function eachEntry(data: Buffer, visit: (entry: yauzl.Entry, archive: yauzl.ZipFile) => Promise<void>): Promise<void> {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => (error ? reject(error) : resolve(zip!))));
  await new Promise<void>((resolve, reject) => {
    archive.on('error', reject);
    archive.on('end', resolve);
    archive.on('entry', (entry: yauzl.Entry) => visit(entry, archive).then(() => archive.readEntry(), reject));
    archive.readEntry();
  });
}

function contentOf(archive: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    archive.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      stream!.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream!.on('error', reject);
      stream!.on('end', () => resolve(Buffer.concat(chunks)));
    }),
  );
}
