// Judging a quality gate's items one after another in the editor, as a machine: the reader judges the item open; once
// the gate took a verdict the next item is looked for (for a sampling task, by claiming it), one search at a time, and
// the editor opens it, or goes back to the gate when nothing is left or the search failed. A release goes straight back.
// Where to go is emitted for the page to navigate.
import { emit, setup } from 'xstate';

export type GateJudgingEvent =
  /** The gate took the reader's verdict (or release) on the item open. */
  | { type: 'verdict.taken'; verb: string }
  | { type: 'next.found'; itemId: string }
  | { type: 'next.none' }
  | { type: 'next.failed' };

/** Open `itemId`, or go back to the gate (null); `finished` when the gate has nothing left for the reader. */
export type GateJudgingEmitted = { type: 'open'; itemId: string | null; finished: boolean };

export const gateJudgingMachine = setup({
  types: { events: {} as GateJudgingEvent, emitted: {} as GateJudgingEmitted },
  guards: { released: ({ event }) => event.type === 'verdict.taken' && event.verb === 'release' },
  actions: {
    openNext: emit(({ event }) => ({ type: 'open' as const, itemId: event.type === 'next.found' ? event.itemId : null, finished: false })),
    backToGate: emit(({ event }) => ({ type: 'open' as const, itemId: null, finished: event.type === 'next.none' })),
  },
}).createMachine({
  id: 'gateJudging',
  initial: 'judging',
  states: {
    judging: {
      on: {
        'verdict.taken': [{ guard: 'released', target: 'leaving', actions: 'backToGate' }, { target: 'finding' }],
      },
    },
    // The next item is asked for once: another verdict cannot start a second search while this one runs.
    finding: {
      on: {
        'next.found': { target: 'judging', actions: 'openNext' },
        'next.none': { target: 'leaving', actions: 'backToGate' },
        'next.failed': { target: 'leaving', actions: 'backToGate' },
      },
    },
    leaving: { type: 'final' },
  },
});
