// How the command pipeline drives a person's reading of a project's annotation rule.
import { type AnnotationRuleOpened, evolveRuleReading, initialRuleReadingState, ruleReadingMachine, type RuleReadingState } from '@annot/workflows';
import type { Lifecycle } from '../commands/command-pipeline';
import { ruleReadingProjection } from './rule-reading.projection';

export const ruleReadingLifecycle: Lifecycle<RuleReadingState, AnnotationRuleOpened> = {
  machine: ruleReadingMachine,
  initial: initialRuleReadingState,
  evolve: evolveRuleReading,
  status: (state) => state.status,
  context: () => ({}),
  projections: [ruleReadingProjection],
};
