// Lifecycle of the simpler catalog entries (error groups, invalid-image reasons): active until deleted.
import { setup } from 'xstate';

export const catalogEntryMachine = setup({
  types: { context: {} as Record<string, never>, events: {} as { type: 'entry.edit' } | { type: 'entry.delete' } },
}).createMachine({
  id: 'catalog-entry',
  version: '1',
  initial: 'active',
  context: {},
  states: {
    active: { on: { 'entry.edit': 'active', 'entry.delete': 'deleted' } },
    deleted: { type: 'final' },
  },
});

export interface EntryState<T> {
  status: 'none' | 'active' | 'deleted';
  entry: T | null;
}
