// What the acceptance routes answer: the PM's and the acceptor's lists of batches, a batch with its items, the acceptor
// area's projects, items and statistics. Nothing internal: no annotator or inspector, no price, no link.
import type { ErrorMark } from '../../items/item.events';
import type { AcceptanceOutcome } from './acceptance.evolve';
import type { AcceptanceVerdict } from './acceptance.events';
import type { AcceptanceStatus } from './acceptance.machine';

export interface AcceptancePerson {
  id: string;
  name: string;
}

export interface AcceptanceBatchRow {
  batchId: string;
  projectId: string;
  sequence: number;
  status: AcceptanceStatus;
  itemCount: number;
  judgedCount: number;
  passedCount: number;
  rejectedCount: number;
  acceptors: AcceptancePerson[];
  claimer: AcceptancePerson | null;
  /** The start time of the current claim. */
  claimedAt: string | null;
  submittedAt: string | null;
  /** Seconds from the start time to the submission. */
  costSeconds: number | null;
  createdAt: string;
  decidedAt: string | null;
  version: string;
}

export interface AcceptanceItemRow {
  itemId: string;
  fileName: string;
  /** The result version the acceptor judges. */
  resultVersion: number;
  verdict: AcceptanceVerdict | null;
  marks: ErrorMark[];
  judgedAt: string | null;
  outcome: AcceptanceOutcome | null;
}

export interface AcceptanceBatchDetail {
  batch: AcceptanceBatchRow;
  items: AcceptanceItemRow[];
  /** The machine events the caller may send now. */
  allowed: string[];
}

export interface AcceptanceEligible {
  count: number;
  byBatch: { batchId: string; batchName: string; count: number }[];
}

export interface AcceptanceCreated {
  created: { batchId: string; sequence: number; itemCount: number }[];
  /** Selected items that may not be accepted now (in an open batch, passed, or rejected for good). */
  leftOut: number;
}

export interface AcceptanceProjectRow {
  projectId: string;
  projectName: string;
  batches: number;
  pending: number;
  accepting: number;
  submitted: number;
  passed: number;
  rejected: number;
}

export interface AcceptorItemRow {
  itemId: string;
  fileName: string;
  batchId: string;
  sequence: number;
  verdict: AcceptanceVerdict | null;
  outcome: AcceptanceOutcome | null;
  judgedAt: string | null;
}

export interface AcceptanceStatistics {
  itemCount: number;
  judgedCount: number;
  passedCount: number;
  rejectedCount: number;
  /** Passed of judged, 0..1; null before any verdict. */
  passRate: number | null;
  /** Cost time of the submitted batches per item they hold; null before any submission. */
  secondsPerItem: number | null;
  byBatch: {
    batchId: string;
    sequence: number;
    status: AcceptanceStatus;
    itemCount: number;
    judgedCount: number;
    passedCount: number;
    rejectedCount: number;
    costSeconds: number | null;
  }[];
  byDay: { day: string; judged: number; passed: number; rejected: number }[];
}
