// What a statistics reader sends: a range of local dates, a chart granularity (the seed's day, week, month, quarter,
// year) and the reader's IANA time zone, which the query applies to the projection's UTC buckets.
import { z } from 'zod';

export const granularities = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type Granularity = (typeof granularities)[number];

/** The longest range a chart may span, so a year-long daily chart is fine and a runaway one is refused. */
export const statisticsMaxDays = 3660;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** The canonical spelling of an IANA zone name, or null when the runtime does not know it. */
export function canonicalTimeZone(name: string): string | null {
  // Offsets like +05:45 or POSIX rules are not zone names; PostgreSQL would read them differently from Intl.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const timeZoneName = z
  .string()
  .trim()
  .transform((name, ctx) => {
    const zone = canonicalTimeZone(name);
    if (!zone) {
      ctx.addIssue({ code: 'custom', message: 'insights.time_zone_invalid' });
      return z.NEVER;
    }
    return zone;
  });

/** Dates a chart can reach; PostgreSQL's calendar and JavaScript's agree well inside these. */
const firstDate = '1970-01-01';
const lastDate = '9000-12-31';

const localDate = z
  .string()
  .regex(isoDate, 'insights.date_invalid')
  .refine((value) => value >= firstDate && value <= lastDate, 'insights.date_invalid')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'insights.date_invalid');

/** Days between two local dates, both counted. */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Adds days to a local date. */
export const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The reader's today in their zone, which a range without dates ends on. */
export const todayIn = (timeZone: string, now = new Date()): string => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** A range of local dates, both ends included; without dates, the last 30 days of the reader's zone. */
export const statisticsQuery = z
  .object({
    from: localDate.optional(),
    to: localDate.optional(),
    granularity: z.enum(granularities, { error: 'insights.granularity_invalid' }).default('day'),
    tz: timeZoneName.default('UTC'),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'insights.range_reversed', path: ['to'] })
  .refine((q) => !q.from || !q.to || daysBetween(q.from, q.to) <= statisticsMaxDays, { message: 'insights.range_too_long', path: ['from'] });

export interface StatisticsRange {
  from: string;
  to: string;
  granularity: Granularity;
  tz: string;
}

/** Fills the dates a reader left out: up to their today, thirty days long. */
export function resolveRange(query: z.output<typeof statisticsQuery>, now = new Date()): StatisticsRange {
  const to = query.to ?? (query.from ? addDays(query.from, 29) : todayIn(query.tz, now));
  const from = query.from ?? addDays(to, -29);
  return { from, to, granularity: query.granularity, tz: query.tz };
}
