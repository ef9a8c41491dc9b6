import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, resolveRange, statisticsQuery, todayIn } from './statistics.schemas';

describe('canonicalTimeZone', () => {
  it('knows IANA zones, in their canonical spelling', () => {
    expect(canonicalTimeZone('Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(canonicalTimeZone('asia/shanghai')).toBe('Asia/Shanghai');
  });

  it('refuses names that are not zones', () => {
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull();
    expect(canonicalTimeZone("UTC'; DROP TABLE x")).toBeNull();
    expect(canonicalTimeZone('+05:45')).toBeNull();
  });
});

describe('statisticsQuery', () => {
  it('defaults to days in UTC', () => {
    expect(statisticsQuery.parse({})).toEqual({ granularity: 'day', tz: 'UTC' });
  });

  it('refuses an unknown granularity, a bad zone, a bad date and a reversed range', () => {
    for (const input of [{ granularity: 'hour' }, { tz: 'Nowhere/Land' }, { from: '2025-02-30' }, { from: '0000-01-01' }, { to: '9999-12-31' }, { from: '2025-03-02', to: '2025-03-01' }]) {
      expect(statisticsQuery.safeParse(input).success, JSON.stringify(input)).toBe(false);
    }
  });

  it('refuses a range longer than ten years', () => {
    expect(statisticsQuery.safeParse({ from: '2000-01-01', to: '2025-01-01' }).success).toBe(false);
  });
});

describe('resolveRange', () => {
  it('ends a range without dates on the reader’s today, thirty days long', () => {
    const now = new Date('2025-01-01T23:30:00Z');
    expect(todayIn('Asia/Shanghai', now)).toBe('2025-01-02');
    expect(resolveRange(statisticsQuery.parse({ tz: 'Asia/Shanghai' }), now)).toEqual({ from: '2024-12-04', to: '2025-01-02', granularity: 'day', tz: 'Asia/Shanghai' });
  });
});
