// The item's commands, each the route of an entry of the item action table (POST items/:itemId/<verb>), sent with
// If-Match from the item's ETag; every work-loop query refreshes after one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ItemActionBody, itemActionVerb, type ItemRouteName } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { itemsKey } from './item';

/** The actions a person sends from the item's buttons: every routed one of the table's but the editor's own saves. */
export type ItemVerb = Exclude<ItemRouteName, 'save'>;

/** An action with what its route's body carries, flat as the dialogs give it. */
export type ItemCommand = { [V in ItemVerb]: { verb: V } & ItemActionBody<V> }[ItemVerb];

/** The item's buttons: the actions the server allows the reader, in the table's order. */
export const itemVerbsOf = (actions: ItemRouteName[] | undefined): ItemVerb[] => (actions ?? []).filter((name): name is ItemVerb => name !== 'save');

export interface ItemAnswer {
  version: string;
  status: string;
}

const ifMatch = (version: string | null): Record<string, string> => (version ? { 'if-match': `"${version}"` } : {});

export function sendItemCommand(itemId: string, version: string | null, command: ItemCommand): Promise<ItemAnswer> {
  const { verb, ...body } = command;
  return api.command<ItemAnswer>(`/manage/items/${itemId}/${itemActionVerb(verb)}`, body, ifMatch(version));
}

export function useItemCommand(itemId: string, version: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (command: ItemCommand) => sendItemCommand(itemId, version, command),
    // Not awaited: a tagger who hands the item on may no longer read it, and the caller moves on without waiting for that answer.
    onSettled: () => void client.invalidateQueries({ queryKey: itemsKey }),
  });
}

export type BulkCommand = { verb: 'release' } | { verb: 'recycle'; target: 'annotation_pool' | 'same_link'; keepResult: boolean };

/** POST /manage/items/projects/:projectId/bulk-release and bulk-recycle: the PM's selection in one transaction, under the seed's bulk rules. */
export function useBulkCommand(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ itemIds, command }: { itemIds: string[]; command: BulkCommand }) => {
      const { verb, ...body } = command;
      return api.post<{ items: number }>(`/manage/items/projects/${projectId}/bulk-${verb}`, { itemIds, ...body });
    },
    onSettled: () => void client.invalidateQueries({ queryKey: itemsKey }),
  });
}
