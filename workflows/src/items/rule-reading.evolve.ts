// Folds a person's rule readings of one project into when each rule version was first opened.
import type { AnnotationRuleOpened } from './rule-reading';

export interface RuleReadingState {
  status: 'none' | 'reading';
  /** When each rule version was first opened, by "ruleId@version". */
  opened: Record<string, string>;
}

export const initialRuleReadingState: RuleReadingState = { status: 'none', opened: {} };

/** The key of one rule version in `opened`. */
export const ruleReadingKey = (ruleId: string, ruleVersion: number): string => `${ruleId}@${ruleVersion}`;

export function evolveRuleReading(state: RuleReadingState, event: AnnotationRuleOpened): RuleReadingState {
  const key = ruleReadingKey(event.data.ruleId, event.data.ruleVersion);
  // The first opening counts: opening it again does not restart a countdown already run.
  return { status: 'reading', opened: key in state.opened ? state.opened : { ...state.opened, [key]: event.data.openedAt } };
}
