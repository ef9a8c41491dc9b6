// The item's image decoded before the canvas shows it, so the first frame is drawn whole.
import { useEffect, useState } from 'react';

export function useLoadedImage(url: string | null): HTMLImageElement | null {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    const element = new Image();
    element.src = url;
    element
      .decode()
      .then(() => live && setImage(element))
      .catch(() => live && setImage(null));
    return () => {
      live = false;
    };
  }, [url]);
  return image;
}
