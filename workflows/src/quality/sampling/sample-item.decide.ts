// Deciders of the sample's items in an open round: claiming, releasing, judging, and closing the round once all are judged.
import { type Refusal, refuse, type ItemActor } from '../../items/item.decide';
import type { ErrorMark } from '../../items/item.events';
import { accept, failedItems, machineRefusal, nextStatus, type SamplingDecision, taskRef } from './sampling.decide';
import type { SamplingEvent, SampleVerdict } from './sampling.events';
import { evolveSampling, type SamplingState } from './sampling.evolve';
import { tallyOf } from './sampling.machine';

/** The item in an open round's sample; outside an open round the machine gives the answer. */
const entryOf = (state: SamplingState, itemId: string) => (state.status === 'open' ? state.sample.find((s) => s.itemId === itemId) : undefined);

/** Says why an item of an open round cannot be acted on, before the machine's general answer. */
function itemRefusal(state: SamplingState, itemId: string): { refusal: Refusal } | null {
  if (state.status !== 'open') return null;
  const entry = entryOf(state, itemId);
  if (!entry) return refuse('quality.sampling_item_not_sampled');
  return entry.verdict === null ? null : refuse('quality.sampling_item_judged', { round: state.round });
}

export function claimSampleItem(state: SamplingState, actor: ItemActor, input: { itemId: string; now: Date }): SamplingDecision {
  const refusedItem = itemRefusal(state, input.itemId);
  if (refusedItem) return refusedItem;
  const entry = entryOf(state, input.itemId);
  // Whoever got there first holds it: the seed's message for a claim that did not happen.
  if (entry?.claimerId) return refuse('items.claim_failed');
  if (entry?.annotatorId === actor.id) return refuse('items.inspector_annotated');
  const refused = machineRefusal(state, { type: 'sampling.claim', itemId: input.itemId, actorId: actor.id });
  if (refused) return refused;
  return accept({ type: 'SampleItemClaimed', data: { ...taskRef(state), round: state.round, itemId: input.itemId, inspectorId: actor.id, claimedAt: input.now.toISOString() } });
}

/** The claimer gives the item back, or a manager takes it from them. */
export function releaseSampleItem(state: SamplingState, actor: ItemActor, input: { itemId: string }): SamplingDecision {
  const refusedItem = itemRefusal(state, input.itemId);
  if (refusedItem) return refusedItem;
  const entry = entryOf(state, input.itemId);
  if (entry?.claimerId && entry.claimerId !== actor.id && !actor.manager) return refuse('items.not_claimer');
  const refused = machineRefusal(state, { type: 'sampling.release', itemId: input.itemId, actorId: actor.id, manager: actor.manager });
  if (refused) return refused;
  return accept({ type: 'SampleItemReleased', data: { ...taskRef(state), round: state.round, itemId: input.itemId, inspectorId: entry!.claimerId!, releasedBy: actor.id } });
}

export interface JudgeInput {
  itemId: string;
  verdict: SampleVerdict;
  /** Required to fail an item; a passed item may still carry marks of minor errors. */
  marks: ErrorMark[];
  now: Date;
}

/** Judges the version that was drawn; the last verdict of the round closes it in the same step. */
export function judgeSampleItem(state: SamplingState, actor: ItemActor, input: JudgeInput): SamplingDecision {
  const refusedItem = itemRefusal(state, input.itemId);
  if (refusedItem) return refusedItem;
  const entry = entryOf(state, input.itemId);
  if (entry && entry.claimerId !== actor.id) return refuse('items.not_claimer');
  if (input.verdict === 'fail' && input.marks.length === 0) return refuse('items.marks_empty');
  const refused = machineRefusal(state, { type: 'sampling.judge', itemId: input.itemId, actorId: actor.id });
  if (refused) return refused;
  const judged: SamplingEvent = {
    type: 'SampleItemJudged',
    data: {
      ...taskRef(state),
      round: state.round,
      itemId: input.itemId,
      verdict: input.verdict,
      marks: input.marks,
      resultVersion: entry!.resultVersion,
      inspectorId: actor.id,
      judgedAt: input.now.toISOString(),
    },
  };
  const after = evolveSampling(state, judged);
  if (after.sample.some((s) => s.verdict === null)) return accept(judged);
  const closed = closeSamplingRound(after);
  return 'refusal' in closed ? closed : accept(judged, ...closed.events);
}

/**
 * Records the round's pass rate, then passes the scope at or above the threshold; below it, returns the failed
 * items for rework, or after the last round holds the task for the PM.
 */
export function closeSamplingRound(state: SamplingState): SamplingDecision {
  const unjudged = state.sample.filter((s) => s.verdict === null).length;
  if (state.status === 'open' && unjudged > 0) return refuse('quality.sampling_round_unjudged', { count: unjudged });
  const refused = machineRefusal(state, { type: 'sampling.close_round' });
  if (refused) return refused;
  const tally = tallyOf(state.sample);
  const ref = { ...taskRef(state), round: state.round };
  const closed: SamplingEvent = { type: 'SamplingRoundClosed', data: { ...ref, ...tally, passRate: tally.passed / tally.judged } };
  // The machine's guards hold the threshold and round rules; the events follow where it goes.
  const to = nextStatus(state, { type: 'sampling.close_round' });
  if (to === 'passed') return accept(closed, { type: 'SamplingScopePassed', data: ref });
  if (to === 'held') return accept(closed, { type: 'SamplingTaskHeld', data: ref });
  return accept(closed, { type: 'SamplingScopeReturned', data: { ...ref, items: failedItems(state) } });
}
