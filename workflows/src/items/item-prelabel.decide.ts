// A PM's pre-annotation: an imported result becomes the starting result of an item waiting in an annotation link,
// saved as any result is, by the PM, so whoever claims the item next opens it in the editor. The import or the
// algorithm call checked the result as a save is where it read it, and says each issue at its line.
import { type ItemDecision, machineRefusal, type ItemActor } from './item.decide';
import type { ItemState } from './item.evolve';
import { resultSaved } from './item-annotation.decide';
import type { CheckedResult } from './result.validation';
import type { WorkPlan } from './work-plan';

export interface PrelabelInput {
  result: CheckedResult;
  now: Date;
}

export function prelabelItem(state: ItemState, plan: WorkPlan, actor: ItemActor, input: PrelabelInput): ItemDecision {
  return machineRefusal(state, plan, { type: 'item.prelabel', actorId: actor.id, manager: actor.manager }) ?? resultSaved(state, actor, input.result, input.now);
}
