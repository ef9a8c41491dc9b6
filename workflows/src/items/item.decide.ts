// What every item command shares: who acts, what a decision answers, and the machine as the last word.
import { internalRoles } from '../identity/roles';
import { decide } from '../shared/lifecycle';
import type { ItemEvent } from './item.events';
import type { ItemState } from './item.evolve';
import { itemMachine, itemMachineContext, type ItemMachineEvent } from './item.machine';
import type { ResultIssue } from './result.validation';
import { linkOf, type WorkPlan } from './work-plan';

/** A person acting on an item; a manager (admin or PM) acts on items without claiming them. */
export interface ItemActor {
  id: string;
  manager: boolean;
}

export const itemActor = (id: string, role: string): ItemActor => ({ id, manager: (internalRoles as string[]).includes(role) });

export interface Refusal {
  messageKey: string;
  params: Record<string, string | number>;
  /** The result's problems, for a refused save or submission. */
  issues?: ResultIssue[];
}

export type ItemDecision = { events: ItemEvent[] } | { refusal: Refusal };

export const refuse = (messageKey: string, params: Record<string, string | number> = {}, issues?: ResultIssue[]): { refusal: Refusal } => ({
  refusal: issues ? { messageKey, params, issues } : { messageKey, params },
});

export const accept = (...events: ItemEvent[]): { events: ItemEvent[] } => ({ events });

/** The machine's answer as a refusal, or null when it allows the event. */
export function machineRefusal(state: ItemState, plan: WorkPlan, event: ItemMachineEvent): { refusal: Refusal } | null {
  const decision = decide(itemMachine, state.status, itemMachineContext(state, plan), event);
  if (decision.allowed) return null;
  return refuse('errors.invalid_transition', { from: decision.from, event: decision.event, allowed: decision.allowedEvents.join(', ') });
}

/** Refuses a person who acts on a claimed item they do not hold, before the machine's general answer. */
export function claimerRefusal(state: ItemState, actor: ItemActor): { refusal: Refusal } | null {
  return state.status === 'claimed' && state.claimerId !== actor.id ? refuse('items.not_claimer') : null;
}

export const currentLinkType = (state: ItemState, plan: WorkPlan) => linkOf(plan.links, state.linkId)?.type ?? null;

export const itemRef = (state: ItemState) => ({ itemId: state.itemId, projectId: state.projectId });
