// Events of an acceptance batch's stream (`acceptance-<batchId>`): the PM makes it from items that passed the earlier
// gates, a client acceptor claims it (or takes it over), judges every item and submits it, and the PM decides or revokes it.
import { z } from 'zod';
import type { DomainEvent } from '../../shared/event';
import { errorMarks } from '../../items/item.events';

export const acceptanceStreamId = (batchId: string): string => `acceptance-${batchId}`;

const instant = z.iso.datetime();
// Item ids are derived from their batch and place (md5): GUID-shaped, without a UUID version.
const itemId = z.guid();
const version = z.number().int().min(0);
const count = z.number().int().min(0);
const ref = { batchId: z.uuid(), projectId: z.uuid() };

export const acceptanceVerdict = z.enum(['pass', 'reject']);
export type AcceptanceVerdict = z.infer<typeof acceptanceVerdict>;

/** An item put in a batch, with the result version that passed the earlier gates: the version the acceptor judges. */
export const acceptanceItem = z.object({ itemId, resultVersion: version }).strict();
export type AcceptanceItem = z.infer<typeof acceptanceItem>;

/** An item the verdict does not pass, with the marks its acceptor left, which a rework shows. */
export const failedAcceptanceItem = acceptanceItem.extend({ marks: errorMarks }).strict();

/**
 * Where the PM's verdict sends the batch's items. Passing the batch passes the items its acceptor passed; rejecting it
 * fails them all. With "allow repair after acceptance" on, failed items are `returned` for rework and may be put in a
 * later batch; off, they stay `rejected` for good. The toggle is recorded as it was at the verdict.
 */
const outcome = {
  ...ref,
  decidedBy: z.uuid(),
  decidedAt: instant,
  repairAllowed: z.boolean(),
  passed: z.array(itemId),
  returned: z.array(failedAcceptanceItem),
  rejected: z.array(failedAcceptanceItem),
};

export const acceptanceEventData = {
  /**
   * `sequence` names the batch among its project's acceptance batches (the caller numbers them); `acceptorIds` are the
   * client acceptors the PM chose, the only ones who may claim it.
   */
  AcceptanceBatchCreated: z.object({
    ...ref,
    sequence: z.number().int().min(1),
    items: z.array(acceptanceItem).min(1),
    acceptorIds: z.array(z.uuid()).min(1),
    createdBy: z.uuid(),
    createdAt: instant,
  }),
  /** `claimedAt` is the batch's start time. A takeover names the acceptor it replaced and how many of their verdicts it discarded. */
  AcceptanceBatchClaimed: z.object({ ...ref, acceptorId: z.uuid(), claimedAt: instant, takenOverFrom: z.uuid().nullable(), discardedVerdicts: count }),
  AcceptanceItemJudged: z.object({ ...ref, itemId, verdict: acceptanceVerdict, marks: errorMarks, resultVersion: version, acceptorId: z.uuid(), judgedAt: instant }),
  /** The cost time runs from the current claim's start time to the submission. */
  AcceptanceBatchSubmitted: z.object({ ...ref, acceptorId: z.uuid(), startedAt: instant, submittedAt: instant, costSeconds: count, passed: count, rejected: count }),
  AcceptanceBatchPassed: z.object(outcome),
  AcceptanceBatchRejected: z.object(outcome),
  /** Revoked by the PM before a verdict: its items are free for another batch and its verdicts count for nothing. */
  AcceptanceBatchWithdrawn: z.object({ ...ref, withdrawnBy: z.uuid(), withdrawnAt: instant, from: z.enum(['pending', 'accepting', 'submitted']) }),
} as const;

type Data = typeof acceptanceEventData;
export type AcceptanceEventType = keyof Data;
export type AcceptanceEventOf<T extends AcceptanceEventType> = DomainEvent<T, z.infer<Data[T]>>;
export type AcceptanceEvent = { [T in AcceptanceEventType]: AcceptanceEventOf<T> }[AcceptanceEventType];

export const acceptanceEventTypes = Object.keys(acceptanceEventData) as AcceptanceEventType[];

/** Reads a stored event of an acceptance stream, refusing one whose data does not fit its type. */
export function parseAcceptanceEvent(event: { type: string; data: unknown }): AcceptanceEvent {
  if (!(event.type in acceptanceEventData)) throw new Error(`Not an acceptance event: ${event.type}`);
  const type = event.type as AcceptanceEventType;
  return { type, data: acceptanceEventData[type].parse(event.data) } as AcceptanceEvent;
}
