// PUT /manage/distribution/links/:linkId: the PM shares a link's pool among its teams; the numbers are read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type LinkDistributionInput, linkDistributionInput } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { distributionKey } from './get-distribution';

/** The form checks its values with the schema the server holds them to. */
export { linkDistributionInput };

export function useDistributeLink(linkId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LinkDistributionInput) => api.put<{ version: string }>(`/manage/distribution/links/${linkId}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: distributionKey }),
  });
}
