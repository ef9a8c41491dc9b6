// Time buckets and rates. Work is counted in 15-minute UTC buckets: every time zone's offset is a whole number of
// quarter hours (+05:45, +08:45 and +12:45 included), so any reader's day, week, month, quarter or year is an exact
// union of buckets and the zone can be applied when reading.
export const bucketMinutes = 15;
const bucketMs = bucketMinutes * 60_000;

/** The start of the 15-minute UTC bucket an instant falls in, as ISO-8601. */
export function bucketOf(instant: string): string {
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) throw new Error(`Not an instant: ${instant}`);
  return new Date(Math.floor(ms / bucketMs) * bucketMs).toISOString();
}

/** A share between 0 and 1, or null when nothing was judged (no rate, rather than a made-up 0 or 100%). */
export const rateOf = (passed: number, judged: number): number | null => (judged > 0 ? passed / judged : null);

/** Objects per hour of claimed time, or null when no time was recorded. */
export const perHour = (objects: number, ms: number): number | null => (ms > 0 ? objects / (ms / 3_600_000) : null);

/** RMB, to the fen: unit prices carry two decimals, so the product is rounded once, not summed from rounded parts. */
export const costOf = (unitPrice: number, validItems: number): number => Math.round(unitPrice * 100 * validItems) / 100;
