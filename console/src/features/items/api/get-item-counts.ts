// GET /manage/items/projects/:projectId/counts: how many items each link holds in each status.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type ItemListStatus, itemsKey } from './item';

export interface ItemCount {
  linkId: string | null;
  status: ItemListStatus;
  count: number;
}

export const itemCountsQuery = (projectId: string) =>
  queryOptions({ queryKey: [...itemsKey, 'counts', projectId], queryFn: () => api.get<ItemCount[]>(`/manage/items/projects/${projectId}/counts`) });

export const useItemCounts = (projectId: string) => useQuery(itemCountsQuery(projectId));
