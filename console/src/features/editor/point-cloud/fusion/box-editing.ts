// A 2D box on a camera image drawn, moved and resized by its handles, in the image's own pixels.
import type { BoxShape } from '@annot/workflows';

export type Handle = 'nw' | 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w';
export type BoxDrag =
  | { kind: 'draw'; from: [number, number] }
  | { kind: 'move'; from: [number, number]; box: BoxShape }
  | { kind: 'resize'; handle: Handle; box: BoxShape };

export interface ImageSize {
  width: number;
  height: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const hundredths = (value: number) => Math.round(value * 100) / 100;

/** The upright box between two corners, cut to the image. */
export function boxBetween([x0, y0]: [number, number], [x1, y1]: [number, number], image: ImageSize, rotation?: number): BoxShape {
  const [left, right] = [clamp(Math.min(x0, x1), 0, image.width), clamp(Math.max(x0, x1), 0, image.width)];
  const [top, bottom] = [clamp(Math.min(y0, y1), 0, image.height), clamp(Math.max(y0, y1), 0, image.height)];
  const box: BoxShape = { type: 'box', x: hundredths(left), y: hundredths(top), width: hundredths(right - left), height: hundredths(bottom - top) };
  return rotation === undefined ? box : { ...box, rotation };
}

/** The box a drag gives with the pointer at `at`. */
export function dragBox(drag: BoxDrag, at: [number, number], image: ImageSize): BoxShape {
  if (drag.kind === 'draw') return boxBetween(drag.from, at, image);
  const { box } = drag;
  if (drag.kind === 'move') {
    const x = clamp(box.x + at[0] - drag.from[0], 0, Math.max(0, image.width - box.width));
    const y = clamp(box.y + at[1] - drag.from[1], 0, Math.max(0, image.height - box.height));
    return { ...box, x: hundredths(x), y: hundredths(y) };
  }
  let [left, top, right, bottom] = [box.x, box.y, box.x + box.width, box.y + box.height];
  if (drag.handle.includes('w')) left = at[0];
  if (drag.handle.includes('e')) right = at[0];
  if (drag.handle.includes('n')) top = at[1];
  if (drag.handle.includes('s')) bottom = at[1];
  return boxBetween([left, top], [right, bottom], image, box.rotation);
}

/** The eight handles of a box: corners and edge middles. */
export function boxHandles(box: BoxShape): { handle: Handle; x: number; y: number }[] {
  const [l, t, r, b] = [box.x, box.y, box.x + box.width, box.y + box.height];
  const [cx, cy] = [(l + r) / 2, (t + b) / 2];
  return [
    { handle: 'nw', x: l, y: t },
    { handle: 'n', x: cx, y: t },
    { handle: 'ne', x: r, y: t },
    { handle: 'e', x: r, y: cy },
    { handle: 'se', x: r, y: b },
    { handle: 's', x: cx, y: b },
    { handle: 'sw', x: l, y: b },
    { handle: 'w', x: l, y: cy },
  ];
}

/**
 * A pointer position in the image's pixels, for an image shown whole and centred in `rect` (an SVG's
 * preserveAspectRatio "xMidYMid meet").
 */
export function clientToImage(clientX: number, clientY: number, rect: { left: number; top: number; width: number; height: number }, image: ImageSize): [number, number] {
  const scale = Math.min(rect.width / image.width, rect.height / image.height) || 1;
  const [offsetX, offsetY] = [(rect.width - image.width * scale) / 2, (rect.height - image.height * scale) / 2];
  return [(clientX - rect.left - offsetX) / scale, (clientY - rect.top - offsetY) / scale];
}

/** A box is kept only where it is bigger than a slip of the pointer. */
export const isDrawn = (box: BoxShape) => box.width >= 2 && box.height >= 2;
