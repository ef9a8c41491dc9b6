// An item's result between two moments: each end folded by itemAsOf, the documents compared, and the events between
// the two that changed the result (who saved, cleared or replaced it). Pure, like itemAsOf.
import { z } from 'zod';
import { evolveItem } from '../items/item.evolve';
import { type ItemAsOf, type ItemHistory, itemAsOf, type LoggedItemEvent } from './item-as-of';
import { type Moment, momentOf, momentQuery, type MomentQuery } from './moment';
import { type ResultDiff, resultDiff } from './result-diff';

/** A diff's query as it arrives, bounded only, like a past read's. */
export const rawDiffQuery = z.object({ from: z.string().max(60).optional(), to: z.string().max(60).optional() });
export type RawDiffQuery = z.infer<typeof rawDiffQuery>;

/**
 * One end of a diff in one word: `now`, `position:N`, `at:<ISO instant>` or `version:N`, checked by the past read's own
 * rules. An end left out is now.
 */
const momentToken = z
  .string()
  .optional()
  .transform((token, ctx): MomentQuery => {
    if (token === undefined || token === 'now') return {};
    const [, kind, value] = /^(position|at|version):(.+)$/.exec(token) ?? [];
    const parsed = kind ? momentQuery.safeParse({ [kind]: value }) : null;
    if (parsed?.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: parsed?.error.issues[0]?.message ?? 'validation.invalid_format' });
    return z.NEVER;
  });
export const diffQuery = z.object({ from: momentToken, to: momentToken });

export const diffMoments = (query: z.infer<typeof diffQuery>): { from: Moment; to: Moment } => ({ from: momentOf(query.from), to: momentOf(query.to) });

type Found = Extract<ItemAsOf, { kind: 'found' }>;

export type ItemDiff =
  /** `swapped` where the moment asked first came later in the log: the diff always runs from the earlier to the later. */
  | { kind: 'found'; from: Found; to: Found; swapped: boolean; diff: ResultDiff; changes: LoggedItemEvent[] }
  | { kind: 'not_yet' | 'no_version'; end: 'from' | 'to' };

export function itemDiff(history: ItemHistory, from: Moment, to: Moment): ItemDiff {
  const first = itemAsOf(history, from);
  if (first.kind !== 'found') return { kind: first.kind, end: 'from' };
  const second = itemAsOf(history, to);
  if (second.kind !== 'found') return { kind: second.kind, end: 'to' };
  const swapped = first.folded > second.folded;
  const [before, after] = swapped ? [second, first] : [first, second];
  return { kind: 'found', from: before, to: after, swapped, diff: resultDiff(before.state.result, after.state.result), changes: resultChanges(history, before.folded, after.folded) };
}

/** The events between the two ends after which the item's result was not what it was before them. */
function resultChanges({ start, events }: ItemHistory, first: number, last: number): LoggedItemEvent[] {
  let state = start;
  const changes: LoggedItemEvent[] = [];
  events.forEach((logged, index) => {
    const next = evolveItem(state, logged.event);
    if (index >= first && index < last && (next.resultVersion !== state.resultVersion || next.result !== state.result)) changes.push(logged);
    state = next;
  });
  return changes;
}
