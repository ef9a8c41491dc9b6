// GET /manage/items/:itemId/frames and /frames/:index/media: a sequence's frames with their rate, and each frame's image.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemFramesView } from '@annot/workflows';
import { api } from '@/lib/api-client';

export const itemFramesQuery = (itemId: string) =>
  // Frames are extracted once at import and never change.
  queryOptions({ queryKey: ['editor', 'frames', itemId], queryFn: () => api.get<ItemFramesView>(`/manage/items/${itemId}/frames`), staleTime: Infinity });

export const useItemFrames = (itemId: string, enabled: boolean) => useQuery({ ...itemFramesQuery(itemId), enabled });

export const frameMedia = (itemId: string, index: number): Promise<Blob> => api.blob(`/manage/items/${itemId}/frames/${index}/media`);

/** Frames per second to play at: the sequence's own rate, else one read from its timestamps, else ten. */
export function playbackRate(frames: ItemFramesView | undefined): number {
  if (frames?.frameRate && frames.frameRate > 0) return frames.frameRate;
  const stamps = (frames?.frames ?? []).map((f) => f.timestamp).filter((t): t is number => t !== null);
  if (stamps.length > 1) {
    const span = stamps[stamps.length - 1] - stamps[0];
    if (span > 0) return (stamps.length - 1) / span;
  }
  return 10;
}
