// GET /manage/items/projects/:projectId/error-groups: the error groups the project's marks may name, for the mark
// dialog and for naming the marks already made.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ErrorGroupInput } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';

export type ProjectErrorGroup = ErrorGroupInput & { id: string };

export const projectErrorGroupsQuery = (projectId: string) =>
  queryOptions({ queryKey: ['editor', 'error-groups', projectId], queryFn: () => api.get<ProjectErrorGroup[]>(`/manage/items/projects/${projectId}/error-groups`), staleTime: 60_000 });

export const useProjectErrorGroups = (projectId: string | null, enabled = true) => useQuery({ ...projectErrorGroupsQuery(projectId ?? ''), enabled: enabled && isUuid(projectId) });
