import { describe, expect, it } from 'vitest';
import { type EditorTool, emptyResult, encodeMask, paintStroke, propagate, type ResultDocument, shapeAt, toolInput } from '@annot/workflows';
import { frameRegions, targetRegion, withPainted } from './panoptic-regions';

const tool = (toolId: string, name: string, countable: boolean): EditorTool => ({ toolId, toolVersion: 1, definition: toolInput.parse({ name, templateType: 'mask', countable }) });
const car = tool('00000000-0000-4000-8000-000000000021', 'car', true);
const road = tool('00000000-0000-4000-8000-000000000022', 'road', false);
const size = { width: 4, height: 2 };

/** Paints a stroke along the row into a region (new when its id is not in the frame yet), on a frame (0 unless given). */
function paint(doc: ResultDocument, id: string, of: EditorTool, x: number, frame = 0): ResultDocument {
  const painted = frameRegions(doc, size, frame);
  let index = painted.regions.indexOf(id);
  if (index < 0) index = painted.regions.push(id) - 1;
  return withPainted(doc, { ...painted, map: paintStroke(painted.map, [{ x, y: 0.5 }], 2, { label: index + 1 }) }, of, frame);
}

/** Erases a stroke along the row on a frame. */
function erase(doc: ResultDocument, x: number, frame: number): ResultDocument {
  const painted = frameRegions(doc, size, frame);
  return withPainted(doc, { ...painted, map: paintStroke(painted.map, [{ x, y: 0.5 }], 2, { label: 0 }) }, undefined, frame);
}

describe('withPainted', () => {
  it('makes a new region an object of the tool, and takes its pixels from the others', () => {
    const first = paint(emptyResult(), 'road-1', road, 1);
    expect(first.objects.map((o) => [o.id, o.keyframes[0].shape])).toEqual([['road-1', encodeMask(4, 2, (o) => o < 2)]]);
    const second = paint(first, 'car-1', car, 2);
    expect(second.objects.map((o) => [o.id, o.keyframes[0].shape])).toEqual([
      ['road-1', encodeMask(4, 2, (o) => o === 0)],
      ['car-1', encodeMask(4, 2, (o) => o === 1 || o === 2)],
    ]);
  });
  it('removes a region that loses all its pixels, and leaves an untouched document as it was', () => {
    const doc = paint(paint(emptyResult(), 'road-1', road, 1), 'car-1', car, 1);
    expect(doc.objects.map((o) => o.id)).toEqual(['car-1']);
    expect(withPainted(doc, frameRegions(doc, size), car)).toBe(doc);
  });
});

describe('targetRegion', () => {
  it("continues a stuff class's one region, and a countable class's selected instance", () => {
    const doc = paint(paint(emptyResult(), 'road-1', road, 3), 'car-1', car, 1);
    expect(targetRegion(doc, road, new Set())).toBe('road-1');
    expect(targetRegion(doc, car, new Set())).toBeNull();
    expect(targetRegion(doc, car, new Set(['car-1']))).toBe('car-1');
  });
});

describe('painting a sequence', () => {
  const left = encodeMask(4, 2, (o) => o < 2);
  const shown = (doc: ResultDocument, frames: number) => Array.from({ length: frames }, (_, frame) => (doc.objects[0] ? shapeAt(doc.objects[0], frame) : null));

  it('paints the frame on screen only: a new region is not carried to the frames after it', () => {
    const doc = paint(emptyResult(6), 'road-1', road, 1, 2);
    expect(doc.objects[0].keyframes.map((k) => k.frame)).toEqual([2]);
    expect(shown(doc, 5)).toEqual([null, null, left, null, null]);
  });
  it('gives a frame a keyframe of its own where it paints over a mask held from an earlier one', () => {
    const copied = { ...paint(emptyResult(6), 'road-1', road, 1, 0) };
    const held = { ...copied, objects: [propagate(copied.objects[0], 0, 4, 6)] };
    const doc = paint(held, 'road-1', road, 3, 2);
    expect(doc.objects[0].keyframes.map((k) => k.frame)).toEqual([0, 2, 4]);
    expect(shown(doc, 6)).toEqual([left, left, encodeMask(4, 2, (o) => o < 4), encodeMask(4, 2, (o) => o < 4), left, null]);
  });
  it('sends a region erased on a frame out of view from there, the frames before it unchanged', () => {
    const painted = paint(emptyResult(6), 'road-1', road, 1, 0);
    const held = { ...painted, objects: [propagate(painted.objects[0], 0, 4, 6)] };
    const doc = erase(held, 1, 2);
    expect(shown(doc, 6)).toEqual([left, left, null, null, left, null]);
    expect(erase(paint(emptyResult(6), 'road-1', road, 1, 3), 1, 3).objects).toEqual([]);
  });
});
