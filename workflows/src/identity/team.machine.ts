// Lifecycle of a team: once created it can be edited; the machine exists so edits go through the same decision.
import { setup } from 'xstate';

export const teamMachine = setup({
  types: { context: {} as Record<string, never>, events: {} as { type: 'team.edit' } },
}).createMachine({
  id: 'team',
  version: '1',
  initial: 'active',
  context: {},
  states: { active: { on: { 'team.edit': 'active' } } },
});
