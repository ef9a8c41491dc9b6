// GET /manage/past/projects/:projectId/counts: a project's items per link and status as they stood at a moment.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectPastView } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';
import { pastKey } from './get-item-as-of';
import { type MomentChoice, momentSearch } from './moment';

export const projectAsOfQuery = (projectId: string, moment: MomentChoice) =>
  queryOptions({
    queryKey: [...pastKey, 'project', projectId, momentSearch(moment)],
    queryFn: () => api.get<ProjectPastView>(`/manage/past/projects/${projectId}/counts`, momentSearch(moment)),
    placeholderData: keepPreviousData,
    // A moment in the past never changes; the first fold of a large project is the slow part.
    staleTime: moment.kind === 'now' ? 0 : Infinity,
  });

export const useProjectAsOf = (projectId: string, moment: MomentChoice) => useQuery({ ...projectAsOfQuery(projectId, moment), enabled: isUuid(projectId) });
