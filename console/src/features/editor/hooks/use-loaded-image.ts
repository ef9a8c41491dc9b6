// The item's image decoded off the main thread before the canvas shows it, so the first frame is drawn whole.
import { useEffect, useRef, useState } from 'react';

export interface LoadedImage {
  image: ImageBitmap | null;
  /** The blob is not an image the browser can decode. */
  failed: boolean;
}

/** The bitmap of `blob`, and never one of an earlier blob: the page keeps this hook while it moves from item to item. */
export function useLoadedImage(blob: Blob | null): LoadedImage {
  const [decoded, setDecoded] = useState<{ blob: Blob; bitmap: ImageBitmap | null } | null>(null);
  const latest = useRef<ImageBitmap | null>(null);
  useEffect(() => {
    if (!blob) return;
    let live = true;
    createImageBitmap(blob)
      .then((bitmap) => {
        if (!live) return bitmap.close();
        // The shown bitmap stays open until its successor replaces it: a closed one cannot be drawn.
        latest.current?.close();
        latest.current = bitmap;
        setDecoded({ blob, bitmap });
      })
      .catch(() => live && setDecoded({ blob, bitmap: null }));
    return () => {
      live = false;
    };
  }, [blob]);
  // The decoded pixels live outside the heap; they go with the editor.
  useEffect(() => () => latest.current?.close(), []);
  const current = decoded?.blob === blob ? decoded : null;
  return { image: current?.bitmap ?? null, failed: current !== null && current.bitmap === null };
}
