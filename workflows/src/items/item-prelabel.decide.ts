// A PM's pre-annotation: an imported result becomes the starting result of an item waiting in an annotation link,
// saved as any result is, by the PM, so whoever claims the item next opens it in the editor.
import { type ItemDecision, machineRefusal, type ItemActor } from './item.decide';
import type { ItemState } from './item.evolve';
import { type SaveResultInput, savedResult } from './item-annotation.decide';
import type { WorkPlan } from './work-plan';

export function prelabelItem(state: ItemState, plan: WorkPlan, actor: ItemActor, input: SaveResultInput): ItemDecision {
  return machineRefusal(state, plan, { type: 'item.prelabel', actorId: actor.id, manager: actor.manager }) ?? savedResult(state, actor, input);
}
