// Reads every entry of a zip into memory, for tests that check what an archive holds; an entry whose bytes do not
// match the CRC-32 its record gives is refused, as unzip would refuse it (yauzl does not check).
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';

export async function zipEntries(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened!))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    archive.on('error', reject);
    archive.on('end', resolve);
    archive.on('entry', (entry: yauzl.Entry) => {
      archive.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream!.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream!.on('end', () => {
          const content = Buffer.concat(chunks);
          if (crc32(content) !== entry.crc32) return reject(new Error(`${entry.fileName}: CRC-32 ${crc32(content)} where its record gives ${entry.crc32}`));
          entries.set(entry.fileName, content);
          archive.readEntry();
        });
      });
    });
    archive.readEntry();
  });
  return entries;
}
