import { describe, expect, it } from 'vitest';
import { maskArea } from '../../editor/masks';
import type { MaskShape } from '../../items/result.schema';
import { type ExportItem, type ImportedFile, importDetails, importReasons, importWarnings } from '../format';
import { matchImport } from '../import-matching';
import { cocoPanopticEncoder } from './coco-panoptic';
import { annotationDecoders } from './index';
import { maskContext, maskDecodeContext, maskItem, maskTargets, paintedAreas, pixelsOf, rgbPng } from './masks.test-support';
import { encodeAll, item, text } from './round-trip.test-support';

describe('cocoPanopticEncoder', () => {
  const files = encodeAll(cocoPanopticEncoder, [maskItem], maskContext);
  const document = JSON.parse(text(files, 'annotations/panoptic.json'));

  it('lists the mask classes with isthing from their tools', () => {
    expect(document.categories).toEqual([
      { id: 1, name: 'car', supercategory: 'mask', isthing: 1 },
      { id: 2, name: 'road', supercategory: 'mask', isthing: 0 },
      { id: 3, name: 'sky', supercategory: 'mask', isthing: 0 },
    ]);
  });
  it('gives each car a segment of its own and each stuff class one, with the areas painted', () => {
    const [annotation] = document.annotations;
    expect(annotation.file_name).toBe('Week 2/street.png');
    expect(annotation.segments_info.map((s: { category_id: number; area: number; object_ids: string[] }) => [s.category_id, s.area, s.object_ids])).toEqual([
      [1, paintedAreas.cars[0], ['car-1']],
      [1, paintedAreas.cars[1], ['car-2']],
      [2, paintedAreas.road, ['road-1']],
      [3, paintedAreas.sky, ['sky-1']],
    ]);
    expect(document.images).toEqual([{ id: 1, file_name: 'images/Week 2/street.png', width: 40, height: 30 }]);
  });
  it("colours every pixel with its segment's id", () => {
    const pixels = pixelsOf(files, 'panoptic/Week 2/street.png');
    const count = (id: number) => pixels.filter(([r, g, b]) => r + 256 * g + 65536 * b === id).length;
    expect([count(1), count(2), count(3), count(4)]).toEqual([...paintedAreas.cars, paintedAreas.road, paintedAreas.sky]);
    expect(count(0)).toBe(0);
    expect(document.annotations[0].segments_info[0].bbox).toEqual([2, 15, 10, 9]);
  });
  it('writes nothing for an item without masks', () => {
    const plain = encodeAll(cocoPanopticEncoder, [item()]);
    expect(JSON.parse(text(plain, 'annotations/panoptic.json')).annotations).toEqual([]);
  });
});

