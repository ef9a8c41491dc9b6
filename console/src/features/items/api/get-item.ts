// GET /manage/items/:itemId with its ETag, and its history: what the item page shows and acts on.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';
import { type ItemHistoryEntry, type ItemDetailView, itemsKey } from './item';

export const itemQuery = (itemId: string) =>
  queryOptions({ queryKey: [...itemsKey, 'item', itemId], queryFn: () => api.getVersioned<ItemDetailView>(`/manage/items/${itemId}`) });

export const itemHistoryQuery = (itemId: string) =>
  queryOptions({ queryKey: [...itemsKey, 'item', itemId, 'history'], queryFn: () => api.get<ItemHistoryEntry[]>(`/manage/items/${itemId}/history`) });

export const useItem = (itemId: string) => useQuery({ ...itemQuery(itemId), enabled: isUuid(itemId) });
export const useItemHistory = (itemId: string, enabled = true) => useQuery({ ...itemHistoryQuery(itemId), enabled });
