// The files of an annotation upload: the one file sent, or every file of a zip, read entry by entry in memory
// (an upload is bounded; its largest entry is the largest annotation file).
import yauzl from 'yauzl';
import type { ImportedFile } from '@annot/workflows';

const startsLikeZip = (data: Buffer) => data.length >= 4 && data.readUInt32LE(0) === 0x04034b50;

export async function uploadedFiles(name: string, data: Buffer): Promise<ImportedFile[]> {
  if (!startsLikeZip(data)) return [{ path: name, content: data }];
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => (error ? reject(error) : resolve(zip!))));
  const files: ImportedFile[] = [];
  await new Promise<void>((resolve, reject) => {
    archive.on('error', reject);
    archive.on('end', resolve);
    archive.on('entry', (entry: yauzl.Entry) => {
      // Folders, and the files macOS adds beside every zipped file, hold no annotations.
      if (entry.fileName.endsWith('/') || entry.fileName.startsWith('__MACOSX/')) return archive.readEntry();
      archive.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream!.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream!.on('error', reject);
        stream!.on('end', () => {
          files.push({ path: entry.fileName, content: Buffer.concat(chunks) });
          archive.readEntry();
        });
      });
    });
    archive.readEntry();
  });
  return files;
}
