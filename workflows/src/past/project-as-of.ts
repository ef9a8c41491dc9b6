// A project's items as they were at a past moment: each item registered by then folded from its own stream, by the
// same evolve the command pipeline folds it with, and counted per link and status as the project's screens count.
import type { ItemEvent } from '../tasks/item.events';
import { evolveItem, type ItemState, type ItemStatus, startItemState } from '../tasks/item.evolve';

/** An item as its import registered it: its link then (null while its project had none). */
export interface RegisteredItem {
  itemId: string;
  linkId: string | null;
}

export interface PastItemCount {
  linkId: string | null;
  status: ItemStatus;
  count: number;
}

/**
 * Folds the items' events, each item's in its stream's order (every event already at or before the moment); items
 * registered after the moment are not given, and events of items not given are left out.
 */
export function projectItemsAsOf(projectId: string, registered: Iterable<RegisteredItem>, events: Iterable<{ itemId: string; event: ItemEvent }>): Map<string, ItemState> {
  const states = new Map<string, ItemState>();
  for (const { itemId, linkId } of registered) states.set(itemId, startItemState({ itemId, projectId, linkId }));
  for (const { itemId, event } of events) {
    const state = states.get(itemId);
    if (state) states.set(itemId, evolveItem(state, event));
  }
  return states;
}

/** An item's statuses in lifecycle order, as a past list filters and counts them. */
export const pastItemStatuses = ['unlinked', 'pooled', 'claimed', 'held', 'finished'] as const satisfies readonly ItemStatus[];
export type PastItemStatus = (typeof pastItemStatuses)[number];

/** How many items stand where, per link and status, links in the order first met and statuses in lifecycle order. */
export function pastItemCounts(states: Iterable<Pick<ItemState, 'linkId' | 'status'>>): PastItemCount[] {
  const order: readonly ItemStatus[] = pastItemStatuses;
  const counts = new Map<string, PastItemCount>();
  for (const state of states) {
    const key = `${state.linkId ?? ''} ${state.status}`;
    const row = counts.get(key);
    if (row) row.count += 1;
    else counts.set(key, { linkId: state.linkId, status: state.status, count: 1 });
  }
  const links = [...new Set([...counts.values()].map((c) => c.linkId))];
  return [...counts.values()].sort((a, b) => links.indexOf(a.linkId) - links.indexOf(b.linkId) || order.indexOf(a.status) - order.indexOf(b.status));
}
