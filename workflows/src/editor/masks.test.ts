import { describe, expect, it } from 'vitest';
import { resultShape } from '../items/result.schema';
import {
  emptyLabelMap,
  encodeMask,
  fillPolygon,
  fillRest,
  labelAreas,
  labelMapOf,
  maskArea,
  maskBounds,
  maskHas,
  maskLength,
  maskOfLabel,
  overlappingMasks,
  paintStroke,
} from './masks';

/** A picture of a label map, one character a pixel, for readable expectations. */
const picture = (map: { width: number; labels: Uint16Array }) =>
  Array.from({ length: map.labels.length / map.width }, (_, y) => [...map.labels.slice(y * map.width, (y + 1) * map.width)].join(''));

describe('encodeMask', () => {
  it('counts runs by rows, starting with the unpainted run, adding up to the frame', () => {
    const painted = new Set([0, 1, 5, 6, 7]);
    const mask = encodeMask(4, 2, (offset) => painted.has(offset));
    expect(mask).toEqual({ type: 'mask', width: 4, height: 2, counts: [0, 2, 3, 3] });
    expect(maskLength(mask)).toBe(8);
    expect(maskArea(mask)).toBe(5);
    expect(resultShape.parse(mask)).toEqual(mask);
  });
  it('gives an empty mask one unpainted run', () => {
    expect(encodeMask(3, 3, () => false).counts).toEqual([9]);
  });
  it('round-trips through a label map', () => {
    const mask = encodeMask(5, 4, (offset) => offset % 3 === 0);
    const map = labelMapOf(5, 4, [mask]);
    expect(maskOfLabel(map, 1)).toEqual(mask);
  });
});

describe('paintStroke', () => {
  it('paints the pixels whose centres lie within the brush', () => {
    const map = paintStroke(emptyLabelMap(5, 5), [{ x: 2.5, y: 2.5 }], 3, { label: 1 });
    expect(picture(map)).toEqual(['00000', '01110', '01110', '01110', '00000']);
  });
  it('leaves no gaps along a fast stroke', () => {
    const map = paintStroke(emptyLabelMap(10, 1), [{ x: 0.5, y: 0.5 }, { x: 9.5, y: 0.5 }], 1, { label: 2 });
    expect(picture(map)).toEqual(['2222222222']);
  });
  it('takes pixels away from the region painted before, so regions never overlap', () => {
    const first = fillRest(emptyLabelMap(4, 1), 1);
    const second = paintStroke(first, [{ x: 2, y: 0.5 }], 2, { label: 2 });
    expect(picture(second)).toEqual(['1221']);
    expect(overlappingMasks([maskOfLabel(second, 1), maskOfLabel(second, 2)])).toEqual([]);
  });
  it('erases everything it reaches, or only the region it is told to', () => {
    const map = labelMapOf(4, 1, [encodeMask(4, 1, (o) => o < 2), encodeMask(4, 1, (o) => o >= 2)]);
    expect(picture(paintStroke(map, [{ x: 2, y: 0.5 }], 2, { label: 0 }))).toEqual(['1002']);
    expect(picture(paintStroke(map, [{ x: 2, y: 0.5 }], 2, { label: 0, only: 2 }))).toEqual(['1102']);
  });
  it('does not change the map it was given', () => {
    const map = emptyLabelMap(2, 2);
    paintStroke(map, [{ x: 1, y: 1 }], 4, { label: 1 });
    expect([...map.labels]).toEqual([0, 0, 0, 0]);
  });
});

describe('fillPolygon', () => {
  it('fills the pixels whose centres are inside', () => {
    const square = [{ x: 1, y: 1 }, { x: 4, y: 1 }, { x: 4, y: 3 }, { x: 1, y: 3 }];
    expect(picture(fillPolygon(emptyLabelMap(5, 4), square, { label: 3 }))).toEqual(['00000', '03330', '03330', '00000']);
  });
  it('clips at the frame', () => {
    const big = [{ x: -10, y: -10 }, { x: 10, y: -10 }, { x: 10, y: 10 }, { x: -10, y: 10 }];
    expect(labelAreas(fillPolygon(emptyLabelMap(3, 2), big, { label: 1 }), 1)).toEqual([0, 6]);
  });
});

describe('fillRest', () => {
  it('gives the unpainted pixels to one region and keeps the others', () => {
    const map = paintStroke(emptyLabelMap(3, 1), [{ x: 0.5, y: 0.5 }], 1, { label: 1 });
    expect(picture(fillRest(map, 2))).toEqual(['122']);
  });
});

describe('overlappingMasks', () => {
  it('names the pairs that share a pixel', () => {
    const a = encodeMask(4, 4, (o) => o < 6);
    const b = encodeMask(4, 4, (o) => o >= 10);
    const c = encodeMask(4, 4, (o) => o === 5);
    expect(overlappingMasks([a, b])).toEqual([]);
    expect(overlappingMasks([a, b, c])).toEqual([[0, 2]]);
  });
});

describe('maskBounds', () => {
  it('is the box around the painted pixels', () => {
    expect(maskBounds(encodeMask(5, 5, (o) => o === 7 || o === 13))).toEqual([2, 1, 2, 2]);
    expect(maskBounds(encodeMask(5, 5, (o) => o >= 4 && o <= 6))).toEqual([0, 0, 5, 2]);
    expect(maskBounds(encodeMask(2, 2, () => false))).toEqual([0, 0, 0, 0]);
  });
});

describe('maskHas', () => {
  it('answers whether the pixel under a point is painted', () => {
    const mask = encodeMask(3, 3, (o) => o === 4);
    expect(maskHas(mask, { x: 1.5, y: 1.2 })).toBe(true);
    expect(maskHas(mask, { x: 0.5, y: 1.2 })).toBe(false);
    expect(maskHas(mask, { x: -1, y: 1 })).toBe(false);
  });
});
