// Deciders of a claim's life: entering a pool, claiming, releasing, and expiry by the auto-recycle timer.
import { accept, itemRef, type ItemDecision, machineRefusal, refuse, type ItemActor } from './item.decide';
import type { ItemState } from './item.evolve';
import type { WorkPlan } from './work-plan';

/** On publishing, an item that waited with no link enters the first link's pool; one already in a pool stays. */
export function enterPool(state: ItemState, plan: WorkPlan): ItemDecision {
  if (state.status !== 'unlinked') return accept();
  const refused = machineRefusal(state, plan, { type: 'item.enter' });
  if (refused) return refused;
  return accept({ type: 'ItemEnteredPool', data: { ...itemRef(state), linkId: plan.links[0].id } });
}

export interface ClaimInput {
  claimId: string;
  now: Date;
}

export function claimItem(state: ItemState, plan: WorkPlan, actor: ItemActor, input: ClaimInput): ItemDecision {
  // Whoever got there first holds it: the seed's message for a claim that did not happen.
  if (state.status !== 'pooled') return refuse('items.claim_failed');
  // The machine refuses a claim on a pooled item only for an inspector's own work: its guard is where that rule lives.
  if (machineRefusal(state, plan, { type: 'item.claim', actorId: actor.id })) return refuse('items.inspector_annotated');
  const deadline = plan.autoRecycleMinutes === null ? null : new Date(input.now.getTime() + plan.autoRecycleMinutes * 60_000).toISOString();
  return accept({
    type: 'ItemClaimed',
    data: { ...itemRef(state), linkId: state.linkId!, claimId: input.claimId, claimerId: actor.id, claimedAt: input.now.toISOString(), deadline },
  });
}

/** The claimer gives the item back, or a manager takes it from them; it returns to the same link's pool. */
export function releaseItem(state: ItemState, plan: WorkPlan, actor: ItemActor): ItemDecision {
  if (state.status === 'claimed' && state.claimerId !== actor.id && !actor.manager) return refuse('items.not_claimer');
  const refused = machineRefusal(state, plan, { type: 'item.release', actorId: actor.id, manager: actor.manager });
  if (refused) return refused;
  return accept({
    type: 'ItemReleased',
    data: { ...itemRef(state), linkId: state.linkId!, claimId: state.claimId!, claimerId: state.claimerId!, releasedBy: actor.id },
  });
}

export interface ExpireInput {
  /** The claim the timer was set for. */
  claimId: string;
  now: Date;
}

/**
 * The auto-recycle timer fires. A timer whose claim is gone (submitted, released, claimed again) does nothing, so a
 * late or repeated delivery never takes an item from whoever holds it now; one that fires early is refused to retry.
 */
export function expireClaim(state: ItemState, plan: WorkPlan, input: ExpireInput): ItemDecision {
  if (state.status !== 'claimed' || state.claimId !== input.claimId || state.deadline === null) return accept();
  if (input.now.getTime() < Date.parse(state.deadline)) return refuse('items.claim_not_due', { deadline: state.deadline });
  const refused = machineRefusal(state, plan, { type: 'item.expire', claimId: input.claimId });
  if (refused) return refused;
  return accept({
    type: 'ItemClaimExpired',
    data: { ...itemRef(state), linkId: state.linkId!, claimId: state.claimId, claimerId: state.claimerId!, deadline: state.deadline },
  });
}
