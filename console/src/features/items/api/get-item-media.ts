// GET /manage/items/:itemId/media: the API takes the token only from its header, so the image comes as a blob.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useObjectUrl } from '@/lib/use-object-url';
import { itemsKey } from './item';

export const itemMediaQuery = (itemId: string) =>
  queryOptions({ queryKey: [...itemsKey, 'item', itemId, 'media'], queryFn: () => api.blob(`/manage/items/${itemId}/media`), staleTime: Infinity });

/** An object URL of the item's image, revoked when the blob changes or the screen goes. */
export function useItemMedia(itemId: string) {
  const media = useQuery(itemMediaQuery(itemId));
  const url = useObjectUrl(media.data);
  return { url, error: media.error, isPending: media.isPending };
}
