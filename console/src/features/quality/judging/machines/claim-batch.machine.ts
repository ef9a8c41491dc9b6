// Claiming an acceptance batch as a machine: a claim goes out; a batch another acceptor holds asks the seed's question
// first, and only a confirmation sends the takeover that replaces that acceptor's results. One request at a time.
import { assign, setup } from 'xstate';

export interface ClaimBatchContext {
  /** Why the server refused the last claim, for any reason but another acceptor holding the batch. */
  refusal: string | null;
}

export type ClaimBatchEvent =
  | { type: 'claim.start' }
  | { type: 'claim.claimed' }
  /** The server answered that another acceptor holds the batch. */
  | { type: 'claim.held' }
  | { type: 'claim.refused'; message: string }
  | { type: 'claim.confirm' }
  | { type: 'claim.cancel' };

export const claimBatchMachine = setup({
  types: { context: {} as ClaimBatchContext, events: {} as ClaimBatchEvent },
  actions: {
    refused: assign({ refusal: ({ event }) => (event.type === 'claim.refused' ? event.message : null) }),
    forget: assign({ refusal: null }),
  },
}).createMachine({
  id: 'claimBatch',
  initial: 'idle',
  context: { refusal: null },
  states: {
    idle: { on: { 'claim.start': { target: 'claiming', actions: 'forget' } } },
    claiming: {
      on: { 'claim.claimed': 'claimed', 'claim.held': 'asking', 'claim.refused': { target: 'idle', actions: 'refused' } },
    },
    // The takeover question: nothing is sent until the person confirms.
    asking: { on: { 'claim.confirm': 'takingOver', 'claim.cancel': 'idle' } },
    takingOver: { on: { 'claim.claimed': 'claimed', 'claim.refused': { target: 'idle', actions: 'refused' } } },
    claimed: { type: 'final' },
  },
});
