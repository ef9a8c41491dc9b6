// What callers send to the work loop's routes, the same schemas the console's forms use.
import { z } from 'zod';
import { pageQuery } from '../shared/pagination';
import { errorMarks } from './item.events';
import { resultDocument } from './result.schema';

/** How many items one claim takes at most. */
export const claimMax = 100;

/** `rework`: only the items an inspector returned to the claimer, as the rework list claims them. */
export const claimInput = z
  .object({ count: z.number({ error: 'items.claim_count' }).int('items.claim_count').min(1, 'items.claim_count').max(claimMax, 'items.claim_count'), rework: z.boolean().optional() })
  .strict();
export const saveResultInput = z.object({ result: resultDocument }).strict();
export const rejectInput = z.object({ marks: errorMarks.min(1, 'items.marks_empty') }).strict();
export const markInvalidInput = z.object({ reasonId: z.uuid() }).strict();
export const recycleInput = z.object({ target: z.enum(['annotation_pool', 'same_link']), keepResult: z.boolean() }).strict();

/** A PM's selection: at most a page of a large table at once. */
const selection = z.array(z.guid()).min(1, 'items.bulk_empty').max(500, 'validation.too_big');
export const bulkReleaseInput = z.object({ itemIds: selection }).strict();
export const bulkRejectInput = z.object({ itemIds: selection, marks: errorMarks.min(1, 'items.marks_empty') }).strict();
export const bulkRecycleInput = z.object({ itemIds: selection, target: z.enum(['annotation_pool', 'same_link']), keepResult: z.boolean() }).strict();

export const itemListStatuses = ['waiting', 'claimed', 'held', 'finished', 'deleted'] as const;
export const itemListQuery = pageQuery.extend({
  /** The last item of the previous page. */
  cursor: z.guid('validation.invalid_cursor').optional(),
  linkId: z.uuid().optional(),
  status: z.enum(itemListStatuses).optional(),
  /** Only the caller's own items: those it holds, and the rework that waits for it to take it back. */
  mine: z.enum(['true', 'false']).optional(),
  batchId: z.uuid().optional(),
  /** Valid items, or those marked invalid. */
  effectiveness: z.enum(['valid', 'invalid']).optional(),
  /** Who holds the item now. */
  claimerId: z.uuid().optional(),
  /** The team whose share of its link's pool the item sits in. */
  teamId: z.uuid().optional(),
  /** Only items an inspector returned for rework (or only the others). */
  rework: z.enum(['true', 'false']).optional(),
});
export type ItemsQuery = z.infer<typeof itemListQuery>;
