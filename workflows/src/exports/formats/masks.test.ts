import { describe, expect, it } from 'vitest';
import type { ExportItem } from '../format';
import { masksEncoder } from './masks';
import { maskContext, maskItem, paintedAreas, pixelsOf } from './masks.test-support';
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
