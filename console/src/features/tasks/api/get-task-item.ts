// GET /manage/tasks/items/:itemId with its ETag, and its history: what the item page shows and acts on.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';
import { type ItemHistoryEntry, type TaskItemDetail, tasksKey } from './task-item';

export const taskItemQuery = (itemId: string) =>
  queryOptions({ queryKey: [...tasksKey, 'item', itemId], queryFn: () => api.getVersioned<TaskItemDetail>(`/manage/tasks/items/${itemId}`) });

export const itemHistoryQuery = (itemId: string) =>
  queryOptions({ queryKey: [...tasksKey, 'item', itemId, 'history'], queryFn: () => api.get<ItemHistoryEntry[]>(`/manage/tasks/items/${itemId}/history`) });

export const useTaskItem = (itemId: string) => useQuery({ ...taskItemQuery(itemId), enabled: isUuid(itemId) });
export const useItemHistory = (itemId: string, enabled = true) => useQuery({ ...itemHistoryQuery(itemId), enabled });
