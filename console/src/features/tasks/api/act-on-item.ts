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

/** One command on each of several items (the PM's selection), each at the version its row was listed at; refusals are collected. */
export function useItemsCommand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ items, command }: { items: { id: string; version: string }[]; command: ItemCommand }) => {
      const refused: { id: string; message: string }[] = [];
      for (const item of items) {
        try {
          await sendItemCommand(item.id, item.version, command);
        } catch (error) {
          refused.push({ id: item.id, message: error instanceof Error ? error.message : String(error) });
        }
      }
      return { done: items.length - refused.length, refused };
    },
    onSettled: () => client.invalidateQueries({ queryKey: tasksKey }),
  });
}
