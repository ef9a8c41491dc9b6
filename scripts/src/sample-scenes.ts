// Generated street scenes for the demo and the detector's tests: a pale sky, a grey road with lane marks, and one to
// three vehicles of strong colours, each frame the same for the same index, with its vehicles' boxes as ground truth.
import { PNG } from 'pngjs';
import { seededRandom } from '@annot/workflows';
import { encodePng } from './sample-images';

export interface SceneObject {
  className: 'Vehicle';
  /** The vehicle's body in whole pixels: top-left corner and size. */
  box: { x: number; y: number; width: number; height: number };
}

export interface SceneFrame {
  name: string;
  content: Buffer;
  objects: SceneObject[];
}

const bodyColours: [number, number, number][] = [
  [200, 30, 30],
  [222, 196, 24],
  [30, 160, 60],
  [70, 60, 200],
  [230, 120, 20],
  [180, 40, 160],
];

/** Vehicles that fit on the road without touching (six pixels apart at least); fewer where none fits. */
function placeVehicles(width: number, height: number, count: number, random: () => number): SceneObject['box'][] {
  const roadTop = Math.floor(height * 0.45);
  const boxes: SceneObject['box'][] = [];
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  for (let tries = 0; boxes.length < count && tries < 50; tries++) {
    const w = between(25, Math.min(80, width - 4));
    const h = between(15, Math.min(45, height - roadTop - 4));
    const box = { x: between(2, width - w - 2), y: between(roadTop, height - h - 2), width: w, height: h };
    const clear = boxes.every((b) => box.x >= b.x + b.width + 6 || b.x >= box.x + box.width + 6 || box.y >= b.y + b.height + 6 || b.y >= box.y + box.height + 6);
    if (clear) boxes.push(box);
  }
  return boxes;
}

/** One scene; `vehicles: 0` gives an empty street. */
export function sceneFrame(index: number, width = 320, height = 240, options: { vehicles?: number; boxes?: SceneObject['box'][] } = {}): { content: Buffer; objects: SceneObject[] } {
  const random = seededRandom(index * 7919 + 17);
  const png = new PNG({ width, height });
  const paint = (x: number, y: number, [r, g, b]: [number, number, number]) => {
    const i = (y * width + x) * 4;
    png.data[i] = r;
    png.data[i + 1] = g;
    png.data[i + 2] = b;
    png.data[i + 3] = 0xff;
  };
  const roadTop = Math.floor(height * 0.45);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (y < roadTop) {
        const t = y / roadTop;
        paint(x, y, [Math.round(176 + 24 * t), Math.round(196 + 18 * t), Math.round(222 + 8 * t)]);
      } else {
        const noise = Math.round((random() - 0.5) * 12);
        paint(x, y, [105 + noise, 105 + noise, 110 + noise]);
      }
    }
  }
  // Dashed lane marks, white and thin: a detector of colour must not take them for vehicles.
  const laneY = Math.floor((roadTop + height) / 2);
  for (let x = 0; x < width; x++) if (Math.floor(x / 12) % 2 === 0) for (let y = laneY; y < laneY + 2; y++) paint(x, y, [235, 235, 235]);

  const count = options.vehicles ?? 1 + Math.floor(random() * 3);
  const boxes = options.boxes ?? placeVehicles(width, height, count, random);
  boxes.forEach((box, n) => {
    const colour = bodyColours[(index + n) % bodyColours.length];
    for (let y = box.y; y < box.y + box.height; y++) for (let x = box.x; x < box.x + box.width; x++) paint(x, y, colour);
    // Dark wheels inside the body's bottom rows, leaving its outline whole.
    const wheelWidth = Math.max(3, Math.floor(box.width / 6));
    for (const left of [box.x + 3, box.x + box.width - 3 - wheelWidth]) {
      for (let y = box.y + box.height - 4; y < box.y + box.height - 1; y++) for (let x = left; x < left + wheelWidth; x++) paint(x, y, [25, 25, 25]);
    }
  });
  return { content: encodePng(png), objects: boxes.map((box) => ({ className: 'Vehicle', box })) };
}

/** `count` distinct scenes, named like camera frames. */
export function sceneFrames(count: number, width = 320, height = 240): SceneFrame[] {
  return Array.from({ length: count }, (_, i) => ({ name: `frames/frame_${String(i + 1).padStart(4, '0')}.png`, ...sceneFrame(i + 1, width, height) }));
}
