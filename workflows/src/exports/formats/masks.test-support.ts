// What the mask format specs share: a 40×30 frame painted with three classes as the editor paints them (two cars
// as instances of a countable class, road with a brush, sky filling the rest), and the pixel counts painted.
import { PNG } from 'pngjs';
import type { ToolInput } from '../../catalog/tool.schemas';
import { emptyLabelMap, fillPolygon, fillRest, labelAreas, maskOfLabel, paintStroke } from '../../editor/masks';
import type { ResultObject } from '../../tasks/result.schema';
import type { ExportContext, ExportItem, ImportedFile } from '../format';

const tool = (name: string, countable: boolean): ToolInput => ({ name, templateType: 'mask', countable, description: '', sameBoxSizeCount: 0, enablePitchRoll: false, attributes: [] });

export const maskContext: ExportContext = {
  projectTitle: 'Panoptic streets',
  tools: [
    { toolId: '00000000-0000-4000-8000-000000000011', toolVersion: 1, definition: tool('car', true) },
    { toolId: '00000000-0000-4000-8000-000000000012', toolVersion: 1, definition: tool('road', false) },
    { toolId: '00000000-0000-4000-8000-000000000013', toolVersion: 1, definition: tool('sky', false) },
  ],
  rule: null,
  exportedAt: '2026-11-26T00:00:00.000Z',
};

const [width, height] = [40, 30];
const regions = ['car-1', 'car-2', 'road-1', 'sky-1'];
const toolOf = [0, 0, 1, 2];
let map = emptyLabelMap(width, height);
map = paintStroke(map, [{ x: 0, y: 25 }, { x: 40, y: 25 }], 10, { label: 3 });
map = fillPolygon(map, [{ x: 2, y: 15 }, { x: 12, y: 15 }, { x: 12, y: 24 }, { x: 2, y: 24 }], { label: 1 });
map = fillPolygon(map, [{ x: 20, y: 14 }, { x: 33, y: 14 }, { x: 33, y: 26 }], { label: 2 });
map = fillRest(map, 4);

/** Pixels painted by class: both cars together, the road, the sky. */
export const paintedAreas = (() => {
  const [, car1, car2, road, sky] = labelAreas(map, regions.length);
  return { car: car1 + car2, road, sky, cars: [car1, car2] };
})();

export const maskItem: ExportItem = {
  itemId: 'a5b1c3d4-0000-4000-8000-000000000020',
  fileName: 'street.png',
  batchName: 'Week 2',
  index: 1,
  width,
  height,
  effective: true,
  mediaPath: 'images/Week 2/street.png',
  frames: [{ mediaPath: 'images/Week 2/street.png', width, height, timestamp: null }],
  result: {
    frameCount: 1,
    attributes: {},
    objects: regions.map(
      (id, index): ResultObject => ({
        id,
        toolId: maskContext.tools[toolOf[index]].toolId,
        toolVersion: 1,
        templateType: 'mask',
        className: null,
        attributes: {},
        group: null,
        keyframes: [{ frame: 0, shape: maskOfLabel(map, index + 1), attributes: {}, outside: false, source: 'drawn' }],
      }),
    ),
  },
};

/** A PNG of the archive as RGB triples, one a pixel. */
export function pixelsOf(files: ImportedFile[], path: string): [number, number, number][] {
  const file = files.find((f) => f.path === path);
  if (!file) throw new Error(`no ${path} among ${files.map((f) => f.path).join(', ')}`);
  const png = PNG.sync.read(file.content);
  return Array.from({ length: png.width * png.height }, (_, i) => [png.data[i * 4], png.data[i * 4 + 1], png.data[i * 4 + 2]]);
}
