// A project between two moments: which of its items changed (where they stood, their result) and who changed them.
// The query as it arrives, what the read answers, and the pure summary of one item's change from its own stream.
import { z } from 'zod';
import { evolveItem, type ItemState } from '../items/item.evolve';
import { type ItemHistory, itemAsOf } from './item-as-of';
import { type Moment } from './moment';
import { type ClassCount, type ObjectAspect, objectAspects, resultDiff } from './result-diff';

/**
 * A project diff's query: its two ends in one word each (`now`, `position:N`, `at:<instant>`; checked by the read, as
 * an item diff's are), the filters, and a page after the last item of the previous one.
 */
export const projectDiffQuery = z.object({
  from: z.string().max(60).optional(),
  to: z.string().max(60).optional(),
  linkId: z.uuid().optional(),
  personId: z.uuid().optional(),
  batchId: z.uuid().optional(),
  /** Only items whose result changed after an acceptor passed it. */
  afterAcceptance: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  cursor: z.guid('validation.invalid_cursor').optional(),
});
export type ProjectDiffQuery = z.infer<typeof projectDiffQuery>;

/** Where an item stood at one end. */
export interface ProjectDiffEnd {
  status: ItemState['status'];
  linkId: string | null;
  resultVersion: number;
}

/** An event between the two ends after which the item stood elsewhere or held another result, and who sent it. */
export interface ProjectDiffChange {
  position: string;
  recordedAt: string;
  type: string;
  actorId: string | null;
  actorName: string | null;
}

/** One item that changed between the two moments, from the earlier to the later. */
export interface ProjectDiffRow {
  itemId: string;
  batchId: string;
  fileName: string;
  /** Null where the item was registered after the earlier moment. */
  from: ProjectDiffEnd | null;
  to: ProjectDiffEnd;
  objects: { added: number; removed: number; changed: number };
  /** Every way a changed object changed, and whether the item's own attributes did. */
  aspects: ObjectAspect[];
  itemAttributesChanged: boolean;
  /** The classes whose number of objects differs. */
  counts: ClassCount[];
  changes: ProjectDiffChange[];
  /** Its result changed after an acceptor passed an earlier version. */
  changedAfterAcceptance: boolean;
}

export interface ProjectDiffPage {
  projectId: string;
  /** Each end as read ("now" is the last event when first asked): the tokens every later page asks with. */
  from: string;
  to: string;
  /**
   * Over every page: the items that changed, those whose place changed, those whose result changed, and the classes
   * whose number of objects over those items differs between the two moments.
   */
  totals: { items: number; moved: number; results: number; classes: ClassCount[] };
  rows: ProjectDiffRow[];
  nextCursor: string | null;
}

export type ItemChangeSummary = Pick<ProjectDiffRow, 'from' | 'to' | 'objects' | 'aspects' | 'itemAttributesChanged' | 'counts'> & {
  changes: Omit<ProjectDiffChange, 'actorName'>[];
};

const endOf = (state: ItemState): ProjectDiffEnd => ({ status: state.status, linkId: state.linkId, resultVersion: state.resultVersion });

/**
 * An item between two moments of position or time, folded from its own stream by the live evolve. An end before
 * its registration reads as absent; null when the item existed at neither.
 */
export function itemChangeSummary(history: ItemHistory, a: Moment, b: Moment, actorOf: (position: string) => string | null): ItemChangeSummary | null {
  const first = itemAsOf(history, a);
  const second = itemAsOf(history, b);
  const [before, after] = first.kind === 'found' && second.kind === 'found' && first.folded > second.folded ? [second, first] : [first, second];
  const later = after.kind === 'found' ? after : before.kind === 'found' ? before : null;
  if (!later) return null;
  const earlier = later === after && before.kind === 'found' ? before : null;
  const diff = resultDiff(earlier?.state.result ?? null, later.state.result);
  let state = history.start;
  const changes: ItemChangeSummary['changes'] = [];
  const firstIndex = earlier?.folded ?? 0;
  history.events.forEach((logged, index) => {
    const next = evolveItem(state, logged.event);
    const moved = next.status !== state.status || next.linkId !== state.linkId;
    if (index >= firstIndex && index < later.folded && (moved || next.resultVersion !== state.resultVersion || next.result !== state.result)) {
      changes.push({ position: logged.position, recordedAt: logged.recordedAt, type: logged.event.type, actorId: actorOf(logged.position) });
    }
    state = next;
  });
  const kinds = (kind: 'added' | 'removed' | 'changed') => diff.objects.filter((o) => o.kind === kind).length;
  const aspects = new Set(diff.objects.flatMap((o) => o.aspects));
  return {
    from: earlier && endOf(earlier.state),
    to: endOf(later.state),
    objects: { added: kinds('added'), removed: kinds('removed'), changed: kinds('changed') },
    aspects: objectAspects.filter((aspect) => aspects.has(aspect)),
    itemAttributesChanged: diff.itemAttributes.length > 0,
    counts: diff.counts.filter((c) => c.before !== c.after),
    changes,
  };
}
