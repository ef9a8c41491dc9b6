// A streamed COCO file that does not parse is refused once, with the line and column where it breaks as a message
// reference the reader's language says, whatever its size: never with the streaming parser's English sentence.
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { importDetails, importReasons, readMessageRef } from '@annot/workflows';
import { importCocoStreamed, type StreamedAnnotationFile } from './coco-import';

/** A file handed over in pieces of a few bytes, as a zip entry or an upload streams. */
const streamedFile = (path: string, text: string): StreamedAnnotationFile => {
  const bytes = Buffer.from(text);
  return { path, size: bytes.length, open: async () => Readable.from(Array.from({ length: Math.ceil(bytes.length / 5) }, (_, i) => bytes.subarray(i * 5, (i + 1) * 5))) };
};

async function refusalsOf(text: string) {
  const environment = { targets: [], tools: [], mode: 'all' as const, chunkSize: 10, write: async () => {}, progress: async () => {} };
  return (await importCocoStreamed([streamedFile('instances.json', text)], environment)).refusals;
}

describe(importCocoStreamed.name, () => {
  it('refuses a file whose JSON breaks with its line and column', async () => {
    const text = '{\n  "images": [{"id": 1, "file_name": "a.jpg"}],\n  "annotations": [{"id": 1, "image_id": 1,, "bbox": [1, 2, 3, 4]}],\n  "categories": []\n}';
    const [refusal, ...rest] = await refusalsOf(text);
    expect(rest).toEqual([]);
    expect(refusal).toMatchObject({ source: 'instances.json', reasonKey: importReasons.malformed, params: { format: 'COCO' } });
    expect(readMessageRef(String(refusal.params?.detail))).toEqual({ key: importDetails.jsonSyntax, params: { line: '3', column: '43' } });
  });

  it('reads each file from its source once, its categories listed after its annotations, and leaves nothing on disk', async () => {
    const spills = async () => (await readdir(tmpdir())).filter((name) => name.startsWith('annot-spill-')).length;
    const before = await spills();
    const annotations = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, image_id: (i % 3) + 1, category_id: 1, bbox: [1, 2, 3, 4 + i] }));
    const text = JSON.stringify({ images: [1, 2, 3].map((id) => ({ id, file_name: `${id}.jpg`, width: 64, height: 48 })), annotations, categories: [{ id: 1, name: 'car' }] });
    let opened = 0;
    const file = streamedFile('instances.json', text);
    const counted = { ...file, open: () => ((opened += 1), file.open()) };
    const environment = { targets: [], tools: [], mode: 'all' as const, chunkSize: 2, write: async () => {}, progress: async () => {} };
    const outcome = await importCocoStreamed([counted], environment);
    expect(opened).toBe(1);
    // The batch holds none of the pictures: every annotation, read back after the parse, is dropped with its picture.
    expect(outcome.refusals).toEqual([]);
    expect(outcome.warnings.map((w) => w.params?.value)).toEqual(['1.jpg', '2.jpg', '3.jpg']);
    expect(outcome.dropped.objects.toSorted()).toEqual(annotations.map((_, i) => `instances.json annotations[${i}]`).toSorted());
    expect(outcome.written).toBe(false);
    expect(await spills()).toBe(before);
  });

  it('names the end of a file cut short', async () => {
    const [refusal] = await refusalsOf('{"images": [{"id": 1, "file_name": "a.jpg"}],\n"annotations": [');
    expect(readMessageRef(String(refusal.params?.detail)).params).toEqual({ line: '2', column: '17' });
  });
});
