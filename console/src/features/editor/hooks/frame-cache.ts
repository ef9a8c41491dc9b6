// Decoded frames of a sequence around the one on screen: the next few are fetched and decoded before they are
// shown, so moving to them draws at once; those far from the frame on screen are let go.
export interface FrameCache {
  /** The frame's bitmap if it is decoded already, else null. */
  peek(index: number): ImageBitmap | null;
  /** The frame's bitmap, decoded once; a frame that cannot be had rejects. */
  get(index: number): Promise<ImageBitmap>;
  /** Starts on the frames from `index` on (the frame on screen first), and lets go of those far from it. */
  around(index: number): void;
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
}

export function createFrameCache({ frameCount, load, decode = (blob) => createImageBitmap(blob), ahead = 6, behind = 3 }: FrameCacheOptions): FrameCache {
  const entries = new Map<number, Entry>();
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
        return bitmap;
      });
    // A failed frame is tried again when next asked for.
    entry.promise.catch(() => entries.get(index) === entry && entries.delete(index));
    entries.set(index, entry);
    return entry.promise;
  };
  return {
    peek: (index) => entries.get(index)?.bitmap ?? null,
    get,
    around(index) {
      for (const [i, entry] of entries) {
        if (i >= index - behind && i <= index + ahead) continue;
        entries.delete(i);
        if (entry.bitmap === shown) orphan = shown;
        else entry.bitmap?.close();
      }
      for (let i = index; i <= Math.min(frameCount - 1, index + ahead); i++) void get(i).catch(() => {});
    },
    showing(bitmap) {
      if (orphan && orphan !== bitmap) orphan.close();
      if (orphan !== bitmap) orphan = null;
      shown = bitmap;
    },
    destroy() {
      destroyed = true;
      orphan?.close();
      for (const entry of entries.values()) entry.bitmap?.close();
      entries.clear();
    },
  };
}
