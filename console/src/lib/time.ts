// Times as the reader's language writes them, whatever the browser's own locale: a date and a time to the second, or
// the time of day alone.
import { i18n } from './i18n';

const styles = {
  time: { dateStyle: 'short', timeStyle: 'medium' },
  clock: { timeStyle: 'medium' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const formats = new Map<string, Intl.DateTimeFormat>();

function format(at: string | number | null | undefined, style: keyof typeof styles): string {
  if (at === null || at === undefined || at === '') return '—';
  const key = `${i18n.language} ${style}`;
  let formatter = formats.get(key);
  if (!formatter) formats.set(key, (formatter = new Intl.DateTimeFormat(i18n.language, styles[style])));
  return formatter.format(new Date(at));
}

/** An ISO time or epoch milliseconds, with its date; none reads as a dash. */
export const formatTime = (at: string | number | null | undefined): string => format(at, 'time');

/** The time of day alone, for what happened today or is about to. */
export const formatClock = (at: string | number | null | undefined): string => format(at, 'clock');
