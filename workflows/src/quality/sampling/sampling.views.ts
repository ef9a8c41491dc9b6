// What the sampling routes answer with, for the API that writes them and the console that shows them.
import type { ErrorMark } from '../../items/item.events';
import type { ConfidenceInterval } from './confidence';
import type { SampleRule, SampleVerdict } from './sampling.events';
import type { SamplingStatus } from './sampling.machine';

export interface PersonRef {
  id: string;
  name: string;
}

export type SamplingScopeView =
  | { kind: 'batch'; batchId: string; batchName: string }
  | { kind: 'link'; linkId: string; linkName: string; since: string | null; until: string };

/** A closed round; rates are fractions from 0 to 1. */
export interface SamplingRoundView {
  round: number;
  screeningCount: number;
  sampleSize: number;
  judged: number;
  passed: number;
  passRate: number;
  interval: ConfidenceInterval;
}

export interface SamplingTaskRow {
  taskId: string;
  projectId: string;
  sequence: number;
  scope: SamplingScopeView;
  rule: SampleRule;
  /** A percent. */
  passThreshold: number;
  status: Exclude<SamplingStatus, 'new'>;
  round: number;
  /** The current round's. */
  screeningCount: number;
  sampleCount: number;
  judgedCount: number;
  passedCount: number;
  rounds: SamplingRoundView[];
  createdBy: PersonRef;
  createdAt: string;
  version: string;
}

export interface SampleItemView {
  itemId: string;
  fileName: string;
  batchName: string;
  annotator: PersonRef;
  resultVersion: number;
  claimer: PersonRef | null;
  verdict: SampleVerdict | null;
  marks: ErrorMark[];
  judgedAt: string | null;
}

/** One annotator over every round: in scope as the latest draw counted, and each round's sample of them. */
export interface SamplingAnnotatorView {
  annotator: PersonRef;
  inScope: number;
  sampled: number;
  judged: number;
  passed: number;
  /** Null until one of their items is judged. */
  passRate: number | null;
  interval: ConfidenceInterval | null;
}

export interface SamplingErrorView {
  errorGroupId: string;
  /** Null for a group the catalog no longer has. */
  groupName: string | null;
  value: string;
  count: number;
}

export interface SamplingTaskView {
  task: SamplingTaskRow;
  /** The current round's sample. */
  sample: SampleItemView[];
  annotators: SamplingAnnotatorView[];
  errors: SamplingErrorView[];
  /** The machine's events the caller may send now. */
  allowed: string[];
}

export interface SamplingPreview {
  screeningCount: number;
  /** How many people annotated the items in scope: each of them is sampled. */
  annotators: number;
  suggestedSampleSize: number;
}

/** An open task on an inspector's list. */
export interface MySamplingTask {
  taskId: string;
  projectId: string;
  projectName: string;
  round: number;
  sampleCount: number;
  judgedCount: number;
  /** Items nobody holds that the caller may claim. */
  unclaimed: number;
  /** Items the caller holds and has not judged yet. */
  mine: string[];
}
