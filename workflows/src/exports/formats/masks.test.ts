import { describe, expect, it } from 'vitest';
import { maskArea } from '../../editor/masks';
import type { MaskShape } from '../../items/result.schema';
import { type ExportItem, type ImportedFile, importDetails, importReasons, importWarnings } from '../format';
import { matchImport } from '../import-matching';
import { annotationDecoders } from './index';
import { masksEncoder } from './masks';
import { maskContext, maskDecodeContext, maskItem, maskTargets, paintedAreas, pixelsOf, rgbPng } from './masks.test-support';
import { encodeAll, text } from './round-trip.test-support';

const whiteIn = (pixels: [number, number, number][]) => pixels.filter(([grey]) => grey === 255).length;

describe('masksEncoder', () => {
  it('writes one PNG per class whose white pixels are the pixels painted', () => {
    const files = encodeAll(masksEncoder, [maskItem], maskContext);
    expect(files.map((f) => f.path)).toEqual(['masks/Week 2/street/car.png', 'masks/Week 2/street/road.png', 'masks/Week 2/street/sky.png', 'masks/classes.txt']);
    expect(whiteIn(pixelsOf(files, 'masks/Week 2/street/car.png'))).toBe(paintedAreas.car);
    expect(whiteIn(pixelsOf(files, 'masks/Week 2/street/road.png'))).toBe(paintedAreas.road);
    expect(whiteIn(pixelsOf(files, 'masks/Week 2/street/sky.png'))).toBe(paintedAreas.sky);
    expect(paintedAreas.car + paintedAreas.road + paintedAreas.sky).toBe(40 * 30);
    expect(text(files, 'masks/classes.txt')).toBe('car\nroad\nsky\n');
  });
  it("writes a sequence's frames each in a folder of their own, with the masks in the scene there", () => {
    const sequence: ExportItem = { ...maskItem, result: { ...maskItem.result, frameCount: 2 } };
    const paths = encodeAll(masksEncoder, [sequence], maskContext).map((f) => f.path);
    expect(paths).toContain('masks/Week 2/street/000000/road.png');
    expect(paths).not.toContain('masks/Week 2/street/000001/road.png');
  });
  it('writes a mask on the frames up to its last keyframe, never past it', () => {
    const copied = (object: ExportItem['result']['objects'][number]) => ({ ...object, keyframes: [...object.keyframes, { ...object.keyframes[0], frame: 2, source: 'copied' as const }] });
    const objects = maskItem.result.objects.map((o) => (o.id === 'road-1' ? copied(o) : o));
    const sequence: ExportItem = { ...maskItem, result: { ...maskItem.result, frameCount: 6, objects } };
    const paths = encodeAll(masksEncoder, [sequence], maskContext).map((f) => f.path);
    expect(paths.filter((p) => p.endsWith('/road.png'))).toEqual(['masks/Week 2/street/000000/road.png', 'masks/Week 2/street/000001/road.png', 'masks/Week 2/street/000002/road.png']);
    expect(paths.filter((p) => p.endsWith('/car.png'))).toEqual(['masks/Week 2/street/000000/car.png']);
  });
});

describe('decodeMasks', () => {
  const matched = (upload: ImportedFile[]) => matchImport(annotationDecoders.masks(upload, maskDecodeContext()), maskTargets, maskContext.tools);

  it('reads its own export back to one object a class, which exports again byte for byte', () => {
    const files = encodeAll(masksEncoder, [maskItem], maskContext);
    const { items, refusals, warnings } = matched(files);
    expect([refusals, warnings]).toEqual([[], []]);
    const objects = items[0].result.objects;
    expect(objects.map((o) => o.id)).toEqual(['car', 'road', 'sky']);
    expect(objects.map((o) => maskArea(o.keyframes[0].shape as MaskShape))).toEqual([paintedAreas.car, paintedAreas.road, paintedAreas.sky]);
    expect(encodeAll(masksEncoder, [{ ...maskItem, result: items[0].result }], maskContext)).toEqual(files);
  });

  describe("VOC's SegmentationClass", () => {
    const [w, h] = [40, 30];
    // Cars in VOC's own colour, road in a colour of the class table, the cream border, and a colour no class has.
    const colourAt = (x: number, y: number): [number, number, number] => (y === 0 ? [224, 224, 192] : y < 5 ? [0, 0, 0] : x < 10 ? [64, 128, 128] : x < 20 ? [128, 128, 128] : y < 20 ? [128, 64, 128] : [10, 20, 30]);
    const png = rgbPng(w, h, colourAt);
    const labelmap = '# label:color_rgb:parts:actions\nbackground:0,0,0::\ncar:128,128,128::\ncar:64,128,128::\nroad:128,64,128::\n';

    it('paints each class of the class table, background and border unpainted, and warns of a colour the table lacks', () => {
      const { items, refusals, warnings } = matched([{ path: 'SegmentationClass/street.png', content: png }, { path: 'labelmap.txt', content: Buffer.from(labelmap) }]);
      expect(refusals).toEqual([]);
      const objects = items[0].result.objects;
      expect(objects.map((o) => [o.id, maskArea(o.keyframes[0].shape as MaskShape)])).toEqual([['car', 20 * 25], ['road', 20 * 15]]);
      expect(warnings).toEqual([{ source: 'SegmentationClass/street.png', reasonKey: importWarnings.colourUnlisted, params: { value: '10,20,30' } }]);
    });

    it("takes VOC's own palette without a class table, warning of classes the project has no tool for", () => {
      // In VOC's palette 128,128,128 is car, 64,128,128 motorbike and 128,0,0 aeroplane; 128,64,128 is none of its 21.
      const { items, warnings } = matched([{ path: 'VOC2012/SegmentationClass/street.png', content: rgbPng(w, h, (x, y) => (colourAt(x, y)[0] === 10 ? [128, 0, 0] : colourAt(x, y))) }]);
      expect(items[0].result.objects.map((o) => [o.id, maskArea(o.keyframes[0].shape as MaskShape)])).toEqual([['car', 10 * 25]]);
      expect(warnings.map((w) => [w.reasonKey, w.params?.value])).toEqual([
        [importWarnings.colourUnlisted, '128,64,128'],
        [importWarnings.ignoreRegion, 'motorbike'],
        [importWarnings.ignoreRegion, 'aeroplane'],
      ]);
    });

    it('refuses a line of the class table it cannot read by its line, and a mask of another size than its item, writing nothing', () => {
      const broken = matched([{ path: 'SegmentationClass/street.png', content: png }, { path: 'labelmap.txt', content: Buffer.from(`${labelmap}sky:300,0,0::\n`) }]);
      expect(broken.refusals).toEqual([{ source: 'labelmap.txt:6', reasonKey: importReasons.malformed, params: { format: 'PNG masks', detail: importDetails.labelmapLine } }]);
      const small = matched([{ path: 'masks/street/car.png', content: rgbPng(20, 10, () => [255, 255, 255]) }]);
      expect([small.items, small.refusals]).toEqual([[], [{ source: 'masks/street/car.png', reasonKey: importReasons.pngSize, params: { width: 20, height: 10, value: 'street', expectedWidth: 40, expectedHeight: 30 } }]]);
    });
  });
});
