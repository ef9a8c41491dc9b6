// Rules for making a project's acceptance batches from the items that passed the earlier gates: which of them may be
// accepted now, and a deterministic split by number of batches or by single batch amount.
import { z } from 'zod';
import { type Refusal, refuse } from '../../items/item.decide';
import type { AcceptanceItem } from './acceptance.events';
import type { AcceptanceState } from './acceptance.evolve';

const numberUnreasonable = 'quality.acceptance_batch_number_unreasonable';
const amountUnreasonable = 'quality.acceptance_batch_amount_unreasonable';

/** How the PM splits the selection: into a number of batches, or into batches of a single batch amount. */
export const acceptanceSplit = z.discriminatedUnion('by', [
  z.object({ by: z.literal('number'), batches: z.number({ error: numberUnreasonable }).int(numberUnreasonable).min(1, numberUnreasonable) }).strict(),
  z.object({ by: z.literal('amount'), amount: z.number({ error: amountUnreasonable }).int(amountUnreasonable).min(1, amountUnreasonable) }).strict(),
]);
export type AcceptanceSplit = z.infer<typeof acceptanceSplit>;

/**
 * Where an item stands in acceptance: never batched (or only in withdrawn batches), in an open batch, passed, returned
 * for rework by a verdict with repair allowed, or rejected for good by one without.
 */
export type ItemAcceptance = 'not_accepted' | 'in_batch' | 'passed' | 'returned' | 'rejected';

/** An item the PM selected among those that passed the earlier gates (a returned item only once its rework passed them). */
export interface AcceptanceCandidate extends AcceptanceItem {
  acceptance: ItemAcceptance;
}

export interface AcceptanceBatchRules {
  /** The project's "whether accepted-passed data can be re-accepted" toggle. */
  reacceptPassed: boolean;
}

export type LeftOutReason = 'in_batch' | 'passed' | 'rejected';

export interface AcceptanceBatchPlan {
  /** The batches in order, each with its items in the order they were selected. */
  batches: AcceptanceItem[][];
  /** Selected items that may not be accepted now, so the PM can be told why they are missing. */
  leftOut: { itemId: string; reason: LeftOutReason }[];
}

/** Why an item may not go in a new batch, or null when it may. */
function leftOutReason(acceptance: ItemAcceptance, rules: AcceptanceBatchRules): LeftOutReason | null {
  if (acceptance === 'in_batch' || acceptance === 'rejected') return acceptance;
  if (acceptance === 'passed' && !rules.reacceptPassed) return 'passed';
  return null;
}

/** Batch sizes that differ by at most one, the larger ones first. */
const sizesByNumber = (total: number, batches: number): number[] =>
  Array.from({ length: batches }, (_, i) => Math.floor(total / batches) + (i < total % batches ? 1 : 0));

/** Full batches of the amount, the remainder in a last, smaller one. */
const sizesByAmount = (total: number, amount: number): number[] =>
  Array.from({ length: Math.ceil(total / amount) }, (_, i) => Math.min(amount, total - i * amount));

function cut<T>(items: T[], sizes: number[]): T[][] {
  let at = 0;
  return sizes.map((size) => items.slice(at, (at += size)));
}

const positiveInteger = (n: number) => Number.isInteger(n) && n >= 1;

/**
 * Splits the selection, in the order given, into batches. Items that may not be accepted now are left out rather than
 * refusing the whole selection, so a selection made from a list that shows them still works; the plan names them.
 * A single batch amount must be less than the items selected, as the seed says; one batch of them all is made by
 * number of batches 1.
 */
export function planAcceptanceBatches(
  selected: AcceptanceCandidate[],
  split: AcceptanceSplit,
  rules: AcceptanceBatchRules,
): { plan: AcceptanceBatchPlan } | { refusal: Refusal } {
  const seen = new Set<string>();
  const items: AcceptanceItem[] = [];
  const leftOut: AcceptanceBatchPlan['leftOut'] = [];
  for (const { itemId, resultVersion, acceptance } of selected) {
    if (seen.has(itemId)) continue;
    seen.add(itemId);
    const reason = leftOutReason(acceptance, rules);
    if (reason) leftOut.push({ itemId, reason });
    else items.push({ itemId, resultVersion });
  }
  if (split.by === 'number' && !positiveInteger(split.batches)) return refuse(numberUnreasonable);
  if (split.by === 'amount' && !positiveInteger(split.amount)) return refuse(amountUnreasonable);
  if (items.length === 0) return refuse('quality.acceptance_selection_empty', { leftOut: leftOut.length });
  if (split.by === 'number' && split.batches > items.length) return refuse(numberUnreasonable, { max: items.length });
  if (split.by === 'amount' && split.amount >= items.length) return refuse('quality.acceptance_batch_count_too_large', { selected: items.length });
  const sizes = split.by === 'number' ? sizesByNumber(items.length, split.batches) : sizesByAmount(items.length, split.amount);
  return { plan: { batches: cut(items, sizes), leftOut } };
}

/** What one batch says about its items: open batches hold them, a verdict settles them, a withdrawn batch says nothing. */
export function itemAcceptanceIn(state: AcceptanceState): { itemId: string; acceptance: ItemAcceptance }[] {
  switch (state.status) {
    case 'pending':
    case 'accepting':
    case 'submitted':
      return state.items.map(({ itemId }) => ({ itemId, acceptance: 'in_batch' }));
    case 'passed':
    case 'rejected':
      return state.items.map(({ itemId, outcome }) => ({ itemId, acceptance: outcome ?? 'not_accepted' }));
    case 'not_accepted':
    case 'withdrawn':
      return [];
  }
}
