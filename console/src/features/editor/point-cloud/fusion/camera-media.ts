// GET /manage/items/:itemId/frames/:index/cameras/:camera/media: a camera's image at a frame, with the session
// token, as an object URL the panels draw; the next frame's images are fetched ahead so stepping shows them at once.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';

export const cameraMediaPath = (itemId: string, frame: number, camera: string) =>
  `/manage/items/${itemId}/frames/${frame}/cameras/${encodeURIComponent(camera)}/media`;

export const cameraMediaQuery = (itemId: string, frame: number, camera: string) =>
  // A frame's camera images are stored once at import and never change; those not on screen go after a while.
  queryOptions({ queryKey: ['point-cloud', 'camera-media', itemId, frame, camera], queryFn: () => api.blob(cameraMediaPath(itemId, frame, camera)), staleTime: Infinity, gcTime: 30_000 });

export type CameraImage = { state: 'none' | 'loading' | 'failed' } | { state: 'ready'; url: string };

/** The camera's image at the frame; `none` where the frame has no image for it. */
export function useCameraImage(itemId: string, frame: number, camera: string, present: boolean): CameraImage {
  const query = useQuery({ ...cameraMediaQuery(itemId, frame, camera), enabled: present });
  const [url, setUrl] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    const blob = query.data;
    if (!blob || typeof URL.createObjectURL !== 'function') return;
    const made = { blob, url: URL.createObjectURL(blob) };
    setUrl(made);
    return () => URL.revokeObjectURL(made.url);
  }, [query.data]);
  if (!present) return { state: 'none' };
  if (query.isError) return { state: 'failed' };
  return url && url.blob === query.data ? { state: 'ready', url: url.url } : { state: 'loading' };
}

/** Fetches the cameras' images of the next frame while this one is shown. */
export function usePrefetchCameraImages(itemId: string, frame: number, cameras: { name: string; images: string[] }[]): void {
  const client = useQueryClient();
  useEffect(() => {
    for (const camera of cameras) if (camera.images[frame + 1]) void client.prefetchQuery(cameraMediaQuery(itemId, frame + 1, camera.name));
  }, [client, itemId, frame, cameras]);
}
