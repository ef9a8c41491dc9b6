// Editing the points of a polygon, line or curve: inserting at an edge's midpoint, deleting down to the
// template's minimum, and the midpoints the editor offers as insert handles.
import type { Point } from './geometry';

/** The fewest points each path template keeps; the validator asks the same of a submission. */
export const minimumVertices = { polygon: 3, line: 2, curve: 2 } as const;
export type PathType = keyof typeof minimumVertices;

/** A point inserted after the vertex at `after`. */
export function insertVertex(points: Point[], after: number, point: Point): Point[] {
  return [...points.slice(0, after + 1), point, ...points.slice(after + 1)];
}

/** The points without one vertex; unchanged when that would leave fewer than the template needs. */
export function deleteVertex(points: Point[], index: number, type: PathType): Point[] {
  if (points.length <= minimumVertices[type] || index < 0 || index >= points.length) return points;
  return points.filter((_, i) => i !== index);
}

/** The vertex moved to a new place. */
export function moveVertex(points: Point[], index: number, to: Point): Point[] {
  return points.map((p, i) => (i === index ? to : p));
}

/** The midpoint of each edge, with the index of the vertex it follows; a polygon has a closing edge too. */
export function edgeMidpoints(points: Point[], closed: boolean): { after: number; point: Point }[] {
  const edges = closed ? points.length : points.length - 1;
  const midpoints: { after: number; point: Point }[] = [];
  for (let i = 0; i < edges; i++) {
    const a = points[i];
    const b = points[(i + 1) % points.length];
    midpoints.push({ after: i, point: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } });
  }
  return midpoints;
}

/** Points to Konva's flat [x0, y0, x1, y1, ...]. */
export function flatPoints(points: Point[]): number[] {
  const flat = new Array<number>(points.length * 2);
  for (let i = 0; i < points.length; i++) {
    flat[i * 2] = points[i].x;
    flat[i * 2 + 1] = points[i].y;
  }
  return flat;
}
