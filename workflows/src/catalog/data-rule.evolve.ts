// Folds an import/export data rule's events into what its commands decide on.
import type { DataRuleEvent, DataRuleInput } from './data-rule';

export interface DataRuleState {
  status: 'none' | 'active' | 'deleted';
  rule: DataRuleInput | null;
  latestVersion: number;
}

export const initialDataRuleState: DataRuleState = { status: 'none', rule: null, latestVersion: 0 };

export function evolveDataRule(state: DataRuleState, event: DataRuleEvent): DataRuleState {
  switch (event.type) {
    case 'DataRuleCreated':
    case 'DataRuleEdited':
      return { ...state, status: 'active', rule: { name: event.data.name, description: event.data.description } };
    case 'DataRuleVersionAdded':
      return { ...state, latestVersion: event.data.ruleVersion };
    case 'DataRuleDeleted':
      return { ...state, status: 'deleted' };
  }
}
