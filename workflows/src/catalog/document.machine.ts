// Lifecycle of a document: on or off the shelf, editable in both, removed for good.
import { setup } from 'xstate';

export type DocumentMachineStatus = 'on_shelf' | 'off_shelf' | 'removed';
export type DocumentMachineEvent = { type: 'document.edit' } | { type: 'document.shelve' } | { type: 'document.unshelve' } | { type: 'document.remove' };

export const documentMachine = setup({
  types: { events: {} as DocumentMachineEvent },
}).createMachine({
  id: 'document',
  version: '1',
  initial: 'on_shelf',
  states: {
    on_shelf: { on: { 'document.edit': 'on_shelf', 'document.unshelve': 'off_shelf', 'document.remove': 'removed' } },
    off_shelf: { on: { 'document.edit': 'off_shelf', 'document.shelve': 'on_shelf', 'document.remove': 'removed' } },
    removed: { type: 'final' },
  },
});
