// PUT /manage/people/:id/projects: the admin replaces the set of projects an auditor reads.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditorProjectsInput } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { auditorProjectsQuery } from './get-auditor-projects';

export const assignAuditorProjects = ({ id, projectIds }: { id: string; projectIds: string[] }) =>
  api.put<{ version: string }>(`/manage/people/${id}/projects`, auditorProjectsInput.parse({ projectIds }));

export function useAssignAuditorProjects(id: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: assignAuditorProjects, onSuccess: () => client.invalidateQueries({ queryKey: auditorProjectsQuery(id).queryKey }) });
}
