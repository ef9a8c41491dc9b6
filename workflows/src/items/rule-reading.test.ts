import { describe, expect, it } from 'vitest';
import { type AnnotationRuleOpened, readingDue } from './rule-reading';
import { evolveRuleReading, initialRuleReadingState } from './rule-reading.evolve';

const opened = (ruleVersion: number, openedAt: string): AnnotationRuleOpened => ({
  type: 'AnnotationRuleOpened',
  data: { projectId: 'p', accountId: 'a', ruleId: 'r', ruleVersion, openedAt, countdownSeconds: 30 },
});
const given = (...events: AnnotationRuleOpened[]) => events.reduce(evolveRuleReading, initialRuleReadingState);
const demand = { ruleId: 'r', ruleVersion: 2, countdownSeconds: 30, rereadByAnnotator: false };

describe(readingDue.name, () => {
  it('asks for the rule to be opened before the first claim', () => {
    expect(readingDue(given(), demand, new Date('2026-01-01T00:00:00Z'))).toBe('unopened');
  });

  it('lets the person claim once the rule was open for the countdown, not before', () => {
    const state = given(opened(2, '2026-01-01T00:00:00.000Z'));
    expect(readingDue(state, demand, new Date('2026-01-01T00:00:10Z'))).toBe('2026-01-01T00:00:30.000Z');
    expect(readingDue(state, demand, new Date('2026-01-01T00:00:30Z'))).toBeNull();
  });

  it('counts an older version read when the project does not ask to reread, and only the new one when it does', () => {
    const state = given(opened(1, '2026-01-01T00:00:00.000Z'));
    const later = new Date('2026-01-02T00:00:00Z');
    expect(readingDue(state, demand, later)).toBeNull();
    expect(readingDue(state, { ...demand, rereadByAnnotator: true }, later)).toBe('unopened');
  });

  it('keeps the first opening of a version: opening it again does not restart the countdown', () => {
    const state = given(opened(2, '2026-01-01T00:00:00.000Z'), opened(2, '2026-01-01T00:00:25.000Z'));
    expect(readingDue(state, demand, new Date('2026-01-01T00:00:31Z'))).toBeNull();
  });
});
