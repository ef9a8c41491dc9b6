import { describe, expect, it } from 'vitest';
import { type EditorTool, emptyResult, encodeMask, paintStroke, type ResultDocument, toolInput } from '@annot/workflows';
import { frameRegions, targetRegion, withPainted } from './panoptic-regions';

const tool = (toolId: string, name: string, countable: boolean): EditorTool => ({ toolId, toolVersion: 1, definition: toolInput.parse({ name, templateType: 'mask', countable }) });
const car = tool('00000000-0000-4000-8000-000000000021', 'car', true);
const road = tool('00000000-0000-4000-8000-000000000022', 'road', false);
const size = { width: 4, height: 2 };

/** Paints a stroke along the row into a region (new when its id is not in the frame yet). */
function paint(doc: ResultDocument, id: string, of: EditorTool, x: number): ResultDocument {
  const painted = frameRegions(doc, size);
  let index = painted.regions.indexOf(id);
  if (index < 0) index = painted.regions.push(id) - 1;
  return withPainted(doc, { ...painted, map: paintStroke(painted.map, [{ x, y: 0.5 }], 2, { label: index + 1 }) }, of);
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
