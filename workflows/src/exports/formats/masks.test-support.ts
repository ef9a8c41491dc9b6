// What the mask format specs share: a 40×30 frame painted with three classes as the editor paints them (two cars
// as instances of a countable class, road with a brush, sky filling the rest), and the pixel counts painted; the
// batch's items a decode matches, and PNGs read and written by pngjs.
import { PNG } from 'pngjs';
import type { ToolInput } from '../../catalog/tool.schemas';
import { emptyLabelMap, fillPolygon, fillRest, labelAreas, maskOfLabel, paintStroke } from '../../editor/masks';
import type { ResultObject } from '../../items/result.schema';
import type { DecodeContext, ExportContext, ExportItem, ImportedFile, Raster } from '../format';
import { type ImportTarget, targetLookups } from '../import-matching';

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

/** pngjs reads the PNGs of a decode, as the service's reader does. */
export const readPng = (content: Buffer): Raster => {
  const png = PNG.sync.read(content);
  return { width: png.width, height: png.height, rgba: png.data };
};

/** The street picture as a batch's item waiting for starting results, and a sequence of three frames beside it. */
export const maskTargets: ImportTarget[] = [
  { itemId: maskItem.itemId, fileName: 'street.png', width, height, waiting: true, frameCount: 1 },
  { itemId: 'a5b1c3d4-0000-4000-8000-000000000021', fileName: 'drive', width, height, waiting: true, frameCount: 3 },
];

/** A decode context over the targets, PNGs read by pngjs. */
export const maskDecodeContext = (targets: ImportTarget[] = maskTargets): DecodeContext => ({ rule: null, ...targetLookups(targets), readPng });

/** An RGB PNG of the frame whose every pixel has the colour `colourAt` gives. */
export function rgbPng(w: number, h: number, colourAt: (x: number, y: number) => [number, number, number]): Buffer {
  const png = new PNG({ width: w, height: h, colorType: 2 });
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const [r, g, b] = colourAt(x, y);
      png.data.set([r, g, b, 255], (y * w + x) * 4);
    }
  }
  return PNG.sync.write(png, { colorType: 2 });
}
