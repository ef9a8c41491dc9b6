// The clouds the point cloud worker keeps after handing them to the page: each frame's positions under a handle, so
// the work that scans every point (the points inside a box, the overlay of earlier frames) runs in the worker and
// the page only sends a box or a list of frames and their transforms.
import type { CuboidShape, Matrix4, PointCloud } from '@annot/workflows';
import { countInside } from './tools/cuboid-fitting';
import { overlayBudget, overlayPositions } from './tools/cloud-overlay';

type Held = Pick<PointCloud, 'count' | 'positions'>;

/** A frame to overlay: its handle, and the transform from its LiDAR frame into the current one (none where they coincide or where poses are missing). */
export interface OverlayPart {
  handle: number;
  toCurrent: Matrix4 | null;
}

export class HeldClouds {
  private readonly clouds = new Map<number, Held>();
  private next = 1;

  /** Keeps a copy of the cloud's positions (the cloud itself goes to the page) and answers its handle. */
  hold(cloud: Pick<PointCloud, 'count' | 'positions'>): number {
    const handle = this.next++;
    this.clouds.set(handle, { count: cloud.count, positions: cloud.positions.slice(0, cloud.count * 3) });
    return handle;
  }

  release(handles: number[]): void {
    for (const handle of handles) this.clouds.delete(handle);
  }

  get size(): number {
    return this.clouds.size;
  }

  /** How many of the frame's points lie inside the cuboid; null where the frame was let go meanwhile. */
  countInside(handle: number, shape: CuboidShape): number | null {
    const cloud = this.clouds.get(handle);
    return cloud ? countInside(cloud, shape) : null;
  }

  /** The earlier frames' points moved into the current frame under the budget; frames let go meanwhile are left out. */
  overlay(parts: OverlayPart[], budget = overlayBudget): Float32Array | null {
    const clouds = parts.flatMap(({ handle, toCurrent }) => {
      const cloud = this.clouds.get(handle);
      return cloud ? [{ ...cloud, toCurrent }] : [];
    });
    return overlayPositions(clouds, budget);
  }
}
