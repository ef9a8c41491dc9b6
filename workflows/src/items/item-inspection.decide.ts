// Deciders of an inspection: judging an invalid mark, passing the item on, rejecting it back for rework.
import { accept, claimerRefusal, itemRef, type ItemDecision, machineRefusal, refuse, type ItemActor } from './item.decide';
import type { ErrorMark } from './item.events';
import type { ItemState } from './item.evolve';
import { linkAfter, producingLink, type WorkPlan } from './work-plan';

function judgeInvalidity(state: ItemState, plan: WorkPlan, actor: ItemActor, verdict: 'confirm' | 'overturn'): ItemDecision {
  const notClaimer = claimerRefusal(state, actor);
  if (notClaimer) return notClaimer;
  const refused = machineRefusal(state, plan, { type: verdict === 'confirm' ? 'item.confirm_invalid' : 'item.overturn_invalid', actorId: actor.id });
  if (refused) return refused;
  const data = { ...itemRef(state), linkId: state.linkId!, inspectorId: actor.id, reasonId: state.invalidReasonId!, resultVersion: state.resultVersion };
  return accept(verdict === 'confirm' ? { type: 'InvalidityConfirmed', data } : { type: 'InvalidityOverturned', data });
}

export const confirmInvalidity = (state: ItemState, plan: WorkPlan, actor: ItemActor): ItemDecision => judgeInvalidity(state, plan, actor, 'confirm');
export const overturnInvalidity = (state: ItemState, plan: WorkPlan, actor: ItemActor): ItemDecision => judgeInvalidity(state, plan, actor, 'overturn');

/** Passes the result version the inspector saw to the next link, or finishes the item after the last link. */
export function passItem(state: ItemState, plan: WorkPlan, actor: ItemActor): ItemDecision {
  const notClaimer = claimerRefusal(state, actor);
  if (notClaimer) return notClaimer;
  if (state.status === 'claimed' && state.invalidity === 'pending') return refuse('items.invalidity_unjudged');
  const refused = machineRefusal(state, plan, { type: 'item.pass', actorId: actor.id });
  if (refused) return refused;
  const next = linkAfter(plan.links, state.linkId);
  const ref = { ...itemRef(state), linkId: state.linkId!, resultVersion: state.resultVersion };
  const passed = { type: 'ItemPassed' as const, data: { ...ref, inspectorId: actor.id, toLinkId: next?.id ?? null } };
  return next ? accept(passed) : accept(passed, { type: 'ItemFinished', data: { ...ref, decidedBy: 'inspection' } });
}

/**
 * Sends the item back to the annotation link that produced it, offered first to its annotator. Rejected more often
 * than the project's rework max count, it is held there for the PM to recycle or accept. The PM may reject an item
 * of an inspection link without claiming it (bulk reject).
 */
export function rejectItem(state: ItemState, plan: WorkPlan, actor: ItemActor, input: { marks: ErrorMark[] }): ItemDecision {
  if (!actor.manager) {
    const notClaimer = claimerRefusal(state, actor);
    if (notClaimer) return notClaimer;
  }
  const refused = machineRefusal(state, plan, { type: 'item.reject', actorId: actor.id, manager: actor.manager });
  if (refused) return refused;
  if (input.marks.length === 0) return refuse('items.marks_empty');
  const back = producingLink(plan.links, state.linkId)!;
  const reworkCount = state.reworkCount + 1;
  const rejected = {
    type: 'ItemRejected' as const,
    data: {
      ...itemRef(state),
      linkId: state.linkId!,
      inspectorId: actor.id,
      resultVersion: state.resultVersion,
      marks: input.marks,
      toLinkId: back.id,
      preferredClaimerId: state.lastAnnotators[back.id] ?? null,
      reworkCount,
    },
  };
  if (reworkCount <= plan.reworkMaxCount) return accept(rejected);
  return accept(rejected, { type: 'ItemHeld', data: { ...itemRef(state), linkId: back.id, reworkCount, reworkMaxCount: plan.reworkMaxCount } });
}
