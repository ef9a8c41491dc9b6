import { describe, expect, it } from 'vitest';
import type { AnnotationDecoder } from './format';
import { decodeThroughGate } from './import-gate';

const context = { rule: null, sizeOf: () => null };
/** A decoder that reads each file's text as one item of one object named by it. */
const byName: AnnotationDecoder = (files) => ({
  items: files.map((f) => ({ fileName: f.path, source: f.path, objects: [{ source: f.path, className: f.content.toString('utf8'), shape: { type: 'point', x: 0, y: 0 }, attributes: {} }] })),
  refusals: [],
});

describe(decodeThroughGate.name, () => {
  it('refuses a text file that is not storable text on its own and decodes the rest', () => {
    const outcome = decodeThroughGate(byName, [{ path: 'a.txt', content: Buffer.from('car') }, { path: 'b.txt', content: Buffer.from([0x63, 0x00]) }], context);
    expect(outcome.items.map((i) => i.fileName)).toEqual(['a.txt']);
    expect(outcome.refusals).toEqual([{ source: 'b.txt', reasonKey: 'validation.invalid_characters', params: { field: 'b.txt' } }]);
  });

  it('refuses a JSON file nested too deep, and leaves a file that is no JSON to the decoder', () => {
    const deep = Buffer.from(`{"a":${'['.repeat(40)}${']'.repeat(40)}}`);
    const outcome = decodeThroughGate(byName, [{ path: 'deep.json', content: deep }, { path: 'broken.json', content: Buffer.from('{') }], context);
    expect(outcome.refusals).toEqual([expect.objectContaining({ source: 'deep.json', reasonKey: 'validation.too_deep' })]);
    expect(outcome.items.map((i) => i.fileName)).toEqual(['broken.json']);
  });

  it('takes a data set whose lists hold more entries than a request body may hold values, each entry within bounds', () => {
    const annotations = Array.from({ length: 60_000 }, (_, i) => ({ id: i, image_id: 1, category_id: 1, bbox: [1, 2, 3, 4], segmentation: [] }));
    const big = Buffer.from(JSON.stringify({ images: [{ id: 1, file_name: 'a.jpg' }], annotations, categories: [] }));
    const none: AnnotationDecoder = () => ({ items: [], refusals: [] });
    expect(decodeThroughGate(none, [{ path: 'instances.json', content: big }], context).refusals).toEqual([]);
    const oneTooLarge = Buffer.from(JSON.stringify({ annotations: [{ segmentation: Array.from({ length: 500_001 }, () => 1) }] }));
    expect(decodeThroughGate(none, [{ path: 'large.json', content: oneTooLarge }], context).refusals).toEqual([expect.objectContaining({ source: 'large.json', reasonKey: 'validation.too_many_values' })]);
  });

  it('refuses a decoded item holding text PostgreSQL would refuse, such as an entity the decoder turned into a NUL', () => {
    const entity: AnnotationDecoder = (files) => ({ ...byName(files), items: byName(files).items.map((i) => ({ ...i, objects: [{ ...i.objects[0], className: 'car\u0000' }] })) });
    const outcome = decodeThroughGate(entity, [{ path: 'a.xml', content: Buffer.from('<name>car&#0;</name>') }], context);
    expect(outcome.items).toEqual([]);
    expect(outcome.refusals).toEqual([{ source: 'a.xml', reasonKey: 'validation.invalid_characters', params: { field: 'a.xml.objects.0.className' } }]);
  });

  it('passes binary files to the decoder unread by the gate', () => {
    const seen: Buffer[] = [];
    const binary: AnnotationDecoder = (files) => (seen.push(...files.map((f) => f.content)), { items: [], refusals: [] });
    expect(decodeThroughGate(binary, [{ path: 'cloud.bin', content: Buffer.from([0, 0xff]) }], context).refusals).toEqual([]);
    expect(seen).toEqual([Buffer.from([0, 0xff])]);
  });
});
