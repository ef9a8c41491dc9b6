import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { shipsMedia, uploadedFiles } from './uploaded-files';

async function zipOf(entries: { name: string; content: Buffer }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) zip.addBuffer(entry.content, entry.name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe(uploadedFiles.name, () => {
  it('holds a zip’s small entries and hands a large one over as a stream of its bytes', async () => {
    const large = Buffer.from(`{"images":[${Array.from({ length: 800_000 }, (_, i) => `{"id":${i}}`).join(',')}]}`);
    const zip = await zipOf([
      { name: 'labels/a.txt', content: Buffer.from('0 0.5 0.5 0.1 0.1\n') },
      { name: 'annotations/instances.json', content: large },
    ]);
    const files = await uploadedFiles([{ name: 'upload.zip', content: zip }]);
    expect(files.map((f) => f.path)).toEqual(['labels/a.txt', 'annotations/instances.json']);
    expect(files[0]).toEqual({ path: 'labels/a.txt', content: Buffer.from('0 0.5 0.5 0.1 0.1\n') });
    const streamed = files[1];
    if (!('open' in streamed)) throw new Error('the large entry was held whole');
    expect(streamed.size).toBe(large.length);
    const chunks: Buffer[] = [];
    for await (const chunk of await streamed.open()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(large)).toBe(true);
  });

  it('leaves out hidden files and folders, as a Datumaro project folder carries them, zipped or sent as its files', async () => {
    const dataset = Buffer.from('{"items": []}');
    const project = [
      { name: 'street/.datumaro/config.yml', content: Buffer.from('format_version: 2\n') },
      { name: 'street/.datumaro/tree/sources/drive.json', content: Buffer.from('{"hash": "0f3c"}') },
      { name: 'street/.dvc/tmp/thumb.png', content: Buffer.from('not a picture') },
      { name: 'street/drive/annotations/default.json', content: dataset },
    ];
    const zipped = await uploadedFiles([{ name: 'street.zip', content: await zipOf(project) }]);
    expect(zipped).toEqual([{ path: 'street/drive/annotations/default.json', content: dataset }]);
    expect(await uploadedFiles(project)).toEqual([{ path: 'street/drive/annotations/default.json', content: dataset }]);
    // A hidden picture is no picture shipped: the upload is annotations alone.
    expect(await shipsMedia(project)).toBe(false);
  });
});
