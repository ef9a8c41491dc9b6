// Earlier frames' points gathered under a point budget for the overlay: each frame thinned by the same stride so
// that together they stay within it.
import type { PointCloud } from '@annot/workflows';

/** At most this many points of earlier frames are drawn together. */
export const overlayBudget = 2_000_000;

export function overlayPositions(clouds: Pick<PointCloud, 'count' | 'positions'>[], budget = overlayBudget): Float32Array | null {
  const total = clouds.reduce((sum, c) => sum + c.count, 0);
  if (total === 0) return null;
  const stride = Math.max(1, Math.ceil(total / budget));
  const out = new Float32Array(clouds.reduce((sum, c) => sum + Math.ceil(c.count / stride), 0) * 3);
  let o = 0;
  for (const cloud of clouds) {
    const p = cloud.positions;
    if (stride === 1) {
      out.set(p.subarray(0, cloud.count * 3), o);
      o += cloud.count * 3;
      continue;
    }
    for (let i = 0; i < cloud.count; i += stride) {
      out[o++] = p[i * 3];
      out[o++] = p[i * 3 + 1];
      out[o++] = p[i * 3 + 2];
    }
  }
  return out.subarray(0, o);
}
