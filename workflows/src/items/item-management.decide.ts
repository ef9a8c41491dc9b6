// Deciders of the PM's actions on items: recycling them and deciding on an item held after too many reworks.
import { accept, itemRef, type ItemDecision, machineRefusal, type ItemActor } from './item.decide';
import type { ItemState } from './item.evolve';
import type { ErrorMark } from './item.events';
import { producingLink, type WorkPlan } from './work-plan';

export interface RecycleInput {
  /** The first annotation link's pool, or the pool of the link the item is in. */
  target: 'annotation_pool' | 'same_link';
  keepResult: boolean;
}

/** Sends an item back to a pool, taking it from any claimer; clearing its result starts an empty version. */
export function recycleItem(state: ItemState, plan: WorkPlan, actor: ItemActor, input: RecycleInput): ItemDecision {
  const refused = machineRefusal(state, plan, { type: 'item.recycle', actorId: actor.id, manager: actor.manager });
  if (refused) return refused;
  const firstAnnotation = plan.links.find((link) => link.type === 'annotation')!;
  const toLinkId = input.target === 'annotation_pool' ? firstAnnotation.id : state.linkId!;
  const cleared = !input.keepResult && state.result !== null;
  return accept({
    type: 'ItemRecycled',
    data: {
      ...itemRef(state),
      fromLinkId: state.linkId!,
      toLinkId,
      target: input.target,
      keepResult: input.keepResult,
      resultVersion: cleared ? state.resultVersion + 1 : state.resultVersion,
      recycledBy: actor.id,
    },
  });
}

/** The PM accepts a held item as it is: it is finished. */
export function acceptHeldItem(state: ItemState, plan: WorkPlan, actor: ItemActor): ItemDecision {
  const refused = machineRefusal(state, plan, { type: 'item.accept', actorId: actor.id, manager: actor.manager });
  if (refused) return refused;
  return accept({ type: 'ItemFinished', data: { ...itemRef(state), linkId: state.linkId!, resultVersion: state.resultVersion, decidedBy: 'manager' } });
}

export interface ReturnInput {
  gate: 'sampling' | 'acceptance';
  /** The sampling task or acceptance batch that failed the item. */
  gateId: string;
  marks: ErrorMark[];
}

/** A quality gate sends a finished item back to the annotation link that produced its result, offered first to its annotator. */
export function returnItem(state: ItemState, plan: WorkPlan, actor: ItemActor, input: ReturnInput): ItemDecision {
  const refused = machineRefusal(state, plan, { type: 'item.return', actorId: actor.id, manager: actor.manager });
  if (refused) return refused;
  const back = producingLink(plan.links, state.linkId)!;
  return accept({
    type: 'ItemReturned',
    data: {
      ...itemRef(state),
      linkId: state.linkId!,
      gate: input.gate,
      gateId: input.gateId,
      resultVersion: state.resultVersion,
      marks: input.marks,
      toLinkId: back.id,
      preferredClaimerId: state.lastAnnotators[back.id] ?? null,
      returnedBy: actor.id,
    },
  });
}
