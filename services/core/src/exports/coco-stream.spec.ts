import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { NotAnObject, NotText, walkCoco } from './coco-stream';

/** The text in pieces of a few bytes, so entries, strings and numbers are cut anywhere. */
const pieces = (text: string | Buffer, size = 7) => {
  const bytes = Buffer.from(text);
  return Readable.from(Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size)));
};

async function walked(text: string | Buffer) {
  const entries: [string, number, unknown][] = [];
  let read = 0;
  let pauses = 0;
  const lists = await walkCoco(pieces(text), { entry: (key, index, value) => entries.push([key, index, value]), read: (bytes) => (read = bytes) }, async () => {
    pauses += 1;
  });
  return { lists, entries, read, pauses };
}

const document = '{"info":{"year":2017},"images":[{"id":1,"file_name":"a.jpg"},{"id":2,"file_name":"b é.jpg"}],"annotations":[{"id":7,"image_id":2,"bbox":[1.5,2,3,4],"segmentation":{"size":[2,2],"counts":"04"}},{"image_id":"x","id":8}],"categories":[]}';

describe(walkCoco.name, () => {
  it('assembles each entry of the lists and each other value, wherever the pieces cut the text', async () => {
    const { lists, entries, read, pauses } = await walked(document);
    expect([...lists]).toEqual(['images', 'annotations', 'categories']);
    expect(entries).toEqual([
      ['info', -1, { year: 2017 }],
      ['images', 0, { id: 1, file_name: 'a.jpg' }],
      ['images', 1, { id: 2, file_name: 'b é.jpg' }],
      ['annotations', 0, { id: 7, image_id: 2, bbox: [1.5, 2, 3, 4], segmentation: { size: [2, 2], counts: '04' } }],
      ['annotations', 1, { image_id: 'x', id: 8 }],
    ]);
    expect(read).toBe(Buffer.byteLength(document));
    expect(pauses).toBeGreaterThan(0);
  });

  it('rejects text that is no JSON, bytes that are no UTF-8 and a document that is no object', async () => {
    await expect(walked('{"images": [')).rejects.toThrow();
    await expect(walked(Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]))).rejects.toBeInstanceOf(NotText);
    await expect(walked('[1, 2]')).rejects.toBeInstanceOf(NotAnObject);
  });
});
