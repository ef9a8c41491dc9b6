// Which of the sampling machine's events a person may send on a task now, for the task's page to offer.
import type { ItemActor } from '../../items/item.decide';
import { decide } from '../../shared/lifecycle';
import { samplingMachine, type SamplingMachineContext, type SamplingMachineEvent, type SamplingStatus } from './sampling.machine';

/**
 * The events the machine allows this person: claiming when an item is free for them or they hold one unjudged (a
 * claim then hands it back), releasing and judging what they hold, and the manager's round and decision. `inspects`
 * says whether the person is one of the task's inspectors at all.
 */
export function samplingActionsFor(status: SamplingStatus, context: SamplingMachineContext, actor: ItemActor, inspects: boolean): string[] {
  const allows = (event: SamplingMachineEvent) => decide(samplingMachine, status, context, event).allowed;
  const onAny = (type: 'sampling.claim' | 'sampling.release' | 'sampling.judge') =>
    context.sample.some((s) => allows({ type, itemId: s.itemId, actorId: actor.id, manager: actor.manager }));
  const allowed: string[] = [];
  if (inspects) {
    const holds = context.sample.some((s) => s.claimerId === actor.id && s.verdict === null);
    if (holds || onAny('sampling.claim')) allowed.push('sampling.claim');
    if (onAny('sampling.release')) allowed.push('sampling.release');
    if (onAny('sampling.judge')) allowed.push('sampling.judge');
  }
  for (const type of ['sampling.start_round', 'sampling.decide'] as const) {
    if (allows({ type, actorId: actor.id, manager: actor.manager })) allowed.push(type);
  }
  return allowed;
}
