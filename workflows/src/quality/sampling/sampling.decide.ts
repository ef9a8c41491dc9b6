// Deciders of a sampling task as a whole: the PM creates it with the first draw, starts a new round after rework,
// and decides a task held after its last round. What they share: the refusals, the machine's answer, the draw.
import { transition } from 'xstate';
import { decide, snapshotOf } from '../../shared/lifecycle';
import { type Refusal, refuse, type ItemActor } from '../../items/item.decide';
import { drawSample } from './sample-draw';
import type { SampleRule, SamplingEvent, SamplingScope, SampleScopeItem } from './sampling.events';
import { samplingMachineContext, type SamplingState } from './sampling.evolve';
import { samplingMachine, type SamplingMachineEvent, type SamplingStatus } from './sampling.machine';

export type SamplingDecision = { events: SamplingEvent[] } | { refusal: Refusal };

export const accept = (...events: SamplingEvent[]): { events: SamplingEvent[] } => ({ events });

/** The machine's answer as a refusal, or null when it allows the event. */
export function machineRefusal(state: SamplingState, event: SamplingMachineEvent): { refusal: Refusal } | null {
  const decision = decide(samplingMachine, state.status, samplingMachineContext(state), event);
  if (decision.allowed) return null;
  return refuse('errors.invalid_transition', { from: decision.from, event: decision.event, allowed: decision.allowedEvents.join(', ') });
}

/** Where the machine goes on an event it allows. */
export function nextStatus(state: SamplingState, event: SamplingMachineEvent): SamplingStatus {
  return transition(samplingMachine, snapshotOf(samplingMachine, state.status, samplingMachineContext(state)), event)[0].value as SamplingStatus;
}

export const taskRef = (state: SamplingState) => ({ taskId: state.taskId, projectId: state.projectId });

/** How many items a rule samples from a scope, or null when that is not between one and the whole scope. */
export function sampleSizeOf(rule: SampleRule, screeningCount: number): number | null {
  const size = rule.by === 'ratio' ? Math.ceil((rule.ratio * screeningCount) / 100) : rule.count;
  return size >= 1 && size <= screeningCount ? size : null;
}

/** A round's draw over the items finished in scope, refused with the seed's message when the rule cannot be met. */
function drawRound(rule: SampleRule, items: SampleScopeItem[], seed: number, round: number) {
  if (items.length === 0) return refuse('quality.sampling_scope_empty');
  const sampleSize = sampleSizeOf(rule, items.length);
  if (sampleSize === null) return refuse('quality.sampling_quantity_unreasonable', { max: items.length });
  const { sample, strata } = drawSample(items, sampleSize, seed);
  return { draw: { round, screeningCount: items.length, sampleSize, seed, sample, strata } };
}

export interface CreateSamplingInput {
  scope: SamplingScope;
  /** The finished items in scope, each with the annotator of its finished result. */
  items: SampleScopeItem[];
  rule: SampleRule;
  /** A 32-bit seed chosen by the caller and stored, so the draw can be checked again. */
  seed: number;
  /** The project's pass threshold, a percent. */
  passThreshold: number;
  now: Date;
}

export function createSamplingTask(state: SamplingState, actor: ItemActor, input: CreateSamplingInput): SamplingDecision {
  const refused = machineRefusal(state, { type: 'sampling.create', actorId: actor.id, manager: actor.manager });
  if (refused) return refused;
  const drawn = drawRound(input.rule, input.items, input.seed, 1);
  if ('refusal' in drawn) return drawn;
  const { scope, rule, passThreshold } = input;
  return accept({
    type: 'SamplingTaskCreated',
    data: { ...taskRef(state), scope, rule, passThreshold, createdBy: actor.id, createdAt: input.now.toISOString(), ...drawn.draw },
  });
}

export interface StartRoundInput {
  /** The items finished in scope now, the reworked ones among them. */
  items: SampleScopeItem[];
  seed: number;
  now: Date;
}

/** After rework the scope is sampled again by the task's rule; every returned item must have finished again first. */
export function startSamplingRound(state: SamplingState, actor: ItemActor, input: StartRoundInput): SamplingDecision {
  const refused = machineRefusal(state, { type: 'sampling.start_round', actorId: actor.id, manager: actor.manager });
  if (refused) return refused;
  const finished = new Set(input.items.map((i) => i.itemId));
  const unfinished = state.returned.filter((r) => !finished.has(r.itemId)).length;
  if (unfinished > 0) return refuse('quality.sampling_rework_unfinished', { count: unfinished });
  const drawn = drawRound(state.rule!, input.items, input.seed, state.round + 1);
  if ('refusal' in drawn) return drawn;
  return accept({ type: 'SamplingRoundStarted', data: { ...taskRef(state), startedBy: actor.id, startedAt: input.now.toISOString(), ...drawn.draw } });
}

/** The PM accepts a scope that failed its last round as it is, or returns the failed items of that round for rework. */
export function decideSamplingTask(state: SamplingState, actor: ItemActor, input: { decision: 'accept' | 'return'; now: Date }): SamplingDecision {
  const refused = machineRefusal(state, { type: 'sampling.decide', actorId: actor.id, manager: actor.manager });
  if (refused) return refused;
  const items = input.decision === 'return' ? failedItems(state) : [];
  return accept({ type: 'SamplingTaskDecided', data: { ...taskRef(state), decision: input.decision, decidedBy: actor.id, decidedAt: input.now.toISOString(), items } });
}

export const failedItems = (state: SamplingState) =>
  state.sample.filter((s) => s.verdict === 'fail').map(({ itemId, annotatorId, resultVersion, marks }) => ({ itemId, annotatorId, resultVersion, marks }));
