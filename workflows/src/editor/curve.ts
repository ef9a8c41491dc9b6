// A curve annotation passes through its control points: a centripetal Catmull-Rom spline, which never loops or
// overshoots between close points the way the uniform one does.
import type { Point } from './geometry';

const alpha = 0.5;

function knot(t: number, a: Point, b: Point): number {
  const d = Math.hypot(b.x - a.x, b.y - a.y);
  // Two equal points would give a zero step and divide by it; a tiny step keeps the segment defined.
  return t + Math.max(Math.pow(d, alpha), 1e-6);
}

function segment(p0: Point, p1: Point, p2: Point, p3: Point, steps: number, out: Point[]): void {
  const t0 = 0;
  const t1 = knot(t0, p0, p1);
  const t2 = knot(t1, p1, p2);
  const t3 = knot(t2, p2, p3);
  const lerp = (a: Point, b: Point, ta: number, tb: number, t: number): Point => {
    const span = tb - ta;
    return { x: ((tb - t) / span) * a.x + ((t - ta) / span) * b.x, y: ((tb - t) / span) * a.y + ((t - ta) / span) * b.y };
  };
  for (let i = 1; i <= steps; i++) {
    const t = t1 + ((t2 - t1) * i) / steps;
    const a1 = lerp(p0, p1, t0, t1, t);
    const a2 = lerp(p1, p2, t1, t2, t);
    const a3 = lerp(p2, p3, t2, t3, t);
    const b1 = lerp(a1, a2, t0, t2, t);
    const b2 = lerp(a2, a3, t1, t3, t);
    out.push(lerp(b1, b2, t1, t2, t));
  }
}

/**
 * Points along the smooth curve through every control point, `steps` per span; the ends are extended by
 * mirroring so the curve starts and stops exactly on the first and last control points.
 */
export function sampleCurve(points: Point[], steps = 12): Point[] {
  if (points.length < 3) return points.slice();
  const first = points[0];
  const last = points[points.length - 1];
  const before = { x: 2 * first.x - points[1].x, y: 2 * first.y - points[1].y };
  const after = { x: 2 * last.x - points[points.length - 2].x, y: 2 * last.y - points[points.length - 2].y };
  const extended = [before, ...points, after];
  const out: Point[] = [first];
  for (let i = 0; i < points.length - 1; i++) segment(extended[i], extended[i + 1], extended[i + 2], extended[i + 3], steps, out);
  return out;
}
