// GET /manage/quality/acceptance/projects/:projectId/statistics: progress, pass rate and time per item, by batch and by day.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AcceptanceStatistics } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';
import { qualityKey } from './quality-keys';

export const acceptanceStatisticsQuery = (projectId: string) =>
  queryOptions({
    queryKey: [...qualityKey, 'acceptance', 'projects', projectId, 'statistics'],
    queryFn: () => api.get<AcceptanceStatistics>(`/manage/quality/acceptance/projects/${projectId}/statistics`),
  });

export const useAcceptanceStatistics = (projectId: string) => useQuery({ ...acceptanceStatisticsQuery(projectId), enabled: isUuid(projectId) });
