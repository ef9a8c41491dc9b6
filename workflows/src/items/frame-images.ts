// Each frame's image size as a result is checked against it: one size for every frame, or, where a sequence's frames
// differ in size (cropped or mixed cameras), runs of frames that share one, so a check walks runs rather than frames.
export interface ImageSize {
  width: number;
  height: number;
}

/** Frames `from` to `to` (inclusive) share one size, null where they were not measured. */
export interface SizeRun {
  from: number;
  to: number;
  size: ImageSize | null;
}

export interface FrameImages {
  /** The size of the frame's image, null where it is unknown. */
  at(frame: number): ImageSize | null;
  /** Runs of frames of one size in frame order; null where every frame has the one size. */
  runs: SizeRun[] | null;
}

const sameSize = (a: ImageSize | null, b: ImageSize | null): boolean => a === b || (!!a && !!b && a.width === b.width && a.height === b.height);

/** The frames' sizes from the item's one size and, where they differ, each frame's own. */
export function frameImagesOf(image: ImageSize | null, frameImages?: (ImageSize | null)[]): FrameImages {
  if (!frameImages || frameImages.length < 2) return { at: () => image, runs: null };
  const runs: SizeRun[] = [];
  frameImages.forEach((size, frame) => {
    const last = runs.at(-1);
    if (last && sameSize(last.size, size)) last.to = frame;
    else runs.push({ from: frame, to: frame, size });
  });
  // A frame past the list (a result of another frame count, refused on its own) takes the item's size.
  return { at: (frame) => (frame < frameImages.length ? frameImages[frame] : image), runs: runs.length > 1 ? runs : null };
}

/** The runs that hold any of the frames `from` to `to`, found by halving. */
export function runsWithin(runs: SizeRun[], from: number, to: number): SizeRun[] {
  let low = 0;
  let high = runs.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (runs[middle].to < from) low = middle + 1;
    else high = middle;
  }
  const within: SizeRun[] = [];
  for (let i = low; i < runs.length && runs[i].from <= to; i++) if (runs[i].to >= from) within.push(runs[i]);
  return within;
}

/**
 * Each frame's size from an item's size columns (one value a frame, or one every frame shares), or undefined where
 * the frames share one size: what a result of the item is checked against beside its first frame's size.
 */
export function frameImageColumns(widths: (number | null)[], heights: (number | null)[], frameCount: number): (ImageSize | null)[] | undefined {
  if (widths.length <= 1 && heights.length <= 1) return undefined;
  const value = (column: (number | null)[], frame: number) => (column.length === 1 ? column[0] : (column[frame] ?? null));
  const sizes: (ImageSize | null)[] = [];
  for (let frame = 0; frame < frameCount; frame++) {
    const width = value(widths, frame);
    const height = value(heights, frame);
    sizes.push(width && height ? { width, height } : null);
  }
  return sizes.every((size) => sameSize(size, sizes[0])) ? undefined : sizes;
}
