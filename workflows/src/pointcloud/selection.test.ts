import { describe, expect, it } from 'vitest';
import { type ScreenRegion, selectPoints } from './selection';

// A camera at (0, 0, 10) looking down -z with a 90° field of view on a 200 × 200 view, near 0.1 m and far 100 m:
// a point at z = 0 lands 10 px from the centre per metre (x right, y up on screen as y down).
const [near, far] = [0.1, 100];
const projection = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, (far + near) / (near - far), -1, 0, 0, (2 * far * near) / (near - far), 0];
const view = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, -10, 1];
const viewProjection = multiply(projection, view);
const viewport = { width: 200, height: 200 };

function multiply(a: number[], b: number[]): number[] {
  const out = new Array<number>(16).fill(0);
  for (let col = 0; col < 4; col++) for (let row = 0; row < 4; row++) for (let k = 0; k < 4; k++) out[col * 4 + row] += a[k * 4 + row] * b[col * 4 + k];
  return out;
}

const cloud = (...points: [number, number, number][]) => Float32Array.from(points.flat());
const select = (positions: Float32Array, region: ScreenRegion) => [...selectPoints(positions, positions.length / 3, viewProjection, viewport, region)];

describe('selectPoints', () => {
  // Screen: (0,0,0) → (100,100); (5,0,0) → (150,100); (0,5,0) → (100,50); (-5,-5,0) → (50,150).
  const points = cloud([0, 0, 0], [5, 0, 0], [0, 5, 0], [-5, -5, 0]);

  it('selects the points a rectangle covers, dragged either way', () => {
    expect(select(points, { kind: 'rect', x: 90, y: 40, width: 70, height: 70 })).toEqual([0, 1, 2]);
    expect(select(points, { kind: 'rect', x: 160, y: 110, width: -70, height: -20 })).toEqual([0, 1]);
    expect(select(points, { kind: 'rect', x: 0, y: 0, width: 40, height: 40 })).toEqual([]);
  });

  it('never selects points behind the camera, nor before its near plane or past its far one', () => {
    // (-5, 0, 20) is behind the camera, where a division without the w test would put it at (150, 100).
    const around = cloud([5, 0, 0], [-5, 0, 20], [0, 0, 9.95], [0, 0, -200]);
    expect(select(around, { kind: 'rect', x: 0, y: 0, width: 200, height: 200 })).toEqual([0]);
  });

  it('selects inside a lasso by the even-odd rule, concave shapes included', () => {
    // A U shape: its arms hold (0,5,0) and (5,0,0)… only the left arm and the bottom; the notch leaves out the centre.
    const u = { kind: 'lasso' as const, points: [40, 40, 80, 40, 80, 120, 120, 120, 120, 40, 160, 40, 160, 160, 40, 160] };
    expect(select(points, u)).toEqual([1, 3]);
    expect(select(points, { kind: 'lasso', points: [95, 95, 105, 95] })).toEqual([]);
  });

  it('selects within the brush radius along its stroke', () => {
    expect(select(points, { kind: 'brush', points: [100, 100], radius: 5 })).toEqual([0]);
    expect(select(points, { kind: 'brush', points: [100, 40, 100, 100, 160, 100], radius: 11 })).toEqual([0, 1, 2]);
    expect(select(points, { kind: 'brush', points: [120, 120], radius: 20 })).toEqual([]);
  });

  it('selects in lassos and strokes exactly what a test against every edge and every piece selects', () => {
    const count = 20_000;
    const positions = new Float32Array(count * 3);
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    for (let i = 0; i < count * 3; i++) positions[i] = random() * 9;
    // A star of 120 spikes (concave everywhere) and a zigzag stroke.
    const star = Array.from({ length: 240 }, (_, i) => {
      const [angle, reach] = [(i / 240) * 2 * Math.PI, i % 2 === 0 ? 80 : 25];
      return [100 + reach * Math.cos(angle), 100 + reach * Math.sin(angle)];
    }).flat();
    const zigzag = Array.from({ length: 60 }, (_, i) => [20 + i * 3, i % 2 === 0 ? 60 : 140]).flat();
    const screen = (i: number) => {
      const depth = 10 - positions[i * 3 + 2];
      return [100 + (100 * positions[i * 3]) / depth, 100 - (100 * positions[i * 3 + 1]) / depth];
    };
    const insidePolygon = (x: number, y: number, p: number[]) => {
      let inside = false;
      for (let a = 0, b = p.length - 2; a < p.length; b = a, a += 2) if (p[a + 1] > y !== p[b + 1] > y && x < p[a] + ((y - p[a + 1]) / (p[b + 1] - p[a + 1])) * (p[b] - p[a])) inside = !inside;
      return inside;
    };
    const nearStroke = (x: number, y: number, p: number[], r: number) =>
      p.some((_, k) => {
        if (k % 2 === 1 || k + 3 >= p.length) return false;
        const [ax, ay, dx, dy] = [p[k], p[k + 1], p[k + 2] - p[k], p[k + 3] - p[k + 1]];
        const t = Math.min(1, Math.max(0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
        return Math.hypot(x - ax - t * dx, y - ay - t * dy) <= r;
      });
    const all = [...Array(count).keys()];
    const lasso = select(positions, { kind: 'lasso', points: star });
    expect(lasso).toEqual(all.filter((i) => insidePolygon(screen(i)[0], screen(i)[1], star)));
    const brush = select(positions, { kind: 'brush', points: zigzag, radius: 6 });
    expect(brush).toEqual(all.filter((i) => nearStroke(screen(i)[0], screen(i)[1], zigzag, 6)));
    expect(lasso.length).toBeGreaterThan(500);
    expect(brush.length).toBeGreaterThan(500);
  });

  it('fills a given buffer with the points of a large cloud each region holds, a lasso of hundreds of vertices too', () => {
    const count = 300_000;
    const positions = new Float32Array(count * 3);
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    for (let i = 0; i < count * 3; i++) positions[i] = random() * 9;
    const circle = Array.from({ length: 400 }, (_, i) => [100 + 50 * Math.cos((i / 400) * 2 * Math.PI), 100 + 50 * Math.sin((i / 400) * 2 * Math.PI)]).flat();
    const regions: ScreenRegion[] = [
      { kind: 'rect', x: 50, y: 50, width: 100, height: 100 },
      { kind: 'lasso', points: circle },
      { kind: 'brush', points: circle.slice(0, 200), radius: 10 },
    ];
    const into = new Uint32Array(count);
    for (const region of regions) {
      const selected = selectPoints(positions, count, viewProjection, viewport, region, into);
      expect(selected.buffer).toBe(into.buffer);
      expect(selected.length).toBeGreaterThan(1000);
      // Every selected point is where the region says, checked with the camera's own geometry.
      for (const i of selected.subarray(0, 200)) {
        const depth = 10 - positions[i * 3 + 2];
        const [sx, sy] = [100 + (100 * positions[i * 3]) / depth, 100 - (100 * positions[i * 3 + 1]) / depth];
        if (region.kind === 'lasso') expect(Math.hypot(sx - 100, sy - 100)).toBeLessThan(50.1);
        if (region.kind === 'rect') expect(sx >= 50 && sx <= 150 && sy >= 50 && sy <= 150).toBe(true);
      }
    }
  });
});
