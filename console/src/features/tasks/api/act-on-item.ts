// The item's commands (POST submit, release, pass, reject, mark-invalid, ..., recycle, accept), each
// sent with If-Match from the item's ETag; every work-loop query refreshes after one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErrorMark } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { tasksKey } from './task-item';

export type ItemCommand =
  | { verb: 'submit' | 'release' | 'pass' | 'mark-valid' | 'confirm-invalid' | 'overturn-invalid' | 'accept' }
  | { verb: 'reject'; marks: ErrorMark[] }
  | { verb: 'mark-invalid'; reasonId: string }
  | { verb: 'recycle'; target: 'annotation_pool' | 'same_link'; keepResult: boolean };

export type ItemVerb = ItemCommand['verb'];

export interface ItemAnswer {
  version: string;
  status: string;
}

const ifMatch = (version: string | null): Record<string, string> => (version ? { 'if-match': `"${version}"` } : {});

export function sendItemCommand(itemId: string, version: string | null, command: ItemCommand): Promise<ItemAnswer> {
  const { verb, ...body } = command;
  return api.command<ItemAnswer>(`/manage/tasks/items/${itemId}/${verb}`, body, ifMatch(version));
}

export function useItemCommand(itemId: string, version: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (command: ItemCommand) => sendItemCommand(itemId, version, command),
    // Not awaited: a tagger who hands the item on may no longer read it, and the caller moves on without waiting for that answer.
    onSettled: () => void client.invalidateQueries({ queryKey: tasksKey }),
  });
}

export type BulkCommand = { verb: 'release' } | { verb: 'recycle'; target: 'annotation_pool' | 'same_link'; keepResult: boolean };

/** POST /manage/tasks/projects/:projectId/bulk-release and bulk-recycle: the PM's selection in one transaction, under the seed's bulk rules. */
export function useBulkCommand(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ itemIds, command }: { itemIds: string[]; command: BulkCommand }) => {
      const { verb, ...body } = command;
      return api.post<{ items: number }>(`/manage/tasks/projects/${projectId}/bulk-${verb}`, { itemIds, ...body });
    },
    onSettled: () => void client.invalidateQueries({ queryKey: tasksKey }),
  });
}
