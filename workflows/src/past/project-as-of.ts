// A project's items as they were at a past moment: each item registered by then folded from its own stream, by the
// same evolve the command pipeline folds it with, and counted per link and status as the project's screens count.
import type { ItemEvent } from '../items/item.events';
import { evolveItem, type ItemState, type ItemStatus, startItemState } from '../items/item.evolve';

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
  const counts = new Map<string, PlacedItemCount>();
  let place = 0n;
  for (const state of states) {
    const key = `${state.linkId ?? ''} ${state.status}`;
    const row = counts.get(key);
    if (row) row.count += 1;
    else counts.set(key, { linkId: state.linkId, status: state.status, count: 1, first: place });
    place += 1n;
  }
  return orderedItemCounts([...counts.values()]);
}

/** A count per link and status with the place (in registration order) of the first item it counts. */
export interface PlacedItemCount extends PastItemCount {
  first: bigint;
}

/** Counts ordered as a past read shows them: links in the order their first item was registered, statuses in lifecycle order. */
export function orderedItemCounts(counts: PlacedItemCount[]): PastItemCount[] {
  const order: readonly ItemStatus[] = pastItemStatuses;
  const firstOfLink = new Map<string | null, bigint>();
  for (const c of counts) if (!firstOfLink.has(c.linkId) || c.first < firstOfLink.get(c.linkId)!) firstOfLink.set(c.linkId, c.first);
  const before = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
  return [...counts]
    .sort((a, b) => before(firstOfLink.get(a.linkId)!, firstOfLink.get(b.linkId)!) || order.indexOf(a.status) - order.indexOf(b.status))
    .map(({ linkId, status, count }) => ({ linkId, status, count }));
}
