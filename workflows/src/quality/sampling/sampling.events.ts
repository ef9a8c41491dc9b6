// Events of a sampling task's stream (`sampling-<taskId>`): the draw of each round, the inspectors' claims and
// verdicts on the sample, each round's pass rate, and where the scope went: passed, back for rework, or to the PM.
import { z } from 'zod';
import type { DomainEvent } from '../../shared/event';
import { errorMarks } from '../../items/item.events';

export const samplingStreamId = (taskId: string): string => `sampling-${taskId}`;

/** The seed's limit: pass rates are tracked for up to four rounds, after which the PM decides. */
export const samplingMaxRounds = 4;
/** A project's pass threshold (a percent) when the PM has not chosen one. */
export const samplingPassThresholdDefault = 95;

const unreasonable = 'quality.sampling_quantity_unreasonable';
const instant = z.iso.datetime();
// Item ids are derived from their batch and place (md5): GUID-shaped, without a UUID version.
const itemId = z.guid();
const version = z.number().int().min(0);
const round = z.number().int().min(1).max(samplingMaxRounds);
const ref = { taskId: z.uuid(), projectId: z.uuid() };

/** The seed's sampling ratio is a whole percent from 0 to 100; a count is checked against the scope when drawing. */
export const sampleRule = z.discriminatedUnion('by', [
  z.object({ by: z.literal('ratio'), ratio: z.number({ error: unreasonable }).int(unreasonable).min(0, unreasonable).max(100, unreasonable) }).strict(),
  z.object({ by: z.literal('count'), count: z.number({ error: unreasonable }).int(unreasonable).min(1, unreasonable) }).strict(),
]);
export type SampleRule = z.infer<typeof sampleRule>;

export const samplingPassThreshold = z.number().int().min(0).max(100);

/** A batch, or what a link finished since the previous task over it (`since` is null for the first). */
export const samplingScope = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('batch'), batchId: z.uuid() }).strict(),
  z.object({ kind: z.literal('link'), linkId: z.uuid(), since: instant.nullable(), until: instant }).strict(),
]);
export type SamplingScope = z.infer<typeof samplingScope>;

/** A finished item in scope, with the one who annotated the result and the version that finished. */
export const sampleScopeItem = z.object({ itemId, annotatorId: z.uuid(), resultVersion: version }).strict();
export type SampleScopeItem = z.infer<typeof sampleScopeItem>;

export const sampleStratum = z.object({ annotatorId: z.uuid(), inScope: z.number().int().min(1), sampled: z.number().int().min(0) }).strict();

/** One round's draw: enough to check it again from the scope and the seed. */
const draw = {
  round,
  screeningCount: z.number().int().min(1),
  sampleSize: z.number().int().min(1),
  seed: z.number().int().min(0).max(0xffff_ffff),
  sample: z.array(sampleScopeItem).min(1),
  strata: z.array(sampleStratum),
};

export const sampleVerdict = z.enum(['pass', 'fail']);
export type SampleVerdict = z.infer<typeof sampleVerdict>;

/** A failed sample item sent back with the marks its inspector left. */
export const returnedItem = sampleScopeItem.extend({ marks: errorMarks }).strict();
export type ReturnedItem = z.infer<typeof returnedItem>;

export const samplingEventData = {
  SamplingTaskCreated: z.object({ ...ref, scope: samplingScope, rule: sampleRule, passThreshold: samplingPassThreshold, createdBy: z.uuid(), createdAt: instant, ...draw }),
  SampleItemClaimed: z.object({ ...ref, round, itemId, inspectorId: z.uuid(), claimedAt: instant }),
  SampleItemReleased: z.object({ ...ref, round, itemId, inspectorId: z.uuid(), releasedBy: z.uuid() }),
  SampleItemJudged: z.object({ ...ref, round, itemId, verdict: sampleVerdict, marks: errorMarks, resultVersion: version, inspectorId: z.uuid(), judgedAt: instant }),
  SamplingRoundClosed: z.object({ ...ref, round, judged: z.number().int().min(1), passed: z.number().int().min(0), passRate: z.number().min(0).max(1) }),
  SamplingScopePassed: z.object({ ...ref, round }),
  SamplingScopeReturned: z.object({ ...ref, round, items: z.array(returnedItem).min(1) }),
  SamplingRoundStarted: z.object({ ...ref, startedBy: z.uuid(), startedAt: instant, ...draw }),
  /** The last round failed: the scope waits for the PM, who accepts it as it is or returns its failed items. */
  SamplingTaskHeld: z.object({ ...ref, round }),
  SamplingTaskDecided: z.object({ ...ref, decision: z.enum(['accept', 'return']), decidedBy: z.uuid(), decidedAt: instant, items: z.array(returnedItem) }),
} as const;

type Data = typeof samplingEventData;
export type SamplingEventType = keyof Data;
export type SamplingEventOf<T extends SamplingEventType> = DomainEvent<T, z.infer<Data[T]>>;
export type SamplingEvent = { [T in SamplingEventType]: SamplingEventOf<T> }[SamplingEventType];

export const samplingEventTypes = Object.keys(samplingEventData) as SamplingEventType[];

/** Reads a stored event of a sampling stream, refusing one whose data does not fit its type. */
export function parseSamplingEvent(event: { type: string; data: unknown }): SamplingEvent {
  if (!(event.type in samplingEventData)) throw new Error(`Not a sampling event: ${event.type}`);
  const type = event.type as SamplingEventType;
  return { type, data: samplingEventData[type].parse(event.data) } as SamplingEvent;
}
