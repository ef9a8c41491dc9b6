// GET /manage/past/items/:itemId/timeline: the item's events and the judgements of its result, the moments to choose.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemTimelineView } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';
import { pastKey } from './get-item-as-of';

export const itemTimelineQuery = (itemId: string) =>
  queryOptions({ queryKey: [...pastKey, 'item', itemId, 'timeline'], queryFn: () => api.get<ItemTimelineView>(`/manage/past/items/${itemId}/timeline`) });

export const useItemTimeline = (itemId: string) => useQuery({ ...itemTimelineQuery(itemId), enabled: isUuid(itemId) });
