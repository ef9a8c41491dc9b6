// GET /manage/past/items/:itemId/diff: what changed in the item's result between two moments, from the earlier to the later.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemDiffView } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';
import { pastKey } from './get-item-as-of';
import { type MomentChoice, momentToken } from './moment';

export const itemDiffQuery = (itemId: string, from: MomentChoice, to: MomentChoice) =>
  queryOptions({
    queryKey: [...pastKey, 'item', itemId, 'diff', momentToken(from), momentToken(to)],
    queryFn: () => api.get<ItemDiffView>(`/manage/past/items/${itemId}/diff`, { from: momentToken(from), to: momentToken(to) }),
    placeholderData: keepPreviousData,
  });

export const useItemDiff = (itemId: string, from: MomentChoice, to: MomentChoice | null) =>
  useQuery({ ...itemDiffQuery(itemId, from, to ?? { kind: 'now' }), enabled: isUuid(itemId) && to !== null });
