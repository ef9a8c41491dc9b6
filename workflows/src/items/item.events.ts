// Events of an item's work stream (`item-<itemId>`): its moves through the pools and claims of the project's
// links, every saved result, inspections naming the result version they judged, and the PM's decisions.
import { z } from 'zod';
import type { DomainEvent } from '../shared/event';
import { resultDocument, resultPoint } from './result.schema';

export const itemStreamId = (itemId: string): string => `item-${itemId}`;

const id = z.string().min(1).max(64);
const instant = z.iso.datetime();
// Item ids are derived from their batch and place (md5): GUID-shaped, without a UUID version.
const ref = { itemId: z.guid(), projectId: z.uuid() };
const version = z.number().int().min(0);

/** What an inspector marks wrong: a value of an error property group, optionally on one object, frame and spot. */
export const errorMark = z
  .object({
    errorGroupId: z.uuid(),
    value: z.string().trim().min(1).max(100, 'validation.too_big'),
    objectId: id.nullable().default(null),
    frame: z.number().int().min(0).nullable().default(null),
    /** Where on the image (in its pixels) the mark is pinned; null on marks made before spots existed. */
    spot: resultPoint.nullable().default(null),
    comment: z.string().trim().max(500, 'validation.too_big').default(''),
  })
  .strict();
export type ErrorMark = z.infer<typeof errorMark>;
export const errorMarks = z.array(errorMark).max(500, 'validation.too_big');

export const itemEventData = {
  /** An item imported before its project had links enters the first link's pool on publishing. */
  ItemEnteredPool: z.object({ ...ref, linkId: z.uuid() }),
  /** `deadline` is set when auto-recycle is on; the claim id lets a timer name the claim it was set for. */
  ItemClaimed: z.object({ ...ref, linkId: z.uuid(), claimId: z.uuid(), claimerId: z.uuid(), claimedAt: instant, deadline: instant.nullable() }),
  ItemReleased: z.object({ ...ref, linkId: z.uuid(), claimId: z.uuid(), claimerId: z.uuid(), releasedBy: z.uuid() }),
  ItemClaimExpired: z.object({ ...ref, linkId: z.uuid(), claimId: z.uuid(), claimerId: z.uuid(), deadline: instant }),
  /** The whole document at each save, so an auditor can read every version. */
  ResultSaved: z.object({ ...ref, linkId: z.uuid(), resultVersion: version, savedBy: z.uuid(), savedAt: instant, objectCount: z.number().int().min(0), result: resultDocument }),
  ItemSubmitted: z.object({ ...ref, linkId: z.uuid(), claimId: z.uuid(), submittedBy: z.uuid(), submittedAt: instant, resultVersion: version, rework: z.boolean(), toLinkId: z.uuid().nullable() }),
  ItemMarkedInvalid: z.object({ ...ref, linkId: z.uuid(), markedBy: z.uuid(), reasonId: z.uuid() }),
  ItemMarkedValid: z.object({ ...ref, linkId: z.uuid(), markedBy: z.uuid() }),
  InvalidityConfirmed: z.object({ ...ref, linkId: z.uuid(), inspectorId: z.uuid(), reasonId: z.uuid(), resultVersion: version }),
  InvalidityOverturned: z.object({ ...ref, linkId: z.uuid(), inspectorId: z.uuid(), reasonId: z.uuid(), resultVersion: version }),
  /** `toLinkId` is null after the last link; ItemFinished follows. */
  ItemPassed: z.object({ ...ref, linkId: z.uuid(), inspectorId: z.uuid(), resultVersion: version, toLinkId: z.uuid().nullable() }),
  /** Back to the annotation link that produced the result, offered first to the one who annotated it. */
  ItemRejected: z.object({
    ...ref,
    linkId: z.uuid(),
    inspectorId: z.uuid(),
    resultVersion: version,
    marks: errorMarks,
    toLinkId: z.uuid(),
    preferredClaimerId: z.uuid().nullable(),
    reworkCount: z.number().int().min(1),
  }),
  /** Rejected more often than the project's rework max count: it waits for the PM. */
  ItemHeld: z.object({ ...ref, linkId: z.uuid(), reworkCount: z.number().int().min(1), reworkMaxCount: z.number().int().min(0) }),
  /** `resultVersion` is the version the item goes on with: the same when kept, the next (empty) when cleared. */
  ItemRecycled: z.object({
    ...ref,
    fromLinkId: z.uuid(),
    toLinkId: z.uuid(),
    target: z.enum(['annotation_pool', 'same_link']),
    keepResult: z.boolean(),
    resultVersion: version,
    recycledBy: z.uuid(),
  }),
  ItemFinished: z.object({ ...ref, linkId: z.uuid(), resultVersion: version, decidedBy: z.enum(['inspection', 'manager']) }),
  /**
   * A quality gate (a sampling round below its threshold, or an acceptance verdict with repair allowed) sends a
   * finished item back to the annotation link that produced its result, with the marks it failed by, offered first
   * to its annotator. `gateId` is the sampling task or acceptance batch; `returnedBy` who closed the gate.
   */
  ItemReturned: z.object({
    ...ref,
    linkId: z.uuid(),
    gate: z.enum(['sampling', 'acceptance']),
    gateId: z.uuid(),
    resultVersion: version,
    marks: errorMarks,
    toLinkId: z.uuid(),
    preferredClaimerId: z.uuid().nullable(),
    returnedBy: z.uuid(),
  }),
} as const;

type Data = typeof itemEventData;
export type ItemEventType = keyof Data;
export type ItemEventOf<T extends ItemEventType> = DomainEvent<T, z.infer<Data[T]>>;
export type ItemEvent = { [T in ItemEventType]: ItemEventOf<T> }[ItemEventType];

export const itemEventTypes = Object.keys(itemEventData) as ItemEventType[];

/** Reads a stored event of an item stream, refusing one whose data does not fit its type. */
export function parseItemEvent(event: { type: string; data: unknown }): ItemEvent {
  if (!(event.type in itemEventData)) throw new Error(`Not an item event: ${event.type}`);
  const type = event.type as ItemEventType;
  return { type, data: itemEventData[type].parse(event.data) } as ItemEvent;
}
