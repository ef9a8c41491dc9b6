// Decoded frames of a sequence around the one on screen: the next few are fetched and decoded before they are
// shown, so moving to them draws at once; those far from the frame on screen are let go. While a held key outruns the
// decoding, the frames it passed keep decoding, so the canvas can skip to the newest one reached.
export interface FrameCache {
  /** The frame's bitmap if it is decoded already, else null. */
  peek(index: number): ImageBitmap | null;
  /** The frame's bitmap, decoded once; a frame that cannot be had rejects. */
  get(index: number): Promise<ImageBitmap>;
  /**
   * Starts on the frames from `index` on (the frame chosen first), and lets go of those far from it. Frames between
   * `onScreen` (the one on the canvas) and `index` still decoding go on, within `lag` frames of `index`.
   */
  around(index: number, onScreen?: number | null): void;
  /** The decoded frame nearest `to` on the way from `from` (not included) to `to`, or null where none is decoded yet. */
  reached(from: number | null, to: number): number | null;
  /** Calls the listener whenever a frame is decoded; returns the way to stop. */
  subscribe(listener: (index: number) => void): () => void;
  /** The bitmap the canvas draws now: one let go stays open until the canvas draws another. */
  showing(bitmap: ImageBitmap | null): void;
  destroy(): void;
}

interface Entry {
  promise: Promise<ImageBitmap>;
  bitmap: ImageBitmap | null;
}

export interface FrameCacheOptions {
  frameCount: number;
  load: (index: number) => Promise<Blob>;
  decode?: (blob: Blob) => Promise<ImageBitmap>;
  /** Frames decoded ahead of the one on screen. */
  ahead?: number;
  /** Frames kept behind it, for stepping back. */
  behind?: number;
  /** How far behind the frame chosen a frame passed on the way may still decode to be shown. */
  lag?: number;
}

export function createFrameCache({ frameCount, load, decode = (blob) => createImageBitmap(blob), ahead = 6, behind = 3, lag = 30 }: FrameCacheOptions): FrameCache {
  const entries = new Map<number, Entry>();
  const listeners = new Set<(index: number) => void>();
  let destroyed = false;
  let shown: ImageBitmap | null = null;
  /** Let go while on the canvas: closed once the canvas draws another. */
  let orphan: ImageBitmap | null = null;
  const get = (index: number): Promise<ImageBitmap> => {
    const existing = entries.get(index);
    if (existing) return existing.promise;
    const entry: Entry = { bitmap: null, promise: Promise.resolve() as unknown as Promise<ImageBitmap> };
    entry.promise = load(index)
      .then(decode)
      .then((bitmap) => {
        if (destroyed || entries.get(index) !== entry) {
          bitmap.close();
          throw new Error('frame let go');
        }
        entry.bitmap = bitmap;
        for (const listener of listeners) listener(index);
        return bitmap;
      });
    // A failed frame is tried again when next asked for.
    entry.promise.catch(() => entries.get(index) === entry && entries.delete(index));
    entries.set(index, entry);
    return entry.promise;
  };
  const reached = (from: number | null, to: number): number | null => {
    if (entries.get(to)?.bitmap) return to;
    if (from === null) return null;
    let best: number | null = null;
    for (const [i, entry] of entries) {
      const between = from < to ? i > from && i < to : i < from && i > to;
      if (entry.bitmap && between && (best === null || Math.abs(to - i) < Math.abs(to - best))) best = i;
    }
    return best;
  };
  return {
    peek: (index) => entries.get(index)?.bitmap ?? null,
    get,
    around(index, onScreen = null) {
      // The newest frame decoded on the way stays, to be shown until a newer one is; older ones on the way go.
      const newest = reached(onScreen, index);
      const onTheWay = (i: number) => onScreen !== null && Math.abs(index - i) <= lag && (onScreen < index ? i > onScreen && i < index : i < onScreen && i > index);
      for (const [i, entry] of entries) {
        if (i >= index - behind && i <= index + ahead) continue;
        // The frame on screen stays: the canvas may be about to draw it before it says so (showing).
        if (i === onScreen || (onTheWay(i) && (entry.bitmap === null || i === newest))) continue;
        entries.delete(i);
        if (entry.bitmap === shown) orphan = shown;
        else entry.bitmap?.close();
      }
      for (let i = index; i <= Math.min(frameCount - 1, index + ahead); i++) void get(i).catch(() => {});
    },
    reached,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    showing(bitmap) {
      if (orphan && orphan !== bitmap) orphan.close();
      if (orphan !== bitmap) orphan = null;
      shown = bitmap;
    },
    destroy() {
      destroyed = true;
      listeners.clear();
      orphan?.close();
      for (const entry of entries.values()) entry.bitmap?.close();
      entries.clear();
    },
  };
}
