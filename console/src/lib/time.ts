// Times as the reader's language writes them, whatever the browser's own locale: a date and a time to the second, the
// time of day alone, or a chart's period at its granularity.
import type { Granularity } from '@annot/workflows';
import { i18n } from './i18n';

const styles = {
  time: { dateStyle: 'short', timeStyle: 'medium' },
  clock: { timeStyle: 'medium' },
  date: { dateStyle: 'short' },
  day: { month: 'short', day: 'numeric' },
  month: { year: 'numeric', month: 'short' },
  year: { year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const formats = new Map<string, Intl.DateTimeFormat>();
// The Gregorian calendar in every language (Arabic and Thai would otherwise count Hijri and Buddhist years): the dates
// people enter, the projects' dates and the charts' weeks, months and quarters are Gregorian ones.
const calendar = 'gregory';

function format(at: string | number | Date | null | undefined, style: keyof typeof styles, timeZone?: string): string {
  if (at === null || at === undefined || at === '') return '—';
  const key = `${i18n.language} ${style} ${timeZone ?? ''}`;
  let formatter = formats.get(key);
  if (!formatter) formats.set(key, (formatter = new Intl.DateTimeFormat(i18n.language, { calendar, ...styles[style], timeZone })));
  return formatter.format(new Date(at));
}

/** An ISO time or epoch milliseconds, with its date; none reads as a dash. */
export const formatTime = (at: string | number | null | undefined): string => format(at, 'time');

/** The date alone, for what a day is enough to place. */
export const formatDate = (at: string | number | null | undefined): string => format(at, 'date');

// A calendar day the server keeps as `2026-04-06` is that day everywhere: read and written at noon UTC it stays that day.
const calendarDay = (day: string) => new Date(`${day}T12:00:00Z`);
const dayFormat = () => {
  const key = `${i18n.language} date UTC`;
  return formats.get(key) ?? formats.set(key, new Intl.DateTimeFormat(i18n.language, { calendar, ...styles.date, timeZone: 'UTC' })).get(key)!;
};

/** A range of calendar days (a project's dates) the way the reader's language writes one: 6/4/26 – 1/5/26, 2026/4/6–5/1. */
export function formatDayRange(from: string, to: string): string {
  const [start, end] = [calendarDay(from), calendarDay(to)];
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return `${from} – ${to}`;
  // formatRange refuses a range that ends before it starts, which an old project's dates may.
  return start <= end ? dayFormat().formatRange(start, end) : `${dayFormat().format(start)} – ${dayFormat().format(end)}`;
}

/** The time of day alone, for what happened today or is about to. */
export const formatClock = (at: string | number | null | undefined): string => format(at, 'clock');

/**
 * A chart's period from its first date (`2026-04-01`) at its granularity: the day or the week's first day, the month,
 * the quarter or the year, in the reader's language and digits.
 */
export function formatPeriod(period: string, granularity: Granularity): string {
  const at = calendarDay(period);
  if (Number.isNaN(at.getTime())) return period;
  if (granularity === 'day') return format(at, 'day', 'UTC');
  if (granularity === 'week') return i18n.t('insights_period_week', { date: format(at, 'day', 'UTC') });
  if (granularity === 'month') return format(at, 'month', 'UTC');
  if (granularity === 'year') return format(at, 'year', 'UTC');
  // The sentence around a quarter says "year" itself where its language does, so the numbers come bare.
  const digits = new Intl.NumberFormat(i18n.language, { useGrouping: false });
  return i18n.t('insights_period_quarter', { quarter: digits.format(Math.floor(at.getUTCMonth() / 3) + 1), year: digits.format(at.getUTCFullYear()) });
}
