// An inbox takes reads at any time: its owner marks messages read, one by one or all at once.
import { setup } from 'xstate';

export const inboxMachine = setup({
  types: { events: {} as { type: 'message.read' } | { type: 'message.read_all' } },
}).createMachine({
  id: 'inbox',
  version: '1',
  initial: 'open',
  states: { open: { on: { 'message.read': 'open', 'message.read_all': 'open' } } },
});
