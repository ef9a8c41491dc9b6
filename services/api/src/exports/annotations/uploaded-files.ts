// The files of an annotation upload: the one file sent, or every file of a zip, read entry by entry in memory
// (an upload is bounded; its largest entry is the largest annotation file). A zip that ships pictures or videos
// beside its annotations is an export with its images, which the batch's import reads instead.
import yauzl from 'yauzl';
import { type ImportedFile, isShippedMedia } from '@annot/workflows';

const startsLikeZip = (data: Buffer) => data.length >= 4 && data.readUInt32LE(0) === 0x04034b50;

// Folders, and the files macOS adds beside every zipped file, hold no annotations.
const isFile = (name: string) => !name.endsWith('/') && !name.startsWith('__MACOSX/');

export async function uploadedFiles(name: string, data: Buffer): Promise<ImportedFile[]> {
  if (!startsLikeZip(data)) return [{ path: name, content: data }];
  const files: ImportedFile[] = [];
  await eachEntry(data, async (entry, archive) => {
    if (isFile(entry.fileName)) files.push({ path: entry.fileName, content: await contentOf(archive, entry) });
  });
  return files;
}

/** Whether the upload is a zip with pictures or videos among its files (read by name only). */
export async function shipsMedia(data: Buffer): Promise<boolean> {
  if (!startsLikeZip(data)) return false;
  let found = false;
  await eachEntry(data, async (entry) => {
    found ||= isFile(entry.fileName) && isShippedMedia(entry.fileName);
  });
  return found;
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
