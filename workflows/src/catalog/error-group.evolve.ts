// Folds an error property group's events into what its commands decide on.
import type { EntryState } from './catalog-entry.machine';
import type { ErrorGroupEvent, ErrorGroupInput } from './error-group';

export function evolveErrorGroup(state: EntryState<ErrorGroupInput>, event: ErrorGroupEvent): EntryState<ErrorGroupInput> {
  if (event.type === 'ErrorGroupDeleted') return { ...state, status: 'deleted' };
  const { groupId: _, ...entry } = event.data;
  return { status: 'active', entry };
}
