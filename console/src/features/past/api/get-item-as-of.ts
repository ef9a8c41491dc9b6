// GET /manage/past/items/:itemId: the item as it was at a moment, folded on the server from its own stream.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemPastView } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';
import { type MomentChoice, momentSearch } from './moment';

export const pastKey = ['past'] as const;

export const itemAsOfQuery = (itemId: string, moment: MomentChoice) =>
  queryOptions({
    queryKey: [...pastKey, 'item', itemId, momentSearch(moment)],
    queryFn: () => api.get<ItemPastView>(`/manage/past/items/${itemId}`, momentSearch(moment)),
    placeholderData: keepPreviousData,
  });

export const useItemAsOf = (itemId: string, moment: MomentChoice) => useQuery({ ...itemAsOfQuery(itemId, moment), enabled: isUuid(itemId) });
