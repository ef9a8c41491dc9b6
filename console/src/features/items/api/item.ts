// What the work loop's reads answer with: an item as the lists and the item page show it, its result and its history.
import type { ItemRouteName, SavedResult, ItemView } from '@annot/workflows';

export type { SavedResult, ItemListStatus } from '@annot/workflows';
export type ItemRow = ItemView;

export interface ItemDetailView extends ItemRow {
  result: SavedResult | null;
  /** What the reader may do with the item now, as the server's item machine answers from the item action table. */
  actions?: ItemRouteName[];
}

export interface ItemHistoryEntry {
  type: string;
  data: Record<string, unknown>;
  /** Null where the reader may not know who worked on the item and someone else did this. */
  actorId: string | null;
  /** The person's name, for those who may know who worked on the item. */
  actorName?: string | null;
  at: string;
  /** Set where an algorithm version wrote the event (a pre-annotation). */
  algorithm?: { zh: string; en: string; version: string } | null;
}

export const itemsKey = ['items'] as const;
