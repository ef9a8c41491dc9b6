// The objects an export archive holds, counted by reading the archive back: COCO's annotations in its one document,
// YOLO's lines in its label files. Streamed entry by entry, so a million objects need no more memory than one chunk.
import yauzl from 'yauzl';
import { cocoDocumentPath } from '@annot/workflows/dist/exports/formats/coco';

type Counter = { add(chunk: Buffer): void; total(): number };

/** Occurrences of `needle` across chunks, one that straddles two chunks included. */
function occurrences(needle: string): Counter {
  const bytes = Buffer.from(needle);
  let count = 0;
  let tail = Buffer.alloc(0);
  return {
    add(chunk) {
      const text = Buffer.concat([tail, chunk]);
      for (let at = text.indexOf(bytes); at !== -1; at = text.indexOf(bytes, at + bytes.length)) count++;
      // Too few bytes to hold a whole match: one that begins here and ends in the next chunk is counted then.
      tail = text.subarray(Math.max(0, text.length - bytes.length + 1));
    },
    total: () => count,
  };
}

/** Every COCO annotation has one image_id; a YOLO label file has one line per object. */
const counters = {
  coco: (fileName: string) => (fileName === cocoDocumentPath ? occurrences('"image_id":') : null),
  yolo: (fileName: string) => (fileName.startsWith('labels/') && fileName.endsWith('.txt') ? occurrences('\n') : null),
};

export type CountedFormat = keyof typeof counters;

export async function archiveObjects(archivePath: string, format: CountedFormat): Promise<number> {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.open(archivePath, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened))));
  let objects = 0;
  await new Promise<void>((resolve, reject) => {
    archive.on('error', reject);
    archive.on('end', resolve);
    archive.on('entry', (entry: yauzl.Entry) => {
      const counter = counters[format](entry.fileName);
      if (!counter) return archive.readEntry();
      archive.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        stream.on('data', (chunk: Buffer) => counter.add(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          objects += counter.total();
          archive.readEntry();
        });
      });
    });
    archive.readEntry();
  });
  return objects;
}
