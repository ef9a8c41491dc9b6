// COCO as a reader of instances.json sees it: the documented info/images/annotations/categories structure, one
// image per frame of a sequence, the shapes COCO cannot hold left out, and the same document imported back.
import { describe, expect, it } from 'vitest';
import type { Keyframe, ResultObject } from '../../items/result.schema';
import { importDetails, importReasons, type ImportedFile, importWarnings } from '../format';
import { messageRef } from '../../i18n/message-ref';
import { itemFinder } from '../import-matching';
import { cocoDocumentPath, cocoEncoder, decodeCoco } from './coco';
import { context, encodeAll, item, sizeOf, text } from './round-trip.test-support';

const decodeContext = { rule: null, sizeOf };
const instances = (files: ImportedFile[]) => JSON.parse(text(files, cocoDocumentPath));
const upload = (document: unknown, path = 'instances.json'): ImportedFile => ({ path, content: Buffer.from(JSON.stringify(document)) });

const keyframe = (frame: number, shape: Keyframe['shape'], over: Partial<Keyframe> = {}): Keyframe => ({ frame, shape, attributes: {}, outside: false, source: 'drawn', ...over });
const track = (id: string, toolIndex: number, keyframes: Keyframe[], over: Partial<ResultObject> = {}): ResultObject => ({
  id,
  toolId: context.tools[toolIndex].toolId,
  toolVersion: 1,
  templateType: context.tools[toolIndex].definition.templateType,
  className: null,
  attributes: {},
  group: null,
  keyframes,
  ...over,
});

describe(cocoEncoder.name, () => {
  describe('finish', () => {
    it('writes one document: info, licenses, images, annotations, then the categories', () => {
      const coco = instances(encodeAll(cocoEncoder, [item()]));
      expect(Object.keys(coco)).toEqual(['info', 'licenses', 'images', 'annotations', 'categories']);
      expect(coco.info).toMatchObject({ description: 'Urban streets', date_created: '2026-11-24T00:00:00.000Z' });
      expect(coco.licenses).toEqual([]);
    });

    it('numbers categories from 1 in the tools’ order, then classes first seen, with the template type as supercategory', () => {
      const bus = track('bus-1', 0, [keyframe(0, { type: 'box', x: 1, y: 2, width: 3, height: 4 })], { className: 'Bus' });
      const coco = instances(encodeAll(cocoEncoder, [item({ result: { frameCount: 1, attributes: {}, objects: [bus] } })]));
      expect(coco.categories).toEqual([
        { id: 1, name: 'Vehicle', supercategory: 'box' },
        { id: 2, name: 'Drivable area', supercategory: 'polygon' },
        { id: 3, name: 'Lane', supercategory: 'line' },
        { id: 4, name: 'Bus', supercategory: 'object' },
      ]);
      expect(coco.annotations[0].category_id).toBe(4);
    });
  });

  describe('item', () => {
    const files = encodeAll(cocoEncoder, [item(), item({ itemId: 'b', fileName: 'frames/0002.png', index: 2, mediaPath: 'images/Week 1/frames/0002.png', effective: false })]);
    const coco = instances(files);

    it('lists each picture as an image named by its media path, with its size and whether it is valid', () => {
      expect(coco.images).toEqual([
        { id: 1, file_name: 'images/Week 1/frames/0001.png', width: 640, height: 480, valid: true },
        { id: 2, file_name: 'images/Week 1/frames/0002.png', width: 640, height: 480, valid: false },
      ]);
    });

    it('writes a box as its bbox and area, with the object’s attributes and its id as track_id', () => {
      expect(coco.annotations[0]).toEqual({
        id: 1,
        image_id: 1,
        category_id: 1,
        bbox: [100.25, 50.5, 120, 80],
        area: 9600,
        segmentation: [],
        iscrowd: 0,
        attributes: { category: 'car', lights: ['brake', 'left'], track_id: 'car-1' },
      });
    });

    it('writes a polygon as one segmentation ring, its bounds as bbox and its shoelace area', () => {
      expect(coco.annotations[1]).toMatchObject({ category_id: 2, bbox: [10, 240, 620, 160], area: 49600, segmentation: [[10, 400, 630, 400, 320, 240]], iscrowd: 0 });
    });

    it('leaves out lines, curves and points, which COCO detection cannot hold, and counts annotation ids on across items', () => {
      const other = [
        track('curve-1', 2, [keyframe(0, { type: 'curve', points: [{ x: 0, y: 0 }, { x: 5, y: 5 }] })]),
        track('point-1', 2, [keyframe(0, { type: 'point', x: 3, y: 4 })]),
        track('car-2', 0, [keyframe(0, { type: 'box', x: 0.1234567891, y: 2, width: 3.5, height: 4 })]),
      ];
      const encoder = cocoEncoder(context);
      expect(encoder.item(item()).objects).toBe(2);
      const second = encoder.item(item({ index: 2, result: { frameCount: 1, attributes: {}, objects: other } }));
      expect(second.objects).toBe(1);
      expect(JSON.parse(second.sections!.annotations[0])).toMatchObject({ id: 3, image_id: 2, bbox: [0.1234567891, 2, 3.5, 4], area: 14 });
    });
  });

  describe('item of a sequence', () => {
    const car = track('car-1', 0, [
      keyframe(0, { type: 'box', x: 0, y: 0, width: 10, height: 10 }, { attributes: { light: 'off' } }),
      keyframe(2, { type: 'box', x: 20, y: 10, width: 30, height: 10 }, { attributes: { light: 'on' } }),
      keyframe(3, null, { outside: true }),
    ]);
    const coco = instances(encodeAll(cocoEncoder, [item({ result: { frameCount: 4, attributes: {}, objects: [car] } }), item({ index: 2, fileName: 'frames/0002.png', mediaPath: 'images/Week 1/frames/0002.png' })]));

    it('gives every frame an image of its own, named <media path>#<frame>, and ids go on with the next item', () => {
      expect(coco.images.map((i: { id: number; file_name: string }) => [i.id, i.file_name])).toEqual([
        [1, 'images/Week 1/frames/0001.png#0'],
        [2, 'images/Week 1/frames/0001.png#1'],
        [3, 'images/Week 1/frames/0001.png#2'],
        [4, 'images/Week 1/frames/0001.png#3'],
        [5, 'images/Week 1/frames/0002.png'],
      ]);
    });

    it('writes the shape and frame values at each frame, interpolated between keyframes, and nothing once the object is outside', () => {
      const ofCar = coco.annotations.filter((a: { image_id: number }) => a.image_id <= 4);
      expect(ofCar.map((a: { image_id: number; bbox: number[]; attributes: { light: string } }) => [a.image_id, a.bbox, a.attributes.light])).toEqual([
        [1, [0, 0, 10, 10], 'off'],
        [2, [10, 5, 20, 10], 'off'],
        [3, [20, 10, 30, 10], 'on'],
      ]);
    });
  });
});

