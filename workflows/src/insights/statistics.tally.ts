// The statistics projection's arithmetic, free of I/O: given what it knows of the items and people an event names,
// each work-loop event moves an item between the places of a pipeline and adds to the counters of the person, team,
// link, batch and 15-minute bucket it belongs to. The projection loads the facts, runs this, and writes the changes;
// the result does not depend on how the log is split into batches, so a replay writes the same rows.
import type { ItemEvent } from '../items/item.events';
import type { ResultDocument } from '../items/result.schema';
import { bucketOf } from './statistics.buckets';

/** Where an item is in its project's pipeline. `unknown` is an item the projection never saw registered. */
export type PipelinePlace = 'unknown' | 'new' | 'waiting' | 'claimed' | 'held' | 'finished';

/** Who an item's finish was credited to, so a recycle can take the credit back from the same row. */
export interface ItemCredit {
  personId: string;
  teamId: string | null;
  linkId: string;
  batchId: string | null;
  valid: boolean;
}

/** What the projection keeps of one item: its place and the little it needs to attribute the next event. */
export interface ItemFacts {
  itemId: string;
  projectId: string;
  batchId: string | null;
  linkId: string | null;
  place: PipelinePlace;
  claimedAt: string | null;
  /** The last submitter, and the annotation link they submitted at: whose work an inspection judges. */
  annotatorId: string | null;
  annotatorLinkId: string | null;
  effective: boolean;
  objects: number;
  classes: Record<string, number>;
  credit: ItemCredit | null;
}

export const workCounters = ['claimed', 'submitted', 'reworked', 'invalid', 'objects', 'workMs', 'timed', 'passed', 'rejected', 'finished', 'finishedValid'] as const;
export type WorkCounter = (typeof workCounters)[number];
export type WorkCounts = Record<WorkCounter, number>;

export interface WorkKey {
  projectId: string;
  linkId: string;
  batchId: string | null;
  personId: string;
  teamId: string | null;
  bucket: string;
}

export interface WorkRow extends WorkKey {
  counts: WorkCounts;
}

export interface ClassRow extends WorkKey {
  className: string;
  objects: number;
}

export interface PositionRow {
  projectId: string;
  batchId: string | null;
  linkId: string | null;
  place: Exclude<PipelinePlace, 'unknown'>;
  items: number;
}

/** An event as the tally reads it: `recordedAt` times the events that carry no instant of their own. */
export interface TallyEvent {
  type: string;
  data: unknown;
  recordedAt: string;
}

export const tallyEventTypes: readonly string[] = [
  'ItemEnteredPool',
  'ItemClaimed',
  'ItemReleased',
  'ItemClaimExpired',
  'ResultSaved',
  'ItemSubmitted',
  'ItemMarkedInvalid',
  'ItemMarkedValid',
  'InvalidityOverturned',
  'ItemPassed',
  'ItemRejected',
  'ItemHeld',
  'ItemRecycled',
  'ItemReturned',
  'ItemFinished',
  'AccountCreated',
  'AccountRegistered',
  'AccountEdited',
];

/** Objects of a result by class: the label the editor gave, or the tool that drew it. */
export function classesOf(result: Pick<ResultDocument, 'objects'>): Record<string, number> {
  const classes: Record<string, number> = {};
  for (const object of result.objects) {
    const name = object.className ?? `tool:${object.toolId}`;
    classes[name] = (classes[name] ?? 0) + 1;
  }
  return classes;
}

export const emptyCounts = (): WorkCounts => Object.fromEntries(workCounters.map((c) => [c, 0])) as WorkCounts;

const keyOf = (k: WorkKey) => `${k.projectId}|${k.linkId}|${k.batchId ?? ''}|${k.personId}|${k.teamId ?? ''}|${k.bucket}`;

export function newItem(itemId: string, projectId: string): ItemFacts {
  return { itemId, projectId, batchId: null, linkId: null, place: 'unknown', claimedAt: null, annotatorId: null, annotatorLinkId: null, effective: true, objects: 0, classes: {}, credit: null };
}

type Data<T extends ItemEvent['type']> = Extract<ItemEvent, { type: T }>['data'];

