// POST /manage/teams and PATCH /manage/teams/:id.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamInput } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { teamsKey } from './list-teams';

export type SaveTeam = { id: string | null; version?: string; input: TeamInput };

export const saveTeam = ({ id, version, input }: SaveTeam): Promise<{ id?: string; version?: string }> =>
  id === null ? api.post<{ id: string }>('/manage/teams', input) : api.patch<{ version: string }>(`/manage/teams/${id}`, input, version ? { 'if-match': `"${version}"` } : {});

export function useSaveTeam() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveTeam, onSuccess: () => client.invalidateQueries({ queryKey: teamsKey }) });
}
