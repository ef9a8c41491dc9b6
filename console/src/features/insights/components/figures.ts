// How the statistics pages write their numbers: rates as percents, time per item in seconds, money in RMB.
export const percent = (rate: number | null): string => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`);
export const seconds = (ms: number | null): string => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);
export const perHourText = (value: number | null): string => (value === null ? '—' : value.toFixed(1));
export const rmb = (value: number): string => `¥${value.toFixed(2)}`;
