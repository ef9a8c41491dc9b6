// GET /manage/quality/projects/:projectId/acceptance/eligible: the items that may go in a new acceptance batch now, by data batch.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AcceptanceEligible } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';
import { acceptanceKey } from './quality-keys';

export const acceptanceEligibleQuery = (projectId: string) =>
  queryOptions({ queryKey: [...acceptanceKey(projectId), 'eligible'], queryFn: () => api.get<AcceptanceEligible>(`/manage/quality/projects/${projectId}/acceptance/eligible`) });

export const useAcceptanceEligible = (projectId: string) => useQuery({ ...acceptanceEligibleQuery(projectId), enabled: isUuid(projectId) });
