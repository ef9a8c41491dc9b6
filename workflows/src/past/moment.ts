// A past moment as a caller names it (a log position, a time, or the result version a judgement named) and how an
// event of the log is placed against it. Times compare to the microsecond PostgreSQL records them with.
import { z } from 'zod';

export type Moment =
  | { kind: 'now' }
  /** As of event N: every event at global position N or below. */
  | { kind: 'position'; position: bigint }
  /** As of a time: every event recorded at or before it. */
  | { kind: 'time'; at: string }
  /** The version a judgement named: the item up to the last event it stood on that version. */
  | { kind: 'version'; resultVersion: number };

const position = z.string().trim().regex(/^\d{1,18}$/, 'validation.non_negative_integer');

/** A past read's query as it arrives, bounded only: which item comes first, so a caller learns nothing of an item it may not read. */
export const rawMomentQuery = z.object({ position: z.string().max(40).optional(), at: z.string().max(40).optional(), version: z.string().max(20).optional() });
export type RawMomentQuery = z.infer<typeof rawMomentQuery>;

/**
 * A past item list's query: the moment as it arrives (checked by the read, as for a project's counts), a page after
 * the last item of the previous one, and the live list's filters of link and status.
 */
export const pastItemsQuery = rawMomentQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.guid('validation.invalid_cursor').optional(),
  linkId: z.uuid().optional(),
  status: z.enum(['unlinked', 'pooled', 'claimed', 'held', 'finished']).optional(),
});
export type PastItemsQuery = z.infer<typeof pastItemsQuery>;

/** The query of a past read: at most one of position, at and version; none is now. */
export const momentQuery = z
  .object({
    position: position.optional(),
    at: z.iso.datetime({ offset: true, error: 'validation.invalid_format' }).optional(),
    version: z.coerce.number({ error: 'validation.non_negative_integer' }).int('validation.non_negative_integer').min(0, 'validation.non_negative_integer').max(2_147_483_647, 'validation.too_big').optional(),
  })
  .refine((q) => [q.position, q.at, q.version].filter((v) => v !== undefined).length <= 1, { message: 'past.one_moment', path: ['position'] });
export type MomentQuery = z.infer<typeof momentQuery>;

export function momentOf(query: MomentQuery): Moment {
  if (query.position !== undefined) return { kind: 'position', position: BigInt(query.position) };
  if (query.at !== undefined) return { kind: 'time', at: query.at };
  if (query.version !== undefined) return { kind: 'version', resultVersion: query.version };
  return { kind: 'now' };
}

/** Microseconds since the epoch of an ISO-8601 instant, keeping the digits past the millisecond that Date drops. */
export function instantMicros(iso: string): bigint {
  const fraction = /\.(\d+)/.exec(iso)?.[1] ?? '';
  const ms = Date.parse(iso.replace(/\.\d+/, ''));
  if (Number.isNaN(ms)) throw new Error(`Not an instant: ${iso}`);
  return BigInt(ms) * 1000n + BigInt((fraction + '000000').slice(0, 6));
}

/** Where an event stands in the log. */
export interface LogPlace {
  /** The event's global position, a 64-bit number as a string. */
  position: string;
  /** When it was recorded, ISO-8601 in UTC. */
  recordedAt: string;
}

/** Whether an event is at or before a moment of position or time (never asked for `now` or `version`). */
export function isAtOrBefore(place: LogPlace, moment: Moment): boolean {
  switch (moment.kind) {
    case 'now':
    case 'version':
      return true;
    case 'position':
      return BigInt(place.position) <= moment.position;
    case 'time':
      return instantMicros(place.recordedAt) <= instantMicros(moment.at);
  }
}
