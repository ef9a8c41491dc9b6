// GET /manage/history/getoperatehistory: the management log, ten to a page by offset, of one project where chosen.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryEntry } from '@annot/workflows';
import { api } from '@/lib/api-client';

export const historyPageSize = 10;

export const historyQuery = (page: number, language: string, projectId?: string) =>
  queryOptions({
    queryKey: ['history', page, language, projectId ?? null],
    queryFn: () => api.get<{ list: HistoryEntry[]; total: number }>('/manage/history/getoperatehistory', { limit: historyPageSize, offset: page * historyPageSize, projectId }),
    placeholderData: keepPreviousData,
  });

export const useHistory = (page: number, language: string, projectId?: string) => useQuery(historyQuery(page, language, projectId));
