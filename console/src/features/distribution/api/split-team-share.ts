// PUT /manage/distribution/links/:linkId/groups: a supplier splits its team's share among its groups; the numbers are read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TeamSplitInput, teamSplitInput } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { distributionKey } from './get-distribution';

/** The form checks its values with the schema the server holds them to. */
export { teamSplitInput };

export function useSplitTeamShare(linkId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TeamSplitInput) => api.put<{ version: string }>(`/manage/distribution/links/${linkId}/groups`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: distributionKey }),
  });
}
