// GET /manage/history/getoperatehistory: the management log, ten to a page by offset.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryEntry } from '@annot/workflows';
import { api } from '@/lib/api-client';

export const historyPageSize = 10;

export const historyQuery = (page: number, language: string) =>
  queryOptions({
    queryKey: ['history', page, language],
    queryFn: () => api.get<{ list: HistoryEntry[]; total: number }>('/manage/history/getoperatehistory', { limit: historyPageSize, offset: page * historyPageSize }),
    placeholderData: keepPreviousData,
  });

export const useHistory = (page: number, language: string) => useQuery(historyQuery(page, language));
