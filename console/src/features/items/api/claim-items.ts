// POST /manage/items/links/:linkId/claims: take N items from a link's pool, or the rework returned to the caller; the
// lists of the caller's items refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { claimMax } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { itemsKey } from './item';

/** The claim form's count, the bounds the server holds it to. */
export const claimCount = z.coerce.number().int().min(1).max(claimMax);

export function useClaimItems(linkId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (claim: { count: number; rework?: boolean }) => api.post<{ items: string[] }>(`/manage/items/links/${linkId}/claims`, claim),
    onSuccess: () => client.invalidateQueries({ queryKey: itemsKey }),
  });
}
