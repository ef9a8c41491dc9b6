// How the statistics pages write their numbers, by Intl in the reader's language: rates as percents, time per item in
// seconds, money in RMB.
import { formatNumber, formatPercent, formatRmb, formatUnit } from '@/lib/numbers';

export const percent = (rate: number | null): string => formatPercent(rate, 1, true);
export const seconds = (ms: number | null): string => (ms === null ? '—' : formatUnit(ms / 1000, 'second', 1, true));
export const perHourText = (value: number | null): string => (value === null ? '—' : formatNumber(value, 1, true));
export const rmb = (value: number): string => formatRmb(value);
