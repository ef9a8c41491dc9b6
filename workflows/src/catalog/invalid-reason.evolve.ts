// Folds an invalid-image reason's events into what its commands decide on.
import type { EntryState } from './catalog-entry.machine';
import type { InvalidReasonEvent, InvalidReasonInput } from './invalid-reason';

export function evolveInvalidReason(state: EntryState<InvalidReasonInput>, event: InvalidReasonEvent): EntryState<InvalidReasonInput> {
  if (event.type === 'InvalidReasonDeleted') return { ...state, status: 'deleted' };
  const { reasonId: _, ...entry } = event.data;
  return { status: 'active', entry };
}
