// The people of a project's links: read them, let the PM choose teams and taggers, let a supplier group its taggers.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LinkGroupInput, LinkMembersInput, LinkMembersView } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';
import { projectsKey } from './get-projects';

export const membersQuery = (projectId: string) =>
  queryOptions({ queryKey: [...projectsKey, 'members', projectId], queryFn: () => api.get<LinkMembersView[]>(`/manage/projects/${projectId}/members`) });

export const useProjectMembers = (projectId: string) => useQuery({ ...membersQuery(projectId), enabled: isUuid(projectId) });

export function useAssignMembers(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId, members }: { linkId: string; members: LinkMembersInput }) => api.put(`/manage/projects/${projectId}/links/${linkId}/members`, members),
    onSuccess: () => client.invalidateQueries({ queryKey: projectsKey }),
  });
}

export function useSaveGroup(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId, groupId, group }: { linkId: string; groupId: string | null; group: LinkGroupInput | null }): Promise<{ groupId: string }> => {
      const base = `/manage/projects/${projectId}/links/${linkId}/groups`;
      if (group === null) return api.post(`${base}/${groupId}/delete`);
      return groupId ? api.put(`${base}/${groupId}`, group) : api.post(base, group);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: projectsKey }),
  });
}

/** The names of the people on a project's links, for screens that show who did what; empty where they may not be read. */
export function useMemberNames(projectId: string, enabled: boolean): Map<string, string> {
  const members = useQuery({ ...membersQuery(projectId), enabled: enabled && isUuid(projectId) });
  const names = new Map<string, string>();
  for (const link of members.data ?? []) for (const person of [...link.taggers, ...link.groups.flatMap((g) => g.taggers)]) names.set(person.id, person.name);
  return names;
}
