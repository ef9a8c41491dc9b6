// Earlier frames' points gathered under a point budget for the overlay: each frame thinned by the same stride so
// that together they stay within it, and moved into the current frame's coordinates where the item has ego poses,
// so that what stood still in the world stays in one place while the vehicle drives on.
import type { EgoPose, Matrix4, PointCloud } from '@annot/workflows';

/** At most this many points of earlier frames are drawn together. */
export const overlayBudget = 2_000_000;

/** An earlier frame's cloud, with the transform from its LiDAR frame into the current one (none where they coincide). */
export interface OverlaidCloud extends Pick<PointCloud, 'count' | 'positions'> {
  toCurrent?: Matrix4 | null;
}

/** The earlier frames overlaid on `frame`, nearest first: up to `count`, none before the first. */
export const overlaidFrames = (frame: number, count: number): number[] => Array.from({ length: Math.max(0, Math.min(count, frame)) }, (_, i) => frame - 1 - i);

/**
 * Whether every overlaid frame can be moved into the current one: each, and the current frame, has an ego pose. An
 * overlay that cannot is drawn where the sensor saw each frame, and the editor says it is not aligned.
 */
export const overlayAligned = (earlier: number[], poses: readonly (EgoPose | null)[] | undefined, frame: number): boolean =>
  earlier.every((f) => !!poses?.[f] && !!poses?.[frame]);

export function overlayPositions(clouds: OverlaidCloud[], budget = overlayBudget): Float32Array | null {
  const total = clouds.reduce((sum, c) => sum + c.count, 0);
  if (total === 0) return null;
  const stride = Math.max(1, Math.ceil(total / budget));
  const out = new Float32Array(clouds.reduce((sum, c) => sum + Math.ceil(c.count / stride), 0) * 3);
  let o = 0;
  for (const cloud of clouds) {
    const p = cloud.positions;
    const m = cloud.toCurrent;
    if (stride === 1 && !m) {
      out.set(p.subarray(0, cloud.count * 3), o);
      o += cloud.count * 3;
      continue;
    }
    for (let i = 0; i < cloud.count; i += stride) {
      const [x, y, z] = [p[i * 3], p[i * 3 + 1], p[i * 3 + 2]];
      if (!m) {
        out[o++] = x;
        out[o++] = y;
        out[o++] = z;
        continue;
      }
      out[o++] = m[0] * x + m[1] * y + m[2] * z + m[3];
      out[o++] = m[4] * x + m[5] * y + m[6] * z + m[7];
      out[o++] = m[8] * x + m[9] * y + m[10] * z + m[11];
    }
  }
  return out.subarray(0, o);
}
