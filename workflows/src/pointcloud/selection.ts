// Which points of a cloud a screen gesture covers: each point goes through a view-projection matrix to the screen and
// is tested against a rectangle, a lasso or a brush stroke. One pass over the typed arrays, nothing allocated per point.

/**
 * A region of the view in CSS pixels, origin at its top-left corner, y down.
 * - rect: a rectangle (width and height may be negative where it was dragged up or left);
 * - lasso: a closed polygon given as flat x, y pairs (even-odd rule);
 * - brush: a stroke of a round brush: the flat x, y pairs of its path (one pair for a single dab) and its radius.
 */
export type ScreenRegion =
  | { kind: 'rect'; x: number; y: number; width: number; height: number }
  | { kind: 'lasso'; points: number[] }
  | { kind: 'brush'; points: number[]; radius: number };

export interface Viewport {
  width: number;
  height: number;
}

/**
 * Indices (ascending) of the points inside `region` as seen through `viewProjection`, a 4×4 column-major matrix (as
 * three.js's Matrix4.elements: camera.projectionMatrix · camera.matrixWorldInverse). Only points the camera draws
 * count: those behind it, before its near plane or past its far plane are never selected. `into` (at least `count`
 * long) is filled and viewed where given, so a gesture repeated on the same cloud allocates nothing.
 */
export function selectPoints(positions: Float32Array, count: number, viewProjection: ArrayLike<number>, viewport: Viewport, region: ScreenRegion, into?: Uint32Array): Uint32Array {
  const out = into && into.length >= count ? into : new Uint32Array(count);
  const test = regionTest(region);
  if (!test) return out.subarray(0, 0);
  const m = viewProjection;
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15] = Array.from({ length: 16 }, (_, i) => m[i]);
  const halfW = viewport.width / 2;
  const halfH = viewport.height / 2;
  const { left, top, right, bottom, inside } = test;
  let n = 0;
  for (let i = 0, p = 0; i < count; i++, p += 3) {
    const x = positions[p];
    const y = positions[p + 1];
    const z = positions[p + 2];
    const w = m3 * x + m7 * y + m11 * z + m15;
    if (!(w > 0)) continue;
    const cz = m2 * x + m6 * y + m10 * z + m14;
    if (cz < -w || cz > w) continue;
    const sx = ((m0 * x + m4 * y + m8 * z + m12) / w + 1) * halfW;
    if (sx < left || sx > right) continue;
    const sy = (1 - (m1 * x + m5 * y + m9 * z + m13) / w) * halfH;
    if (sy < top || sy > bottom) continue;
    if (inside === null || inside(sx, sy)) out[n++] = i;
  }
  return out.subarray(0, n);
}

interface RegionTest {
  /** The region's bounding box, tested first. */
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** Null where the bounding box is the region. */
  inside: ((x: number, y: number) => boolean) | null;
}

function regionTest(region: ScreenRegion): RegionTest | null {
  if (region.kind === 'rect') {
    const [left, right] = region.width >= 0 ? [region.x, region.x + region.width] : [region.x + region.width, region.x];
    const [top, bottom] = region.height >= 0 ? [region.y, region.y + region.height] : [region.y + region.height, region.y];
    return { left, top, right, bottom, inside: null };
  }
  if (region.kind === 'lasso') return lassoTest(region.points);
  return brushTest(region.points, region.radius);
}

/**
 * Edges or stroke pieces sorted into the cells of a grid over the region, so a point is tested only against the few
 * that reach its cell: a lasso of hundreds of vertices or a long brush stroke costs about what a rectangle does.
 */
interface Grid {
  left: number;
  top: number;
  cellWidth: number;
  cellHeight: number;
  columns: number;
  rows: number;
  /** Cell c holds items[offsets[c] .. offsets[c + 1]). */
  offsets: Uint32Array;
  items: Uint32Array;
}

type Box = { left: number; top: number; right: number; bottom: number };

function gridOf(count: number, boxOf: (s: number) => Box, over: Box, columns: number, rows: number): Grid {
  const cellWidth = Math.max((over.right - over.left) / columns, 1e-9);
  const cellHeight = Math.max((over.bottom - over.top) / rows, 1e-9);
  const grid: Grid = { left: over.left, top: over.top, cellWidth, cellHeight, columns, rows, offsets: new Uint32Array(columns * rows + 1), items: new Uint32Array(0) };
  const visit = (s: number, each: (cell: number) => void) => {
    const box = boxOf(s);
    const [c0, c1] = [column(grid, box.left), column(grid, box.right)];
    for (let r = row(grid, box.top), r1 = row(grid, box.bottom); r <= r1; r++) for (let c = c0; c <= c1; c++) each(r * columns + c);
  };
  for (let s = 0; s < count; s++) visit(s, (cell) => grid.offsets[cell + 1]++);
  for (let c = 0; c < columns * rows; c++) grid.offsets[c + 1] += grid.offsets[c];
  grid.items = new Uint32Array(grid.offsets[columns * rows]);
  const fill = grid.offsets.slice(0, columns * rows);
  for (let s = 0; s < count; s++) visit(s, (cell) => (grid.items[fill[cell]++] = s));
  return grid;
}

