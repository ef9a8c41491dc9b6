// A cloud laid out by ground cells: every view's runs hold every point it shows, and the drawn order maps back to the cloud's.
import { describe, expect, it } from 'vitest';
import { cloudBounds, type PointCloud } from '@annot/workflows';
import { drawnPlaces, gridCloud, gridRanges } from './cloud-grid';

/** A seeded scatter over 80 × 50 metres with a few points far out, and reflectance equal to each point's index. */
function scatter(count: number): PointCloud {
  let state = 11;
  const next = () => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  const positions = new Float32Array(count * 3);
  for (let i = 0; i < count; i++) positions.set([-30 + next() * 80, -25 + next() * 50, -2 + next() * 4], i * 3);
  positions.set([300, -200, 1], 0);
  const intensity = Float32Array.from({ length: count }, (_, i) => i);
  return { count, positions, intensity, colors: null, bounds: cloudBounds(positions, count) };
}

const inRuns = (runs: [number, number][]) => {
  const drawn = new Set<number>();
  for (const [start, count] of runs) for (let j = start; j < start + count; j++) drawn.add(j);
  return drawn;
};

describe(gridCloud.name, () => {
  const cloud = scatter(20_000);
  const grid = gridCloud(cloud);

  it('draws every point once, each with its own position and reflectance', () => {
    expect([...grid.order].sort((a, b) => a - b)).toEqual([...Array(cloud.count).keys()]);
    for (const j of [0, 1, 777, cloud.count - 1]) {
      const i = grid.order[j];
      expect([...grid.positions.subarray(j * 3, j * 3 + 3)]).toEqual([...cloud.positions.subarray(i * 3, i * 3 + 3)]);
      expect(grid.intensity![j]).toBe(i);
    }
  });

  it('gives frames whose counts differ a little the same room, so they fill the same GPU buffers', () => {
    const next = gridCloud(scatter(19_400));
    expect(next.capacity).toBe(grid.capacity);
    expect(grid.capacity).toBeGreaterThanOrEqual(cloud.count);
    expect(grid.positions.length).toBe(grid.capacity * 3);
    expect(gridCloud(scatter(90_000)).capacity).toBeGreaterThan(grid.capacity);
  });

  it('still draws every point once where a coordinate is not a number', () => {
    const odd = scatter(1000);
    odd.positions.set([Number.NaN, 3, Number.NaN], 30);
    expect([...gridCloud(odd).order].sort((a, b) => a - b)).toEqual([...Array(1000).keys()]);
  });

  it('leaves the cloud as it was, since point indices refer to its order', () => {
    expect(cloud.intensity![5]).toBe(5);
    expect(cloud.positions[0]).toBe(300);
  });

  describe(gridRanges.name, () => {
    it('holds every point of a ground rectangle, and few beyond it', () => {
      const rect: [number, number, number, number] = [3.3, -7.1, 19.8, 6.4];
      const drawn = inRuns(gridRanges(grid, rect));
      const inside = [...Array(grid.count).keys()].filter((j) => {
        const [x, y] = [grid.positions[j * 3], grid.positions[j * 3 + 1]];
        return x >= rect[0] && x <= rect[2] && y >= rect[1] && y <= rect[3];
      });
      expect(inside.length).toBeGreaterThan(1000);
      expect(inside.filter((j) => !drawn.has(j))).toEqual([]);
      expect(drawn.size).toBeLessThan(inside.length * 2);
    });

    it('keeps only the cells a test keeps', () => {
      const drawn = inRuns(gridRanges(grid, null, (x0) => x0 >= 0));
      const ahead = [...Array(grid.count).keys()].filter((j) => grid.positions[j * 3] >= grid.cell);
      expect(ahead.filter((j) => !drawn.has(j))).toEqual([]);
      expect([...drawn].filter((j) => grid.positions[j * 3] < -grid.cell)).toEqual([]);
    });

    it('draws a stray point far beyond the rest where a view looks at it, without coarsening the cells', () => {
      const drawn = inRuns(gridRanges(grid, [295, -205, 305, -195], (x0, y0, x1, y1) => x0 <= 300 && x1 >= 300 && y0 <= -200 && y1 >= -200));
      expect([...drawn].map((j) => grid.order[j])).toContain(0);
      expect(grid.cell).toBeLessThan(2);
    });
  });

  describe(drawnPlaces.name, () => {
    it('finds in the drawn order exactly the points a mask of the cloud marks', () => {
      const mask = new Uint8Array(cloud.count);
      for (const i of [0, 4, 4000, 19_999]) mask[i] = 1;
      const into = new Uint32Array(cloud.count);
      const found = drawnPlaces(grid, mask, into);
      expect([...into.subarray(0, found)].map((j) => grid.order[j]).sort((a, b) => a - b)).toEqual([0, 4, 4000, 19_999]);
    });
  });
});
