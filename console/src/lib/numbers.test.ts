// Numbers and chart periods as each language writes them, whatever the browser's locale.
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { formatDigits, formatNumber, formatPercent, formatRmb, formatUnit } from './numbers';
import { formatDayRange, formatPeriod } from './time';

// The language alone is what counts here, with or without its strings.
const readIn = (tag: string) => void i18n.changeLanguage(tag);
afterEach(() => readIn('zh-CN'));

describe('formatPercent', () => {
  it('writes a fraction as a percent in the reader’s digits and signs', () => {
    readIn('en-US');
    expect([formatPercent(0.5), formatPercent(0.1234, 1, true), formatPercent(null)]).toEqual(['50%', '12.3%', '—']);
    readIn('ar-SA');
    expect(formatPercent(0.5)).toMatch(/^٥٠/);
    readIn('fr-FR');
    expect(formatPercent(0.125, 1, true)).toBe('12,5\u00a0%');
  });
});

describe('formatRmb', () => {
  it('writes RMB with the yuan sign and two decimals in every language', () => {
    readIn('en-US');
    expect(formatRmb(1234.5)).toBe('¥1,234.50');
    readIn('de-DE');
    expect(formatRmb(1234.5)).toBe('1.234,50\u00a0¥');
  });
});

describe('formatNumber', () => {
  it('groups digits the reader’s way and writes units in the reader’s words', () => {
    readIn('de-DE');
    expect(formatNumber(12345)).toBe('12.345');
    readIn('en-US');
    expect(formatUnit(1.5, 'second')).toBe('1.5 sec');
  });
});

describe('formatPeriod', () => {
  it('names each granularity’s period in the reader’s language', () => {
    readIn('en-US');
    expect((['day', 'week', 'month', 'quarter', 'year'] as const).map((g) => formatPeriod('2026-04-06', g))).toEqual(['Apr 6', 'Week of Apr 6', 'Apr 2026', 'Q2 2026', '2026']);
    readIn('zh-CN');
    expect(formatPeriod('2026-04-06', 'quarter')).toBe('2026 年第 2 季度');
    expect(formatPeriod('2026-04-06', 'month')).toBe('2026年4月');
  });

  it('keeps the Gregorian year in Arabic and Thai, in their own digits', () => {
    readIn('ar-SA');
    expect(formatPeriod('2026-04-06', 'year')).toMatch(/٢٠٢٦/);
    readIn('th-TH');
    expect(formatPeriod('2026-04-06', 'year')).toBe('2026');
  });
});

// Intl spaces a range with thin and no-break spaces; read here as plain ones.
const spaced = (text: string) => text.replace(/[\u2009\u202f\u00a0]/g, ' ');

describe('formatDayRange', () => {
  it('writes a project’s dates the reader’s way, the same days in every time zone', () => {
    readIn('en-US');
    expect(spaced(formatDayRange('2026-04-06', '2026-05-01'))).toBe('4/6/26 – 5/1/26');
    readIn('de-DE');
    expect(spaced(formatDayRange('2026-04-06', '2026-05-01'))).toBe('06.04. – 01.05.26');
    readIn('ar-SA');
    expect(formatDayRange('2026-04-06', '2026-05-01')).toMatch(/٦.*٤.*٢٠٢٦/);
    expect(formatDayRange('2026-04-06', '2026-05-01')).not.toMatch(/[0-9]/);
  });

  it('still writes both days when the end comes before the start', () => {
    readIn('en-US');
    expect(spaced(formatDayRange('2026-05-01', '2026-04-06'))).toBe('5/1/26 – 4/6/26');
  });
});

describe('formatDigits', () => {
  it('writes a version or a clock’s minutes ungrouped, padded, in the reader’s digits', () => {
    readIn('en-US');
    expect([formatDigits(12345), formatDigits(7, 2)]).toEqual(['12345', '07']);
    readIn('ar-SA');
    expect(formatDigits(7, 2)).toBe('٠٧');
  });
});

describe('counts in sentences', () => {
  it('writes a sentence’s whole numbers in the language’s own digits, ungrouped', () => {
    readIn('ar-SA');
    expect(i18n.t('links_tasks', { count: 1234 })).toContain('١٢٣٤');
    readIn('en-US');
    expect(i18n.t('links_tasks', { count: 1234 })).toBe('1234 tasks');
  });

  it('writes a sentence’s decimals with the language’s own digits and decimal sign', () => {
    readIn('ar-SA');
    expect(i18n.t('editor_frame_rate', { rate: 29.97 })).toContain('٢٩٫٩٧');
    readIn('de-DE');
    expect(i18n.t('editor_frame_rate', { rate: 29.97 })).toContain('29,97');
  });
});