export class StatisticsTally {
  /** Facts of the items and teams of the people the events name; loaded by the caller, changed here. */
  readonly items = new Map<string, ItemFacts>();
  readonly teams = new Map<string, string | null>();
  readonly changedItems = new Set<string>();
  readonly changedPeople = new Set<string>();
  private readonly work = new Map<string, WorkRow>();
  private readonly classes = new Map<string, ClassRow>();
  private readonly positions = new Map<string, PositionRow>();

  apply(event: TallyEvent): void {
    switch (event.type) {
      case 'AccountCreated':
      case 'AccountRegistered': {
        const d = event.data as { accountId: string; teamId: string | null };
        return this.setTeam(d.accountId, d.teamId ?? null);
      }
      case 'AccountEdited': {
        const d = event.data as { accountId: string; changes: { teamId?: string | null } };
        if ('teamId' in d.changes) this.setTeam(d.accountId, d.changes.teamId ?? null);
        return;
      }
    }
    const d = event.data as { itemId: string; projectId: string };
    const item = this.item(d.itemId, d.projectId);
    this.changedItems.add(item.itemId);
    const bucket = (instant: string) => bucketOf(instant);
    switch (event.type as ItemEvent['type']) {
      case 'ItemEnteredPool':
        return this.move(item, (d as Data<'ItemEnteredPool'>).linkId, 'waiting');
      case 'ItemClaimed': {
        const c = d as Data<'ItemClaimed'>;
        this.move(item, c.linkId, 'claimed');
        item.claimedAt = c.claimedAt;
        return this.count(item, c.linkId, c.claimerId, bucket(c.claimedAt), { claimed: 1 });
      }
      case 'ItemReleased':
      case 'ItemClaimExpired':
        item.claimedAt = null;
        return this.move(item, (d as Data<'ItemReleased'>).linkId, 'waiting');
      case 'ResultSaved': {
        const s = d as Data<'ResultSaved'>;
        item.objects = s.objectCount;
        item.classes = classesOf(s.result);
        return;
      }
      case 'ItemSubmitted': {
        const s = d as Data<'ItemSubmitted'>;
        const at = bucket(s.submittedAt);
        const workMs = item.claimedAt ? Math.max(0, Date.parse(s.submittedAt) - Date.parse(item.claimedAt)) : 0;
        this.count(item, s.linkId, s.submittedBy, at, {
          submitted: 1,
          reworked: s.rework ? 1 : 0,
          invalid: item.effective ? 0 : 1,
          objects: item.objects,
          workMs,
          timed: item.claimedAt ? 1 : 0,
        });
        for (const [className, objects] of Object.entries(item.classes)) this.countClass(item, s.linkId, s.submittedBy, at, className, objects);
        item.annotatorId = s.submittedBy;
        item.annotatorLinkId = s.linkId;
        item.claimedAt = null;
        if (s.toLinkId) this.move(item, s.toLinkId, 'waiting');
        return;
      }
      case 'ItemMarkedInvalid':
        item.effective = false;
        return;
      case 'ItemMarkedValid':
      case 'InvalidityOverturned':
        item.effective = true;
        return;
      case 'ItemPassed':
      case 'ItemRejected': {
        const v = d as Data<'ItemPassed'>;
        const verdict = event.type === 'ItemPassed' ? { passed: 1 } : { rejected: 1 };
        const at = bucket(event.recordedAt);
        // The inspector's verdicts count at the inspection link; the annotator's judged work at their own link.
        this.count(item, v.linkId, v.inspectorId, at, verdict);
        if (item.annotatorId && item.annotatorLinkId) this.count(item, item.annotatorLinkId, item.annotatorId, at, verdict);
        item.claimedAt = null;
        if (v.toLinkId) this.move(item, v.toLinkId, 'waiting');
        return;
      }
      case 'ItemHeld':
        return this.move(item, (d as Data<'ItemHeld'>).linkId, 'held');
      case 'ItemRecycled': {
        const r = d as Data<'ItemRecycled'>;
        this.takeCredit(item, bucket(event.recordedAt));
        if (!r.keepResult) Object.assign(item, { objects: 0, classes: {}, effective: true });
        item.claimedAt = null;
        return this.move(item, r.toLinkId, 'waiting');
      }
      case 'ItemReturned':
        item.claimedAt = null;
        return this.move(item, (d as Data<'ItemReturned'>).toLinkId, 'waiting');
      case 'ItemFinished': {
        const f = d as Data<'ItemFinished'>;
        this.move(item, f.linkId, 'finished');
        // A quality gate's rework finishes the item again: its annotator is paid once.
        if (!item.credit && item.annotatorId && item.annotatorLinkId) {
          const teamId = this.teams.get(item.annotatorId) ?? null;
          item.credit = { personId: item.annotatorId, teamId, linkId: item.annotatorLinkId, batchId: item.batchId, valid: item.effective };
          this.add(item.projectId, item.credit, bucket(event.recordedAt), { finished: 1, finishedValid: item.effective ? 1 : 0 });
        }
        return;
      }
    }
  }