describe(decodeCoco.name, () => {
  it('reads its own export back: classes, exact shapes, attributes with lists, and track ids', () => {
    const { items, refusals } = decodeCoco(encodeAll(cocoEncoder, [item()]), decodeContext);
    expect(refusals).toEqual([]);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ fileName: 'images/Week 1/frames/0001.png', source: 'annotations/instances.json images[0]' });
    expect(items[0].objects).toEqual([
      { source: 'annotations/instances.json annotations[0]', className: 'Vehicle', shape: { type: 'box', x: 100.25, y: 50.5, width: 120, height: 80 }, attributes: { category: 'car', lights: ['brake', 'left'] }, id: 'car-1' },
      { source: 'annotations/instances.json annotations[1]', className: 'Drivable area', shape: { type: 'polygon', points: [{ x: 10, y: 400 }, { x: 630, y: 400 }, { x: 320, y: 240 }] }, attributes: {}, id: 'road-1' },
    ]);
  });

  it('names items by file_name, which the importer matches by the exact name, then by the end of the path', () => {
    const find = itemFinder([{ itemId: 'a', fileName: 'frames/0001.png', width: 640, height: 480, waiting: true }]);
    const { items } = decodeCoco(encodeAll(cocoEncoder, [item()]), decodeContext);
    expect(find(items[0].fileName)?.itemId).toBe('a');
  });

  it('reads a sequence’s frame 0 as the item and leaves its later frames out', () => {
    const car = track('car-1', 0, [keyframe(0, { type: 'box', x: 0, y: 0, width: 10, height: 10 }), keyframe(2, { type: 'box', x: 20, y: 10, width: 30, height: 10 })]);
    const { items, refusals } = decodeCoco(encodeAll(cocoEncoder, [item({ result: { frameCount: 3, attributes: {}, objects: [car] } })]), decodeContext);
    expect(refusals).toEqual([]);
    expect(items.map((i) => [i.fileName, i.objects.map((o) => o.shape)])).toEqual([['images/Week 1/frames/0001.png', [{ type: 'box', x: 0, y: 0, width: 10, height: 10 }]]]);
  });

  it('reads another tool’s document: category ids as given, boxes from bbox, numeric track ids as text, images without annotations', () => {
    const document = {
      images: [{ id: 7, file_name: '0001.jpg' }, { id: 8, file_name: '0002.jpg' }],
      categories: [{ id: 3, name: 'car' }, { id: 12, name: 'person' }],
      annotations: [
        { id: 1, image_id: 7, category_id: 12, bbox: [1.5, 2, 3, 4], area: 12, iscrowd: 0 },
        { id: 2, image_id: 7, category_id: 3, bbox: [0, 0, 9, 9], segmentation: [[0, 0, 9, 0, 9, 9], [1, 1, 2, 1, 2, 2]], attributes: { occluded: false, track_id: 4 } },
      ],
    };
    const { items, refusals } = decodeCoco([upload(document)], decodeContext);
    expect(refusals).toEqual([]);
    expect(items.map((i) => i.fileName)).toEqual(['0001.jpg', '0002.jpg']);
    expect(items[1].objects).toEqual([]);
    expect(items[0].objects).toEqual([
      expect.objectContaining({ className: 'person', shape: { type: 'box', x: 1.5, y: 2, width: 3, height: 4 }, attributes: {} }),
      expect.objectContaining({ className: 'car', shape: { type: 'polygon', points: [{ x: 0, y: 0 }, { x: 9, y: 0 }, { x: 9, y: 9 }] }, attributes: { occluded: 'false' }, id: '4' }),
    ]);
  });

  it('refuses each bad annotation where it is: unknown category, a bad box, a short ring, an unreadable RLE mask; skips one of no listed image with a warning', () => {
    const document = {
      images: [{ id: 1, file_name: 'a.png' }],
      categories: [{ id: 1, name: 'Vehicle' }],
      annotations: [
        { image_id: 1, category_id: 9, bbox: [0, 0, 1, 1] },
        { image_id: 5, category_id: 1, bbox: [0, 0, 1, 1] },
        { image_id: 1, category_id: 1, bbox: [0, 0, -1, 1] },
        { image_id: 1, category_id: 1, segmentation: [[0, 0, 1, 1]] },
        { image_id: 1, category_id: 1, segmentation: { counts: 'x', size: [2, 2] }, iscrowd: 1 },
        { image_id: 1, category_id: 1, bbox: [0, 0, 2, 2] },
      ],
    };
    const { items, refusals, warnings } = decodeCoco([upload(document)], decodeContext);
    expect(refusals.map((r) => [r.source, r.reasonKey, r.params?.value])).toEqual([
      ['instances.json annotations[0]', importReasons.unknownClass, '9'],
      ['instances.json annotations[2]', importReasons.wrongGeometry, undefined],
      ['instances.json annotations[3]', importReasons.wrongGeometry, undefined],
      ['instances.json annotations[4]', importReasons.wrongGeometry, undefined],
    ]);
    expect(warnings).toEqual([{ source: 'instances.json annotations[1]', reasonKey: importWarnings.noImage, params: { value: '5' } }]);
    expect(items[0].objects).toHaveLength(1);
  });

  it('refuses a file that is not a COCO document once, an image without a name by its index, and reads the other files', () => {
    const good = upload({ images: [{ id: 1 }, { id: 2, file_name: 'b.png' }], annotations: [], categories: [] }, 'good.json');
    const { items, refusals } = decodeCoco([{ path: 'broken.json', content: Buffer.from('{') }, upload({ images: [], annotations: [] }, 'partial.json'), good], decodeContext);
    expect(refusals.map((r) => [r.source, r.reasonKey])).toEqual([
      ['broken.json', importReasons.malformed],
      ['partial.json', importReasons.malformed],
      ['good.json images[0]', importReasons.malformed],
    ]);
    expect(refusals[1].params?.detail).toBe(messageRef(importDetails.missingLists, { lists: 'categories' }));
    expect(items.map((i) => i.fileName)).toEqual(['b.png']);
  });

  it('says there is nothing to read when no .json file was uploaded', () => {
    expect(decodeCoco([{ path: 'labels/a.txt', content: Buffer.from('') }], decodeContext).refusals).toEqual([{ source: 'labels/a.txt', reasonKey: importReasons.noFiles }]);
  });
});
