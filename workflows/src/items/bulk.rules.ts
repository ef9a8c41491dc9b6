// The seed's rules for acting on many items at once: release only within one link, reject only within one
// link and one status.
import type { ItemStatus } from './item.evolve';
import { type Refusal } from './item.decide';

export interface BulkItem {
  itemId: string;
  linkId: string | null;
  status: ItemStatus;
}

const distinct = <T>(values: T[]): number => new Set(values).size;

export function bulkReleaseRefusal(items: BulkItem[]): Refusal | null {
  if (items.length === 0) return { messageKey: 'items.bulk_empty', params: {} };
  if (distinct(items.map((i) => i.linkId)) > 1) return { messageKey: 'items.bulk_release_mixed', params: {} };
  return null;
}

export function bulkRejectRefusal(items: BulkItem[]): Refusal | null {
  if (items.length === 0) return { messageKey: 'items.bulk_empty', params: {} };
  if (distinct(items.map((i) => i.linkId)) > 1 || distinct(items.map((i) => i.status)) > 1) return { messageKey: 'items.bulk_reject_mixed', params: {} };
  return null;
}
