// Claiming work from a quality gate as a machine, the same for an acceptance batch and a sampling task's next item: a
// claim goes out, one at a time; where the gate lets one reader take over another's work (an acceptance batch), an
// answer that another holds it asks the seed's question first, and only a confirmation sends the takeover that
// replaces that reader's results. A gate without takeovers treats that answer as any refusal.
import { assign, setup } from 'xstate';

export interface GateClaimInput {
  /** The gate lets a reader take over what another holds, once confirmed. */
  takeover: boolean;
}

export interface GateClaimContext extends GateClaimInput {
  /** Why the server refused the last claim, for any reason but another reader holding what was claimed. */
  refusal: string | null;
}

export type GateClaimEvent =
  | { type: 'claim.start' }
  | { type: 'claim.claimed' }
  /** The server answered that another reader holds it; `message` is its answer, shown where no takeover is offered. */
  | { type: 'claim.held'; message: string }
  | { type: 'claim.refused'; message: string }
  | { type: 'claim.confirm' }
  | { type: 'claim.cancel' };

export const gateClaimMachine = setup({
  types: { context: {} as GateClaimContext, events: {} as GateClaimEvent, input: {} as GateClaimInput },
  guards: { mayTakeOver: ({ context }) => context.takeover },
  actions: {
    refused: assign({ refusal: ({ event }) => (event.type === 'claim.refused' || event.type === 'claim.held' ? event.message : null) }),
    forget: assign({ refusal: null }),
  },
}).createMachine({
  id: 'gateClaim',
  initial: 'idle',
  context: ({ input }) => ({ takeover: input.takeover, refusal: null }),
  states: {
    idle: { on: { 'claim.start': { target: 'claiming', actions: 'forget' } } },
    claiming: {
      on: {
        'claim.claimed': 'claimed',
        'claim.held': [{ guard: 'mayTakeOver', target: 'asking' }, { target: 'idle', actions: 'refused' }],
        'claim.refused': { target: 'idle', actions: 'refused' },
      },
    },
    // The takeover question: nothing is sent until the reader confirms.
    asking: { on: { 'claim.confirm': 'takingOver', 'claim.cancel': 'idle' } },
    takingOver: { on: { 'claim.claimed': 'claimed', 'claim.refused': { target: 'idle', actions: 'refused' } } },
    claimed: { type: 'final' },
  },
});