  workRows(): WorkRow[] {
    return [...this.work.values()];
  }

  /**
   * Every key touched, zero sums included: whether a row exists must not depend on where the log was split into
   * batches, or a replay would find a row the live table lacks.
   */
  classRows(): ClassRow[] {
    return [...this.classes.values()];
  }

  positionRows(): PositionRow[] {
    return [...this.positions.values()];
  }

  private item(itemId: string, projectId: string): ItemFacts {
    let item = this.items.get(itemId);
    if (!item) {
      item = newItem(itemId, projectId);
      this.items.set(itemId, item);
    }
    return item;
  }

  private setTeam(personId: string, teamId: string | null): void {
    this.teams.set(personId, teamId);
    this.changedPeople.add(personId);
  }

  /** An item seen for the first time here has no place to leave; it only arrives. */
  private move(item: ItemFacts, linkId: string, place: Exclude<PipelinePlace, 'unknown'>): void {
    if (item.place !== 'unknown') this.shift(item, item.linkId, item.place, -1);
    item.linkId = linkId;
    item.place = place;
    this.shift(item, linkId, place, 1);
  }

  private shift(item: ItemFacts, linkId: string | null, place: Exclude<PipelinePlace, 'unknown'>, items: number): void {
    const key = `${item.projectId}|${item.batchId ?? ''}|${linkId ?? ''}|${place}`;
    const row = this.positions.get(key) ?? { projectId: item.projectId, batchId: item.batchId, linkId, place, items: 0 };
    row.items += items;
    this.positions.set(key, row);
  }

  private count(item: ItemFacts, linkId: string, personId: string, bucket: string, counts: Partial<WorkCounts>): void {
    this.add(item.projectId, { personId, teamId: this.teams.get(personId) ?? null, linkId, batchId: item.batchId }, bucket, counts);
  }

  private add(projectId: string, who: Omit<ItemCredit, 'valid'>, bucket: string, counts: Partial<WorkCounts>): void {
    const key: WorkKey = { projectId, linkId: who.linkId, batchId: who.batchId, personId: who.personId, teamId: who.teamId, bucket };
    const id = keyOf(key);
    const row = this.work.get(id) ?? { ...key, counts: emptyCounts() };
    for (const [counter, value] of Object.entries(counts) as [WorkCounter, number][]) row.counts[counter] += value;
    this.work.set(id, row);
  }

  private countClass(item: ItemFacts, linkId: string, personId: string, bucket: string, className: string, objects: number): void {
    const key: WorkKey = { projectId: item.projectId, linkId, batchId: item.batchId, personId, teamId: this.teams.get(personId) ?? null, bucket };
    const id = `${keyOf(key)}|${className}`;
    const row = this.classes.get(id) ?? { ...key, className, objects: 0 };
    row.objects += objects;
    this.classes.set(id, row);
  }

  private takeCredit(item: ItemFacts, bucket: string): void {
    if (!item.credit) return;
    this.add(item.projectId, item.credit, bucket, { finished: -1, finishedValid: item.credit.valid ? -1 : 0 });
    item.credit = null;
  }
}
