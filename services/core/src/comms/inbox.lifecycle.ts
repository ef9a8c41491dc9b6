// How the command pipeline drives a person's inbox.
import { evolveInbox, type InboxEvent, inboxMachine, type InboxState, initialInboxState } from '@annot/workflows';
import type { Lifecycle } from '../commands/command-pipeline';

export const inboxLifecycle: Lifecycle<InboxState, InboxEvent> = {
  machine: inboxMachine,
  initial: initialInboxState,
  evolve: evolveInbox,
  status: (state) => state.status,
  context: () => ({}),
  // The messages projection is async: reads show once it has caught up, and the events stream says when.
  projections: [],
  snapshots: true,
};
