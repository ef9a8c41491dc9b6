// The files of an annotation upload as multer stored them: whether each is a zip, the names a zip holds (read from its
// central directory in storage, never whole), and the upload as the one zip a batch's import extracts.
import { PassThrough, type Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import yauzl from 'yauzl';
import yazl from 'yazl';
import type { Storage } from '@annot/core';
import { isHiddenPath, isShippedMediaOf } from '@annot/workflows';
import type { StoredUpload } from '../../http/storage-upload.engine';

export const startsLikeZip = (head: Buffer): boolean => head.length >= 4 && head.readUInt32LE(0) === 0x04034b50;

/** A stored object read by ranges, as yauzl reads a zip: its end first, then each entry where it lies. */
class StoredObjectReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly storage: Storage,
    private readonly key: string,
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    this.storage.get(this.key, { start, end }).then(
      (stream) => stream.on('error', (error) => out.destroy(error)).pipe(out),
      (error: Error) => out.destroy(error),
    );
    return out;
  }
}

/** The file names a stored zip holds. */
async function zipNames(storage: Storage, upload: StoredUpload): Promise<string[]> {
  const zip = await yauzl.fromRandomAccessReaderPromise(new StoredObjectReader(storage, upload.key), upload.size, { lazyEntries: true });
  const names: string[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', resolve);
    zip.on('entry', (entry: yauzl.Entry) => {
      names.push(entry.fileName);
      zip.readEntry();
    });
    zip.readEntry();
  });
  zip.close();
  return names;
}

export interface SortedUpload extends StoredUpload {
  zip: boolean;
}

/** Each stored file with whether it is a zip; a file of a folder keeps the path it was sent under. */
export async function sortUploads(storage: Storage, uploads: StoredUpload[]): Promise<SortedUpload[]> {
  return Promise.all(uploads.map(async (upload) => ({ ...upload, zip: upload.size >= 4 && startsLikeZip(await storage.read(upload.key, { start: 0, end: 4 })) })));
}

/** Whether a file sent, or a file of a zip sent, is a picture or a video: an export with its images (a mask format's PNGs are annotations). */
export async function shipsMedia(storage: Storage, uploads: SortedUpload[], format: string): Promise<boolean> {
  const isMedia = (name: string) => !name.endsWith('/') && !isHiddenPath(name) && isShippedMediaOf(format, name);
  for (const upload of uploads) {
    if (isMedia(upload.originalname)) return true;
    if (upload.zip && (await zipNames(storage, upload)).some(isMedia)) return true;
  }
  return false;
}

/** The upload as one stored zip: the zip sent, or the folder's files packed under their paths, streamed from storage. */
export async function asOneStoredZip(storage: Storage, uploads: SortedUpload[]): Promise<{ key: string; size: number }> {
  if (uploads.length === 1 && uploads[0].zip) return { key: uploads[0].key, size: uploads[0].size };
  const zip = new yazl.ZipFile();
  for (const upload of uploads) zip.addReadStreamLazy(upload.originalname, { compress: false }, (done) =>
      storage.get(upload.key).then((stream) => done(null, stream), (error: unknown) => done(error, null as never)),
    );
  zip.end();
  const key = `uploads/${randomUUID()}.zip`;
  const { size } = await storage.put(key, zip.outputStream as unknown as Readable);
  for (const upload of uploads) await storage.remove(upload.key);
  return { key, size };
}
