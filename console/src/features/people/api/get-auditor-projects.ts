// GET /manage/people/:id/projects: the projects an auditor reads, for the admin who gives them.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';
import { peopleKey } from './list-people';

export const auditorProjectsQuery = (id: string) =>
  queryOptions({ queryKey: [...peopleKey, 'auditor-projects', id], queryFn: () => api.get<{ projectIds: string[] }>(`/manage/people/${id}/projects`) });

export const useAuditorProjects = (id: string | undefined, enabled: boolean) => useQuery({ ...auditorProjectsQuery(id ?? ''), enabled: enabled && isUuid(id) });
