import { describe, expect, it } from 'vitest';
import { segmentShape } from '../items/result.schema';
import { addPoints, labelArray, removePoints, segmentFromIndices, segmentFromMask, segmentIndices, segmentSize, segmentToMask } from './segments';

const mask = (...bits: number[]) => Uint8Array.from(bits);

describe('segmentFromMask', () => {
  it('starts with an unlabelled run, alternates, and adds up to the cloud', () => {
    const shape = segmentFromMask(mask(0, 0, 1, 1, 1, 0, 1, 0, 0));
    expect(shape).toEqual({ type: 'segment', pointCount: 9, counts: [2, 3, 1, 1, 2] });
    expect(segmentShape.safeParse(shape).success).toBe(true);
  });
  it('writes an empty first run where point 0 is labelled', () => {
    expect(segmentFromMask(mask(1, 0, 0)).counts).toEqual([0, 1, 2]);
  });
  it('gives one unlabelled run where no point is labelled', () => {
    expect(segmentFromMask(mask(0, 0, 0, 0)).counts).toEqual([4]);
  });
  it('gives an empty run then one labelled run where every point is', () => {
    expect(segmentFromMask(mask(1, 1, 1)).counts).toEqual([0, 3]);
  });
});

describe('segmentFromIndices', () => {
  it('encodes as the same mask would', () => {
    const bits = mask(1, 1, 0, 1, 0, 0, 1, 1, 1, 0);
    const indices = [...bits.keys()].filter((i) => bits[i]);
    expect(segmentFromIndices(indices, bits.length)).toEqual(segmentFromMask(bits));
  });
  it('covers empty, every point and the last point', () => {
    expect(segmentFromIndices([], 5).counts).toEqual([5]);
    expect(segmentFromIndices([0, 1, 2, 3, 4], 5).counts).toEqual([0, 5]);
    expect(segmentFromIndices([4], 5).counts).toEqual([4, 1]);
  });
  it('ignores repeats and indices outside the cloud', () => {
    expect(segmentFromIndices([-1, 1, 1, 2, 2, 7], 5).counts).toEqual([1, 2, 2]);
  });
});

describe('segmentToMask', () => {
  it('decodes what was encoded', () => {
    const bits = mask(1, 0, 1, 1, 0, 0, 0, 1);
    expect(segmentToMask(segmentFromMask(bits))).toEqual(bits);
  });
  it('clears and reuses a given mask', () => {
    const into = new Uint8Array(4).fill(1);
    expect(segmentToMask({ type: 'segment', pointCount: 4, counts: [1, 1, 2] }, into)).toEqual(mask(0, 1, 0, 0));
  });
  it('lists and counts the labelled points', () => {
    const shape = segmentFromIndices([0, 3, 4, 9], 10);
    expect([...segmentIndices(shape)]).toEqual([0, 3, 4, 9]);
    expect(segmentSize(shape)).toBe(4);
  });
});

describe('addPoints and removePoints', () => {
  it('grows a segment, joining runs that meet', () => {
    const shape = segmentFromIndices([1, 2, 5], 8);
    expect([...segmentIndices(addPoints(shape, [3, 4, 7]))]).toEqual([1, 2, 3, 4, 5, 7]);
    expect(addPoints(shape, [3, 4]).counts).toEqual([1, 5, 2]);
  });
  it('shrinks a segment down to nothing', () => {
    const shape = segmentFromIndices([0, 1, 2], 4);
    expect(removePoints(shape, [1]).counts).toEqual([0, 1, 1, 1, 1]);
    expect(removePoints(shape, [0, 1, 2]).counts).toEqual([4]);
  });
});

describe('labelArray', () => {
  it('gives 0 to unlabelled points and lets a later segment win', () => {
    const car = segmentFromIndices([0, 1, 2, 3], 8);
    const person = segmentFromIndices([3, 4], 8);
    expect([...labelArray([{ label: 1, shape: car }, { label: 2, shape: person }], 8)]).toEqual([1, 1, 1, 2, 2, 0, 0, 0]);
    expect([...labelArray([{ label: 2, shape: person }, { label: 1, shape: car }], 8)]).toEqual([1, 1, 1, 1, 2, 0, 0, 0]);
  });
  it('holds labels past 255 and is all zeros without segments', () => {
    expect([...labelArray([{ label: 300, shape: segmentFromIndices([1], 3) }], 3)]).toEqual([0, 300, 0]);
    expect([...labelArray([], 3)]).toEqual([0, 0, 0]);
  });
  it('cuts runs that reach past the cloud', () => {
    expect([...labelArray([{ label: 5, shape: { type: 'segment', pointCount: 10, counts: [2, 8] } }], 4)]).toEqual([0, 0, 5, 5]);
  });
  it('encodes, labels and grows a million-point cloud of thousands of runs', () => {
    const count = 1_200_000;
    const bits = new Uint8Array(count);
    for (let i = 0; i < count; i++) bits[i] = (i >> 7) % 3 === 0 ? 1 : 0;
    const shape = segmentFromMask(bits);
    const labels = labelArray([{ label: 7, shape }], count);
    const grown = addPoints(shape, Uint32Array.from({ length: 1000 }, (_, i) => i * 1000));
    expect(shape.counts.length).toBeGreaterThan(6000);
    expect(labels[0]).toBe(7);
    expect(labels[128]).toBe(0);
    expect(segmentSize(grown)).toBe(segmentSize(shape) + [...Array(1000).keys()].filter((i) => !bits[i * 1000]).length);
  });
});