const column = (grid: Grid, x: number) => Math.min(grid.columns - 1, Math.max(0, Math.floor((x - grid.left) / grid.cellWidth)));
const row = (grid: Grid, y: number) => Math.min(grid.rows - 1, Math.max(0, Math.floor((y - grid.top) / grid.cellHeight)));

function lassoTest(points: number[]): RegionTest | null {
  const n = Math.floor(points.length / 2);
  if (n < 3) return null;
  const bounds = extent(points, 0);
  // Edge s joins vertex s to vertex s + 1 (the last one back to the first). The ray from a point runs to the right,
  // across the whole row, so the grid has one column.
  const xs = Float64Array.from({ length: n }, (_, i) => points[i * 2]);
  const ys = Float64Array.from({ length: n }, (_, i) => points[i * 2 + 1]);
  const grid = gridOf(n, (s) => ({ left: 0, right: 0, top: Math.min(ys[s], ys[(s + 1) % n]), bottom: Math.max(ys[s], ys[(s + 1) % n]) }), bounds, 1, Math.min(256, n));
  const { offsets, items, top, cellHeight, rows } = grid;
  return {
    ...bounds,
    inside(x, y) {
      const cell = Math.min(rows - 1, Math.max(0, Math.floor((y - top) / cellHeight)));
      let inside = false;
      for (let k = offsets[cell]; k < offsets[cell + 1]; k++) {
        const s = items[k];
        const t = s + 1 === n ? 0 : s + 1;
        const y0 = ys[s];
        const y1 = ys[t];
        // Half-open in y, so a ray through a vertex counts it once.
        if (y0 > y !== y1 > y && x < xs[s] + ((y - y0) / (y1 - y0)) * (xs[t] - xs[s])) inside = !inside;
      }
      return inside;
    },
  };
}

function brushTest(points: number[], radius: number): RegionTest | null {
  const n = Math.floor(points.length / 2);
  if (n < 1 || !(radius > 0)) return null;
  const bounds = extent(points, radius);
  const r2 = radius * radius;
  // Piece s runs from stroke point s by (dx, dy) to the next one; a single dab is one piece of no length.
  const pieces = Math.max(1, n - 1);
  const [ax, ay, dx, dy, inverse] = Array.from({ length: 5 }, () => new Float64Array(pieces));
  for (let s = 0; s < pieces; s++) {
    const t = Math.min(s + 1, n - 1);
    [ax[s], ay[s]] = [points[s * 2], points[s * 2 + 1]];
    [dx[s], dy[s]] = [points[t * 2] - ax[s], points[t * 2 + 1] - ay[s]];
    const length2 = dx[s] * dx[s] + dy[s] * dy[s];
    inverse[s] = length2 > 0 ? 1 / length2 : 0;
  }
  // Cells about the brush's size: a point meets the few pieces that pass near it.
  const [columns, rows] = [bounds.right - bounds.left, bounds.bottom - bounds.top].map((side) => Math.min(128, Math.max(1, Math.ceil(side / radius))));
  const grid = gridOf(
    pieces,
    (s) => ({
      left: Math.min(ax[s], ax[s] + dx[s]) - radius,
      right: Math.max(ax[s], ax[s] + dx[s]) + radius,
      top: Math.min(ay[s], ay[s] + dy[s]) - radius,
      bottom: Math.max(ay[s], ay[s] + dy[s]) + radius,
    }),
    bounds,
    columns,
    rows,
  );
  const { offsets, items, left, top, cellWidth, cellHeight } = grid;
  return {
    ...bounds,
    inside(x, y) {
      const cell = Math.min(rows - 1, Math.max(0, Math.floor((y - top) / cellHeight))) * columns + Math.min(columns - 1, Math.max(0, Math.floor((x - left) / cellWidth)));
      for (let k = offsets[cell]; k < offsets[cell + 1]; k++) {
        const s = items[k];
        const px = x - ax[s];
        const py = y - ay[s];
        const t = Math.min(1, Math.max(0, (px * dx[s] + py * dy[s]) * inverse[s]));
        const ex = px - t * dx[s];
        const ey = py - t * dy[s];
        if (ex * ex + ey * ey <= r2) return true;
      }
      return false;
    },
  };
}

function extent(points: number[], margin: number): Box {
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i + 1 < points.length; i += 2) {
    left = Math.min(left, points[i]);
    right = Math.max(right, points[i]);
    top = Math.min(top, points[i + 1]);
    bottom = Math.max(bottom, points[i + 1]);
  }
  return { left: left - margin, top: top - margin, right: right + margin, bottom: bottom + margin };
}
