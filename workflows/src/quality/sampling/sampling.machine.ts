// Lifecycle of a sampling task: a round is open while inspectors claim and judge its sample; closing it passes the
// scope, returns it for rework until a new round is drawn, or after the last round holds it for the PM's decision.
import { setup } from 'xstate';
import { samplingMaxRounds, type SampleVerdict } from './sampling.events';

export type SamplingStatus = 'new' | 'open' | 'returned_for_rework' | 'passed' | 'held' | 'decided';

export interface SampleSlot {
  itemId: string;
  annotatorId: string;
  claimerId: string | null;
  verdict: SampleVerdict | null;
}

export interface SamplingMachineContext {
  round: number;
  /** A percent. */
  passThreshold: number;
  /** The current round's sample. */
  sample: SampleSlot[];
}

/** A person acting on the task; `manager` is a PM or admin. */
type ByPerson = { actorId: string; manager?: boolean };
type OnItem = ByPerson & { itemId: string };

export type SamplingMachineEvent =
  | ({ type: 'sampling.create' } & ByPerson)
  | ({ type: 'sampling.claim' } & OnItem)
  | ({ type: 'sampling.release' } & OnItem)
  | ({ type: 'sampling.judge' } & OnItem)
  | { type: 'sampling.close_round' }
  | ({ type: 'sampling.start_round' } & ByPerson)
  | ({ type: 'sampling.decide' } & ByPerson);

export interface Tally {
  judged: number;
  passed: number;
}

export const tallyOf = (sample: readonly Pick<SampleSlot, 'verdict'>[]): Tally => ({
  judged: sample.filter((s) => s.verdict !== null).length,
  passed: sample.filter((s) => s.verdict === 'pass').length,
});

/** At or above the threshold passes; compared in whole numbers so that 19 of 20 meets 95 exactly. */
export const meetsThreshold = ({ judged, passed }: Tally, threshold: number): boolean => passed * 100 >= threshold * judged;

// Guards also run for events without an actor or item (asking which events a state allows), so they read them defensively.
type Args = { context: SamplingMachineContext; event: SamplingMachineEvent };
const actorOf = (event: SamplingMachineEvent) => ('actorId' in event ? event.actorId : undefined);
const slotOf = ({ context, event }: Args) => ('itemId' in event ? context.sample.find((s) => s.itemId === event.itemId) : undefined);
const byManager = ({ event }: Args) => 'manager' in event && event.manager === true;
const allJudged = ({ context }: Args) => context.sample.length > 0 && context.sample.every((s) => s.verdict !== null);
const passes = ({ context }: Args) => meetsThreshold(tallyOf(context.sample), context.passThreshold);
const lastRound = ({ context }: Args) => context.round >= samplingMaxRounds;

export const samplingMachine = setup({
  types: { context: {} as SamplingMachineContext, events: {} as SamplingMachineEvent },
  guards: {
    byManager,
    // An inspector never judges an item they annotated, as in the work loop.
    mayClaim: (args) => {
      const slot = slotOf(args);
      const actor = actorOf(args.event);
      return slot !== undefined && slot.verdict === null && slot.claimerId === null && actor !== undefined && actor !== slot.annotatorId;
    },
    mayRelease: (args) => {
      const slot = slotOf(args);
      return slot !== undefined && slot.verdict === null && slot.claimerId !== null && (slot.claimerId === actorOf(args.event) || byManager(args));
    },
    mayJudge: (args) => {
      const slot = slotOf(args);
      return slot !== undefined && slot.verdict === null && slot.claimerId !== null && slot.claimerId === actorOf(args.event);
    },
    closesPassing: (args) => allJudged(args) && passes(args),
    closesFailing: (args) => allJudged(args) && !passes(args) && !lastRound(args),
    closesLastFailing: (args) => allJudged(args) && !passes(args) && lastRound(args),
  },
}).createMachine({
  id: 'sampling',
  version: '1',
  initial: 'new',
  context: { round: 0, passThreshold: 0, sample: [] },
  // Claims and verdicts target their own state: XState counts only transitions that go somewhere as possible.
  states: {
    new: {
      on: { 'sampling.create': { guard: 'byManager', target: 'open' } },
    },
    open: {
      on: {
        'sampling.claim': { guard: 'mayClaim', target: 'open' },
        'sampling.release': { guard: 'mayRelease', target: 'open' },
        'sampling.judge': { guard: 'mayJudge', target: 'open' },
        'sampling.close_round': [
          { guard: 'closesPassing', target: 'passed' },
          { guard: 'closesFailing', target: 'returned_for_rework' },
          { guard: 'closesLastFailing', target: 'held' },
        ],
      },
    },
    returned_for_rework: {
      on: { 'sampling.start_round': { guard: 'byManager', target: 'open' } },
    },
    held: {
      on: { 'sampling.decide': { guard: 'byManager', target: 'decided' } },
    },
    passed: { type: 'final' },
    decided: { type: 'final' },
  },
});
