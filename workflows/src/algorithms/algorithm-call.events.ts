// Events of one algorithm call: asked for, its items planned in chunks with the control group held out, each chunk's
// answers, waits while the endpoint's circuit is open, and its end.
import { z } from 'zod';
import type { DomainEvent } from '../shared/event';
import { algorithmCallScope } from './algorithm.schemas';

const ref = { callId: z.uuid() };
const reason = { reasonKey: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).default({}) };

/** What the model found, kept compact for the analysis: class, its tool, score and bounds in pixels [x, y, width, height]. */
export const detection = z.object({ className: z.string(), toolId: z.uuid().nullable(), score: z.number(), box: z.tuple([z.number(), z.number(), z.number(), z.number()]) });
export type Detection = z.infer<typeof detection>;

export const callOutcomes = ['answered', 'failed', 'skipped'] as const;
export const callItemOutcome = z.object({
  itemId: z.guid(),
  outcome: z.enum(callOutcomes),
  latencyMs: z.number().int().min(0).nullable(),
  /** The result version the answer became; null where nothing was written. */
  resultVersion: z.number().int().min(1).nullable(),
  detections: z.array(detection).default([]),
  reasonKey: z.string().nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
});
export type CallItemOutcome = z.infer<typeof callItemOutcome>;

export const algorithmCallEventSchemas = {
  AlgorithmCallRequested: z.object({
    ...ref,
    projectId: z.uuid(),
    algorithmId: z.uuid(),
    versionId: z.uuid(),
    version: z.string(),
    scope: algorithmCallScope,
    scoreThreshold: z.number(),
    controlGroupRatio: z.number().int(),
    /** The seed of the control group's draw: with the items' ids it gives the same group again. */
    drawSeed: z.number().int(),
    requestedBy: z.string(),
  }),
  /** A page of the scope: its items in chunks to call, and those held out. */
  AlgorithmCallPlanned: z.object({ ...ref, page: z.number().int().min(0), chunks: z.array(z.object({ chunk: z.number().int().min(0), itemIds: z.array(z.guid()) })), controlItemIds: z.array(z.guid()) }),
  AlgorithmCallDispatched: z.object({ ...ref, chunks: z.number().int().min(0), items: z.number().int().min(0), control: z.number().int().min(0) }),
  /** Answers of a chunk's items; `chunkDone` once none of the chunk is left to send. */
  AlgorithmCallAnswered: z.object({ ...ref, chunk: z.number().int().min(0), outcomes: z.array(callItemOutcome), chunkDone: z.boolean() }),
  /** The endpoint kept failing: its circuit is open and the chunk is tried again at `resumeAt`. */
  AlgorithmCallInterrupted: z.object({ ...ref, chunk: z.number().int().min(0), resumeAt: z.string(), ...reason }),
  AlgorithmCallResumed: z.object(ref),
  AlgorithmCallFinished: z.object(ref),
  AlgorithmCallStopped: z.object({ ...ref, ...reason, stoppedBy: z.string() }),
  /** A stopped call sent again from the first chunk with items left. */
  AlgorithmCallRestarted: z.object({ ...ref, chunk: z.number().int().min(0), restartedBy: z.string() }),
};

type Data<K extends keyof typeof algorithmCallEventSchemas> = z.infer<(typeof algorithmCallEventSchemas)[K]>;
export type AlgorithmCallRequested = DomainEvent<'AlgorithmCallRequested', Data<'AlgorithmCallRequested'>>;
export type AlgorithmCallPlanned = DomainEvent<'AlgorithmCallPlanned', Data<'AlgorithmCallPlanned'>>;
export type AlgorithmCallDispatched = DomainEvent<'AlgorithmCallDispatched', Data<'AlgorithmCallDispatched'>>;
export type AlgorithmCallAnswered = DomainEvent<'AlgorithmCallAnswered', Data<'AlgorithmCallAnswered'>>;
export type AlgorithmCallInterrupted = DomainEvent<'AlgorithmCallInterrupted', Data<'AlgorithmCallInterrupted'>>;
export type AlgorithmCallResumed = DomainEvent<'AlgorithmCallResumed', Data<'AlgorithmCallResumed'>>;
export type AlgorithmCallFinished = DomainEvent<'AlgorithmCallFinished', Data<'AlgorithmCallFinished'>>;
export type AlgorithmCallStopped = DomainEvent<'AlgorithmCallStopped', Data<'AlgorithmCallStopped'>>;
export type AlgorithmCallRestarted = DomainEvent<'AlgorithmCallRestarted', Data<'AlgorithmCallRestarted'>>;
export type AlgorithmCallEvent =
  | AlgorithmCallRequested
  | AlgorithmCallPlanned
  | AlgorithmCallDispatched
  | AlgorithmCallAnswered
  | AlgorithmCallInterrupted
  | AlgorithmCallResumed
  | AlgorithmCallFinished
  | AlgorithmCallStopped
  | AlgorithmCallRestarted;
export const algorithmCallStreamId = (callId: string): string => `algorithm_call-${callId}`;
