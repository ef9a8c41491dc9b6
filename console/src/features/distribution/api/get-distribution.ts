// GET /manage/distribution/projects/:projectId: each link's open pool, its teams' shares and their groups' parts, with
// progress; a supplier reads only its own team's.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LinkDistributionView } from '@annot/workflows';
import { api } from '@/lib/api-client';

export const distributionKey = ['distribution'] as const;

export const distributionQuery = (projectId: string) =>
  queryOptions({ queryKey: [...distributionKey, projectId], queryFn: () => api.get<LinkDistributionView[]>(`/manage/distribution/projects/${projectId}`) });

export const useDistribution = (projectId: string, enabled = true) => useQuery({ ...distributionQuery(projectId), enabled });
