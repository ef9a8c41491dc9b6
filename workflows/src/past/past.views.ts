// What the past reads answer: an item as it was at a moment, and the events and judgements a moment is chosen from.
import type { ErrorMark } from '../items/item.events';
import type { ItemState } from '../items/item.evolve';
import type { ResultDocument } from '../items/result.schema';
import type { ResultDiff } from './result-diff';

export interface ItemPastView {
  itemId: string;
  projectId: string;
  batchId: string;
  fileName: string;
  /** The image's size, where it was measured: what the result's coordinates are drawn on. */
  width: number | null;
  height: number | null;
  /** What was asked and what it resolved to: the last event the view includes, and how many of the stream's it includes. */
  moment: {
    asked: 'now' | 'position' | 'time' | 'version';
    position: string;
    recordedAt: string;
    folded: number;
    total: number;
  };
  status: ItemState['status'];
  linkId: string | null;
  links: ItemState['links'];
  claimerId: string | null;
  effectiveness: ItemState['effectiveness'];
  invalidReasonId: string | null;
  invalidity: ItemState['invalidity'];
  submissionCount: number;
  reworkCount: number;
  rework: boolean;
  held: boolean;
  resultVersion: number;
  result: ResultDocument | null;
  objectCount: number;
  marks: ErrorMark[];
  lastSavedAt: string | null;
  lastSubmittedAt: string | null;
}

/** One event of the item's stream, as a moment to choose. */
export interface ItemTimelineEvent {
  position: string;
  recordedAt: string;
  type: string;
  actorId: string | null;
  actorName: string | null;
  linkId: string | null;
  /** The version the event saved or judged, where it names one. */
  resultVersion: number | null;
}

/** A judgement of the item's result: by an inspector in a link, a sampling round or an acceptance batch. */
export interface ItemJudgement {
  gate: 'inspection' | 'sampling' | 'acceptance';
  /** The link, sampling task or acceptance batch it was judged in. */
  gateId: string;
  verdict: string;
  resultVersion: number;
  judgeId: string | null;
  judgeName: string | null;
  judgedAt: string;
  /** Its place in the log where the item's own stream holds it; the gates' judgements are found by their version. */
  position: string | null;
}

export interface ItemTimelineView {
  itemId: string;
  projectId: string;
  events: ItemTimelineEvent[];
  judgements: ItemJudgement[];
}

export function itemPastView(item: Pick<ItemPastView, 'itemId' | 'projectId' | 'batchId' | 'fileName' | 'width' | 'height'>, state: ItemState, moment: ItemPastView['moment']): ItemPastView {
  return {
    ...item,
    moment,
    status: state.status,
    linkId: state.linkId,
    links: state.links,
    claimerId: state.claimerId,
    effectiveness: state.effectiveness,
    invalidReasonId: state.invalidReasonId,
    invalidity: state.invalidity,
    submissionCount: state.submissionCount,
    reworkCount: state.reworkCount,
    rework: state.rework,
    held: state.held,
    resultVersion: state.resultVersion,
    result: state.result,
    objectCount: state.objectCount,
    marks: state.marks,
    lastSavedAt: state.lastSavedAt,
    lastSubmittedAt: state.lastSubmittedAt,
  };
}

/**
 * A moment an auditor asks about by what happened then: an acceptance verdict, a closed sampling round, or an
 * export's start (the moment its worker read the items). `position` is its event's global position, so the moment is
 * "as of event N".
 */
export type PastLandmark = { position: string; at: string } & (
  | { kind: 'acceptance'; sequence: number; verdict: 'passed' | 'rejected' }
  | { kind: 'sampling'; round: number; passRate: number }
  | { kind: 'export'; format: string; items: number; objects: number }
);

/** A project's items as they were at a moment: how many were registered by then and where they stood. */
export interface ProjectPastView {
  projectId: string;
  /** What was asked, and the position or time it was read at (now is the last settled event). */
  moment: { asked: 'now' | 'position' | 'time' | 'version'; position?: string; at?: string };
  items: number;
  counts: { linkId: string | null; status: ItemState['status']; count: number }[];
  /** How long the fold took on the server, for the reader to judge a moment far back. */
  tookMs: number;
}

/** One end of an item's diff: the moment it resolved to, and the result there. */
export interface ItemDiffEnd {
  moment: ItemPastView['moment'];
  status: ItemState['status'];
  resultVersion: number;
  result: ResultDocument | null;
}

/** An event between the two ends that changed the result, and who sent it. */
export interface ItemResultChange {
  position: string;
  recordedAt: string;
  type: string;
  resultVersion: number | null;
  actorId: string | null;
  actorName: string | null;
}

/** What changed in an item's result between two moments, from the earlier of the two to the later. */
export interface ItemDiffView {
  itemId: string;
  projectId: string;
  fileName: string;
  width: number | null;
  height: number | null;
  from: ItemDiffEnd;
  to: ItemDiffEnd;
  diff: ResultDiff;
  changes: ItemResultChange[];
}

/** One item of a project's list as it stood at a moment: where it was and what its result was then. */
export interface PastItemRow {
  itemId: string;
  batchId: string;
  fileName: string;
  linkId: string | null;
  status: ItemState['status'];
  claimerId: string | null;
  effective: boolean;
  rework: boolean;
  resultVersion: number;
  objectCount: number;
}

/** A page of a project's items as of a moment, and the moment it was read at, for the next page and each item. */
export interface PastItemsPage {
  /** The log position the moment resolved to ("now" is the last event when first asked), or the time asked. */
  moment: { position: string } | { at: string };
  items: PastItemRow[];
  nextCursor: string | null;
}
