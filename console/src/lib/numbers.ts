// Numbers as the reader's language writes them, whatever the browser's own locale: counts, decimals, percents, money in
// RMB and measures with their unit, each by Intl for the console's language.
import { i18n } from './i18n';

const formats = new Map<string, Intl.NumberFormat>();

function formatter(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${i18n.language} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(i18n.language, options)));
  return format;
}

/** Up to `digits` decimals where they matter (1.5, 2), or exactly `digits` when `fixed`. */
const decimals = (digits: number, fixed: boolean): Intl.NumberFormatOptions => ({ minimumFractionDigits: fixed ? digits : 0, maximumFractionDigits: digits });

/** A count or a measure with its digits grouped: 12,345. */
export const formatNumber = (value: number, digits = 0, fixed = false): string => formatter(decimals(digits, fixed)).format(value);

/**
 * A whole number that names rather than counts (a version, a frame, a position, a clock's minutes) in the reader's
 * digits, ungrouped, with leading zeros up to `minimum` digits.
 */
export const formatDigits = (value: number, minimum = 1): string =>
  formatter({ useGrouping: false, maximumFractionDigits: 0, minimumIntegerDigits: minimum }).format(value);

/** A fraction 0..1 as a percent; none reads as a dash. */
export const formatPercent = (fraction: number | null, digits = 1, fixed = false): string =>
  fraction === null ? '—' : formatter({ style: 'percent', ...decimals(digits, fixed) }).format(fraction);

/** An amount in RMB with its two decimals, the yuan sign whatever the language. */
export const formatRmb = (value: number): string => formatter({ style: 'currency', currency: 'CNY', currencyDisplay: 'narrowSymbol' }).format(value);

/** A measure in one of Intl's units (second, minute, meter, degree, megabyte ...), written short. */
export const formatUnit = (value: number, unit: string, digits = 1, fixed = false): string =>
  formatter({ style: 'unit', unit, unitDisplay: 'short', ...decimals(digits, fixed) }).format(value);