describe('decodeCocoPanoptic', () => {
  const files = encodeAll(cocoPanopticEncoder, [maskItem], maskContext);
  const matched = (upload: ImportedFile[]) => matchImport(annotationDecoders.coco_panoptic(upload, maskDecodeContext()), maskTargets, maskContext.tools);

  it('reads its own export back to the same objects, each car apart, and exports them again byte for byte', () => {
    const { items, refusals, warnings } = matched(files);
    expect([refusals, warnings]).toEqual([[], []]);
    const objects = items[0].result.objects;
    expect(objects.map((o) => [o.id, o.toolId])).toEqual(maskItem.result.objects.map((o) => [o.id, o.toolId]));
    expect(objects.map((o) => o.keyframes[0].shape)).toEqual(maskItem.result.objects.map((o) => o.keyframes[0].shape));
    const again = encodeAll(cocoPanopticEncoder, [{ ...maskItem, result: items[0].result }], maskContext);
    expect(again).toEqual(files);
  });

  it("places a sequence's frames by the exports' frame stems, each segment's track ending where its masks end", () => {
    const objects = maskItem.result.objects.map((o) => (o.id === 'road-1' ? { ...o, keyframes: [o.keyframes[0], { ...o.keyframes[0], frame: 1, source: 'copied' as const }] } : o));
    const frames = [0, 1, 2].map((n) => ({ mediaPath: `images/Week 2/drive/f${n}.png`, width: 40, height: 30, timestamp: null }));
    const drive: ExportItem = { ...maskItem, itemId: maskTargets[1].itemId, fileName: 'drive', mediaPath: 'images/Week 2/drive', frames, result: { frameCount: 3, attributes: {}, objects } };
    const exported = encodeAll(cocoPanopticEncoder, [drive], maskContext);
    const { items, refusals } = matched(exported);
    expect(refusals).toEqual([]);
    expect(items[0].target.fileName).toBe('drive');
    expect(encodeAll(cocoPanopticEncoder, [{ ...drive, result: items[0].result }], maskContext)).toEqual(exported);
  });

  describe('as COCO ships it', () => {
    const [w, h] = [40, 30];
    // Two cars (ids 7 and 9), one road in two parts (ids 20 and 21), a person the project has no tool for, and a stray id 99.
    const colourAt = (x: number, y: number): [number, number, number] => (y < 5 ? [99, 0, 0] : x < 10 ? [7, 0, 0] : x < 20 ? [9, 0, 0] : y < 15 ? [20, 0, 0] : y < 25 ? [21, 0, 0] : [44, 1, 0]);
    const document = (segments: object[], png = 'street.png') => ({
      images: [{ id: 1, file_name: 'street.jpg', width: w, height: h }],
      annotations: [{ image_id: 1, file_name: png, segments_info: segments }],
      categories: [{ id: 1, name: 'car', isthing: 1 }, { id: 2, name: 'road', isthing: 0 }, { id: 3, name: 'person', isthing: 1 }],
    });
    const segments = [{ id: 7, category_id: 1, iscrowd: 0 }, { id: 9, category_id: 1, iscrowd: 0 }, { id: 20, category_id: 2 }, { id: 21, category_id: 2 }, { id: 44 + 256, category_id: 3 }];
    const upload = (doc: object, png: Buffer = rgbPng(w, h, colourAt)): ImportedFile[] => [
      { path: 'annotations/panoptic_val2017.json', content: Buffer.from(JSON.stringify(doc)) },
      { path: 'annotations/panoptic_val2017/street.png', content: png },
    ];

    it('keeps things apart and joins a stuff class, warning of a class without a tool and of pixels no segment lists', () => {
      const { items, refusals, warnings } = matched(upload(document(segments)));
      expect(refusals).toEqual([]);
      const objects = items[0].result.objects;
      expect(objects.map((o) => o.id)).toEqual(['car-7', 'car-9', 'road']);
      const area = (id: string) => maskArea(objects.find((o) => o.id === id)!.keyframes[0].shape as MaskShape);
      expect([area('car-7'), area('car-9'), area('road')]).toEqual([10 * 25, 10 * 25, 20 * 20]);
      expect(warnings).toEqual([
        { source: 'annotations/panoptic_val2017/street.png', reasonKey: importWarnings.segmentUnlisted, params: { value: 99 } },
        { source: 'annotations/panoptic_val2017.json annotations[0] segments_info[4]', reasonKey: importWarnings.ignoreRegion, params: { value: 'person' } },
      ]);
    });

    it('refuses a PNG of another size than its image, an unknown category id, a PNG the upload lacks and an annotation without segments, writing none of their items', () => {
      const small = matched(upload(document(segments), rgbPng(20, 10, () => [7, 0, 0])));
      expect(small.items).toEqual([]);
      expect(small.refusals).toEqual([{ source: 'annotations/panoptic_val2017/street.png', reasonKey: importReasons.pngSize, params: { width: 20, height: 10, value: 'street.jpg', expectedWidth: 40, expectedHeight: 30 } }]);
      const unknown = matched(upload(document([...segments, { id: 5, category_id: 12 }])));
      expect([unknown.items, unknown.refusals]).toEqual([[], [{ source: 'annotations/panoptic_val2017.json annotations[0] segments_info[5]', reasonKey: importReasons.unknownClass, params: { value: '12' } }]]);
      const missing = matched(upload(document(segments, 'elsewhere.png')));
      expect(missing.refusals).toEqual([{ source: 'annotations/panoptic_val2017.json annotations[0]', reasonKey: importReasons.pngMissing, params: { value: 'elsewhere.png' } }]);
      const listless = matched(upload({ ...document(segments), annotations: [{ image_id: 1, file_name: 'street.png' }] }));
      expect([listless.items, listless.refusals]).toEqual([[], [{ source: 'annotations/panoptic_val2017.json annotations[0]', reasonKey: importReasons.malformed, params: { format: 'COCO panoptic', detail: importDetails.panopticAnnotation } }]]);
      const broken = matched([{ path: 'annotations/panoptic_val2017.json', content: Buffer.from(JSON.stringify(document(segments))) }, { path: 'annotations/panoptic_val2017/street.png', content: Buffer.from('not a png') }]);
      expect(broken.refusals).toEqual([{ source: 'annotations/panoptic_val2017/street.png', reasonKey: importReasons.pngUnreadable }]);
    });
  });
});
