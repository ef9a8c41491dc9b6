// Lifecycle of a tool: active until deleted; a deleted tool is gone for good.
import { setup } from 'xstate';

export const toolMachine = setup({
  types: { context: {} as Record<string, never>, events: {} as { type: 'tool.edit' } | { type: 'tool.delete' } },
}).createMachine({
  id: 'tool',
  version: '1',
  initial: 'active',
  context: {},
  states: {
    active: { on: { 'tool.edit': 'active', 'tool.delete': 'deleted' } },
    deleted: { type: 'final' },
  },
});
