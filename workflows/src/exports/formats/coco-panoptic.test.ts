import { describe, expect, it } from 'vitest';
import { cocoPanopticEncoder } from './coco-panoptic';
import { annotationDecoders } from './index';
import { maskContext, maskItem, paintedAreas, pixelsOf } from './masks.test-support';
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
  it('is not read back', () => {
    expect(annotationDecoders.coco_panoptic(files, { rule: null, sizeOf: () => null }).refusals).toEqual([
      { source: files[0].path, reasonKey: 'exports.import.export_only', params: { format: 'COCO panoptic' } },
    ]);
  });
});
