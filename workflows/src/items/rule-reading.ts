// Reading the annotation rule before claiming: a person opens the project's rule and must keep it open for the
// countdown before the first claim, and again after a new rule version when the project asks annotators to reread.
import { setup } from 'xstate';
import type { DomainEvent } from '../shared/event';
import { ruleReadingKey, type RuleReadingState } from './rule-reading.evolve';

export const ruleReadingStreamId = (projectId: string, accountId: string): string => `reading-${projectId}:${accountId}`;

export type AnnotationRuleOpened = DomainEvent<
  'AnnotationRuleOpened',
  { projectId: string; accountId: string; ruleId: string; ruleVersion: number; openedAt: string; countdownSeconds: number }
>;

/** Only the reading of a version not opened before is recorded. */
export const ruleReadingMachine = setup({ types: { events: {} as { type: 'reading.open' } } }).createMachine({
  id: 'rule-reading',
  version: '1',
  initial: 'reading',
  states: { reading: { on: { 'reading.open': 'reading' } } },
});

export interface ProjectRuleDemand {
  ruleId: string;
  ruleVersion: number;
  countdownSeconds: number;
  /** The project asks annotators to read each new version again. */
  rereadByAnnotator: boolean;
}

/**
 * When the person may claim: null when the rule was read long enough, otherwise the moment it will have been (or
 * 'unopened' when the rule still has to be opened).
 */
export function readingDue(state: RuleReadingState, demand: ProjectRuleDemand, now: Date): null | 'unopened' | string {
  const versions = Object.entries(state.opened).filter(([key]) =>
    demand.rereadByAnnotator ? key === ruleReadingKey(demand.ruleId, demand.ruleVersion) : key.startsWith(`${demand.ruleId}@`),
  );
  if (versions.length === 0) return 'unopened';
  const readyAt = Math.min(...versions.map(([, at]) => Date.parse(at))) + demand.countdownSeconds * 1000;
  return now.getTime() >= readyAt ? null : new Date(readyAt).toISOString();
}
