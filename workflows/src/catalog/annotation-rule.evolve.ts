// Folds an annotation rule's events into what its commands decide on.
import type { AnnotationRuleEvent, AnnotationRuleInput } from './annotation-rule';

export interface AnnotationRuleState {
  status: 'none' | 'active' | 'deleted';
  rule: AnnotationRuleInput | null;
  latestVersion: number;
}

export const initialAnnotationRuleState: AnnotationRuleState = { status: 'none', rule: null, latestVersion: 0 };

export function evolveAnnotationRule(state: AnnotationRuleState, event: AnnotationRuleEvent): AnnotationRuleState {
  switch (event.type) {
    case 'AnnotationRuleCreated':
    case 'AnnotationRuleEdited':
      return { ...state, status: 'active', rule: { name: event.data.name, configId: event.data.configId } };
    case 'AnnotationRuleVersionAdded':
      return { ...state, latestVersion: event.data.ruleVersion };
    case 'AnnotationRuleDeleted':
      return { ...state, status: 'deleted' };
  }
}
