// How the command pipeline drives an acceptance batch's stream. A batch's stream opens with its creation, which names
// the batch and its project, so a batch is loaded by its id alone.
import { type AcceptanceEvent, acceptanceMachine, acceptanceMachineContext, type AcceptanceState, evolveAcceptance, startAcceptanceState } from '@annot/workflows';
import type { Lifecycle } from '../commands/command-pipeline';
import { acceptanceProjection } from './acceptance.projection';

export const acceptanceLifecycle: Lifecycle<AcceptanceState, AcceptanceEvent> = {
  machine: acceptanceMachine,
  initial: startAcceptanceState({ batchId: '', projectId: '' }),
  evolve: (state, event) =>
    evolveAcceptance(event.type === 'AcceptanceBatchCreated' ? { ...state, batchId: event.data.batchId, projectId: event.data.projectId } : state, event),
  // The machine's 'not_accepted' is a batch not yet made: a stream without events.
  status: (state) => (state.status === 'not_accepted' ? 'none' : state.status),
  context: acceptanceMachineContext,
  projections: [acceptanceProjection],
};
