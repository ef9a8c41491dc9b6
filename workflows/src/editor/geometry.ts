// Box geometry for the editor: drawing by drag, resizing by handles, the tool's aspect ratio and a minimum size,
// in image pixels so the result does not depend on the zoom.
import { isSpatial, type BoxShape, type ResultPoint, type Shape } from '../items/result.schema';
import { maskBounds } from './masks';

export type Point = ResultPoint;
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the tool asks of a box while it is drawn: its aspect ratio ("2:1") and the smallest side it may have. */
export interface DrawingRules {
  aspectRatio?: string;
  /** In image pixels; a drag shorter than this is a click, not a box. */
  minSize: number;
}

/** Below this a drag is taken for a click: a box of a pixel or two is nearly always a slip of the hand. */
export const defaultMinSize = 3;

export const boxHandles = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'] as const;
export type BoxHandle = (typeof boxHandles)[number];

/** Width over height of a ratio like "2:1", or null when the tool sets none. */
export function ratioOf(aspectRatio: string | undefined): number | null {
  if (!aspectRatio) return null;
  const [w, h] = aspectRatio.split(':').map(Number);
  return w > 0 && h > 0 ? w / h : null;
}

/** The rectangle two corners span, whichever way the drag went. */
export function rectBetween(a: Point, b: Point): Rect {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(b.x - a.x), height: Math.abs(b.y - a.y) };
}

/**
 * The box a drag from an anchor to the pointer draws: the ratio is kept by growing the shorter side, and the box
 * stays on the side of the anchor the pointer is on, so it follows the hand.
 */
export function boxFromDrag(anchor: Point, pointer: Point, rules: DrawingRules): BoxShape {
  let width = Math.abs(pointer.x - anchor.x);
  let height = Math.abs(pointer.y - anchor.y);
  const ratio = ratioOf(rules.aspectRatio);
  if (ratio) {
    if (width / ratio >= height) height = width / ratio;
    else width = height * ratio;
  }
  const x = pointer.x < anchor.x ? anchor.x - width : anchor.x;
  const y = pointer.y < anchor.y ? anchor.y - height : anchor.y;
  return { type: 'box', x, y, width, height };
}

/** Whether a drawn box is big enough to keep. */
export function meetsMinSize(box: Rect, rules: DrawingRules): boolean {
  return box.width >= rules.minSize && box.height >= rules.minSize;
}

/** Where each handle sits on a box. */
export function handlePoints(box: Rect): Record<BoxHandle, Point> {
  const { x, y, width: w, height: h } = box;
  return {
    nw: { x, y },
    n: { x: x + w / 2, y },
    ne: { x: x + w, y },
    e: { x: x + w, y: y + h / 2 },
    se: { x: x + w, y: y + h },
    s: { x: x + w / 2, y: y + h },
    sw: { x, y: y + h },
    w: { x, y: y + h / 2 },
  };
}

const opposite: Record<BoxHandle, BoxHandle> = { nw: 'se', n: 's', ne: 'sw', e: 'w', se: 'nw', s: 'n', sw: 'ne', w: 'e' };

/**
 * The box after its handle is dragged to a point: the opposite handle stays put. A side handle moves one side;
 * with a ratio the other side follows around the box's centre line. The box never shrinks below the minimum size.
 */
export function resizeBox(box: BoxShape, handle: BoxHandle, pointer: Point, rules: DrawingRules): BoxShape {
  const fixed = handlePoints(box)[opposite[handle]];
  const ratio = ratioOf(rules.aspectRatio);
  const min = rules.minSize;
  if (handle === 'n' || handle === 's') {
    const height = Math.max(min, Math.abs(pointer.y - fixed.y));
    const y = pointer.y < fixed.y ? fixed.y - height : fixed.y;
    if (!ratio) return { ...box, y, height };
    const width = height * ratio;
    return { type: 'box', x: box.x + box.width / 2 - width / 2, y, width, height };
  }
  if (handle === 'e' || handle === 'w') {
    const width = Math.max(min, Math.abs(pointer.x - fixed.x));
    const x = pointer.x < fixed.x ? fixed.x - width : fixed.x;
    if (!ratio) return { ...box, x, width };
    const height = width / ratio;
    return { type: 'box', x, y: box.y + box.height / 2 - height / 2, width, height };
  }
  const drawn = boxFromDrag(fixed, pointer, rules);
  if (drawn.width >= min && drawn.height >= min) return drawn;
  const grow = Math.max(min / Math.max(drawn.width, 1e-9), min / Math.max(drawn.height, 1e-9));
  const width = ratio ? Math.max(min, min * ratio, drawn.width * grow) : Math.max(min, drawn.width);
  const height = ratio ? width / ratio : Math.max(min, drawn.height);
  return { type: 'box', x: pointer.x < fixed.x ? fixed.x - width : fixed.x, y: pointer.y < fixed.y ? fixed.y - height : fixed.y, width, height };
}

/** The shape moved by an offset. */
export function moveShape<S extends Shape>(shape: S, dx: number, dy: number): S {
  if (shape.type === 'box' || shape.type === 'point') return { ...shape, x: shape.x + dx, y: shape.y + dy };
  // A mask is pixels of its frame: it is repainted, not moved; a cuboid or a segment lives in the cloud, not the image.
  if (shape.type === 'mask' || isSpatial(shape)) return shape;
  return { ...shape, points: shape.points.map((p) => ({ x: p.x + dx, y: p.y + dy })) };
}

/** The smallest rectangle holding the shape. */
export function shapeBounds(shape: Shape): Rect {
  if (shape.type === 'box') return { x: shape.x, y: shape.y, width: shape.width, height: shape.height };
  if (shape.type === 'point') return { x: shape.x, y: shape.y, width: 0, height: 0 };
  if (shape.type === 'mask') {
    const [x, y, width, height] = maskBounds(shape);
    return { x, y, width, height };
  }
  if (isSpatial(shape)) return { x: 0, y: 0, width: 0, height: 0 };
  const xs = shape.points.map((p) => p.x);
  const ys = shape.points.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** Whether two rectangles share any point. */
export function rectsMeet(a: Rect, b: Rect): boolean {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}
