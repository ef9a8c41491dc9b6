// GET /manage/history/getoperatehistory: the management log, ten to a page by offset, of one project where chosen.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ManagementLogEntry } from '@annot/workflows';
import { api } from '@/lib/api-client';

export const managementLogPageSize = 10;

export const managementLogQuery = (page: number, language: string, projectId?: string) =>
  queryOptions({
    queryKey: ['history', page, language, projectId ?? null],
    queryFn: () => api.get<{ list: ManagementLogEntry[]; total: number }>('/manage/history/getoperatehistory', { limit: managementLogPageSize, offset: page * managementLogPageSize, projectId }),
    placeholderData: keepPreviousData,
  });

export const useManagementLog = (page: number, language: string, projectId?: string) => useQuery(managementLogQuery(page, language, projectId));
