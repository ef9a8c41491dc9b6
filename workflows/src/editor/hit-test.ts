// Which object lies under the pointer or inside a marquee, in image pixels with a tolerance for thin shapes.
import type { Shape } from '../items/result.schema';
import { sampleCurve } from './curve';
import { type Point, type Rect, rectsMeet, shapeBounds } from './geometry';
import { maskHas } from './masks';

/** Distance from a point to the segment between a and b. */
export function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** Even-odd rule: inside when a ray from the point crosses the outline an odd number of times. */
export function pointInPolygon(p: Point, polygon: Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i];
    const b = polygon[j];
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

function nearPath(p: Point, points: Point[], tolerance: number): boolean {
  for (let i = 1; i < points.length; i++) if (distanceToSegment(p, points[i - 1], points[i]) <= tolerance) return true;
  return points.length === 1 && Math.hypot(p.x - points[0].x, p.y - points[0].y) <= tolerance;
}

/** Whether the point hits the shape: inside a box or polygon, or within the tolerance of a line, curve or point. */
export function hitShape(shape: Shape, p: Point, tolerance: number): boolean {
  switch (shape.type) {
    case 'box':
      return p.x >= shape.x - tolerance && p.x <= shape.x + shape.width + tolerance && p.y >= shape.y - tolerance && p.y <= shape.y + shape.height + tolerance;
    case 'point':
      return Math.hypot(p.x - shape.x, p.y - shape.y) <= tolerance;
    case 'polygon':
      return pointInPolygon(p, shape.points) || nearPath(p, [...shape.points, shape.points[0]], tolerance);
    case 'line':
      return nearPath(p, shape.points, tolerance);
    case 'curve':
      return nearPath(p, sampleCurve(shape.points), tolerance);
    case 'mask':
      return maskHas(shape, p);
    case 'cuboid':
    case 'segment':
      // Shapes of the cloud are picked in its views, not on an image.
      return false;
  }
}

/** The topmost of the candidates the point hits (the last drawn is on top), or null. */
export function topmostHit<T extends { shape: Shape }>(candidates: T[], p: Point, tolerance: number): T | null {
  for (let i = candidates.length - 1; i >= 0; i--) if (hitShape(candidates[i].shape, p, tolerance)) return candidates[i];
  return null;
}

/** The candidates whose bounds meet a marquee. */
export function insideMarquee<T extends { shape: Shape }>(candidates: T[], marquee: Rect): T[] {
  return candidates.filter((c) => rectsMeet(shapeBounds(c.shape), marquee));
}
