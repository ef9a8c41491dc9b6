// Times as the reader's language writes them (a date and a time to the second), whatever the browser's own locale.
import { i18n } from './i18n';

const formats = new Map<string, Intl.DateTimeFormat>();

/** An ISO time or epoch milliseconds; none reads as a dash. */
export function formatTime(at: string | number | null | undefined): string {
  if (at === null || at === undefined || at === '') return '—';
  const language = i18n.language;
  let format = formats.get(language);
  if (!format) formats.set(language, (format = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'medium' })));
  return format.format(new Date(at));
}
