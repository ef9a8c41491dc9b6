// The clouds of a sequence around the frame on screen: the next ones are fetched and decoded before they are shown,
// those behind kept for the overlay of earlier frames, and the rest let go.
import type { PointCloud } from '@annot/workflows';

export interface CloudCache {
  /** The frame's cloud if it is here already, else null. */
  peek(index: number): PointCloud | null;
  /** The frame's cloud, loaded once; a frame that cannot be had rejects and is tried again when next asked for. */
  get(index: number): Promise<PointCloud>;
  /** Starts on the frames from `index` to `ahead` after it, and lets go of those outside [index - behind, index + ahead]. */
  around(index: number, behind: number): void;
  /** Lets go of every cloud, when the item closes. */
  clear(): void;
}

/** `release` hears each loaded cloud the cache lets go, so a worker keeping its copy can drop it too. */
export function createCloudCache(frameCount: number, load: (index: number) => Promise<PointCloud>, ahead = 2, release: (clouds: PointCloud[]) => void = () => {}): CloudCache {
  const entries = new Map<number, { promise: Promise<PointCloud>; cloud: PointCloud | null }>();
  const get = (index: number): Promise<PointCloud> => {
    const existing = entries.get(index);
    if (existing) return existing.promise;
    const entry = { cloud: null as PointCloud | null, promise: load(index) };
    entry.promise.then(
      (cloud) => void (entry.cloud = cloud),
      () => entries.get(index) === entry && entries.delete(index),
    );
    entries.set(index, entry);
    return entry.promise;
  };
  return {
    peek: (index) => entries.get(index)?.cloud ?? null,
    get,
    around(index, behind) {
      const gone: PointCloud[] = [];
      for (const [i, entry] of [...entries]) {
        if (i >= index - behind && i <= index + ahead) continue;
        entries.delete(i);
        if (entry.cloud) gone.push(entry.cloud);
      }
      if (gone.length > 0) release(gone);
      for (let i = index; i <= Math.min(frameCount - 1, index + ahead); i++) void get(i).catch(() => undefined);
    },
    clear() {
      const gone = [...entries.values()].flatMap((entry) => (entry.cloud ? [entry.cloud] : []));
      entries.clear();
      if (gone.length > 0) release(gone);
    },
  };
}
