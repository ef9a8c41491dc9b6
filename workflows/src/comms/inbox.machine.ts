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

export interface InboxState {
  status: 'open';
  reads: number;
}

export const initialInboxState: InboxState = { status: 'open', reads: 0 };

/** An inbox holds no state its commands decide on; the count only shows the stream is folded like any other. */
export const evolveInbox = (state: InboxState): InboxState => ({ ...state, reads: state.reads + 1 });
