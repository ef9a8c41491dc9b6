// Deciders of an acceptance batch: the PM makes it, an acceptor claims (or takes over), judges and submits it, and the
// PM passes, rejects or withdraws it. Specific refusals come first; the machine has the last word on every edge.
import { decide } from '../../shared/lifecycle';
import type { ErrorMark } from '../../items/item.events';
import { type Refusal, refuse, type ItemActor } from '../../items/item.decide';
import type { AcceptanceEvent, AcceptanceItem, AcceptanceVerdict } from './acceptance.events';
import { acceptanceMachineContext, type AcceptanceState } from './acceptance.evolve';
import { acceptanceAllowedEvents, acceptanceEventsAllowedTo, acceptanceMachine, type AcceptanceMachineEvent } from './acceptance.machine';

export type AcceptanceDecision = { events: AcceptanceEvent[] } | { refusal: Refusal };

const accept = (...events: AcceptanceEvent[]): { events: AcceptanceEvent[] } => ({ events });

/** The machine's answer as a refusal, or null when it allows the event. */
export function acceptanceMachineRefusal(state: AcceptanceState, event: AcceptanceMachineEvent): { refusal: Refusal } | null {
  const context = acceptanceMachineContext(state);
  if (decide(acceptanceMachine, state.status, context, event).allowed) return null;
  // What this caller may do instead, so a refusal never names the refused action as allowed.
  const allowed = 'actorId' in event ? acceptanceEventsAllowedTo(state.status, context, { actorId: event.actorId, manager: event.manager === true }) : acceptanceAllowedEvents(state.status, context);
  return refuse('errors.invalid_transition', { from: state.status, event: event.type, allowed: allowed.join(', ') });
}

const batchRef = (state: AcceptanceState) => ({ batchId: state.batchId, projectId: state.projectId });
const by = (actor: ItemActor) => ({ actorId: actor.id, manager: actor.manager });
const judgedCount = (state: AcceptanceState) => state.items.filter((i) => i.verdict !== null).length;

/** Refuses someone acting on a batch another acceptor holds, before the machine's general answer. */
function claimerRefusal(state: AcceptanceState, actor: ItemActor): { refusal: Refusal } | null {
  return state.status === 'accepting' && state.claimerId !== actor.id ? refuse('quality.acceptance_not_claimer') : null;
}

export interface CreateAcceptanceInput {
  sequence: number;
  /** One batch of the PM's split (see acceptance-batches), each item with the result version that passed the gates. */
  items: AcceptanceItem[];
  /** The client acceptors who may claim the batch. */
  acceptorIds: string[];
  now: Date;
}

export function createAcceptanceBatch(state: AcceptanceState, actor: ItemActor, input: CreateAcceptanceInput): AcceptanceDecision {
  const refused = acceptanceMachineRefusal(state, { type: 'acceptance.create', ...by(actor) });
  if (refused) return refused;
  if (input.items.length === 0) return refuse('quality.acceptance_selection_empty');
  if (input.acceptorIds.length === 0) return refuse('quality.acceptance_acceptors_empty');
  return accept({
    type: 'AcceptanceBatchCreated',
    data: {
      ...batchRef(state),
      sequence: input.sequence,
      items: input.items,
      acceptorIds: [...new Set(input.acceptorIds)],
      createdBy: actor.id,
      createdAt: input.now.toISOString(),
    },
  });
}

/** A batch is claimed only by the acceptors its PM named; a PM is answered by the machine, which keeps claims to acceptors. */
function notNamedRefusal(state: AcceptanceState, actor: ItemActor): { refusal: Refusal } | null {
  const made = state.status !== 'not_accepted';
  return made && !actor.manager && !state.acceptorIds.includes(actor.id) ? refuse('quality.acceptance_not_named') : null;
}

export interface ClaimAcceptanceInput {
  /** The acceptor saw the seed's warning and chose to overwrite the results of the acceptor who holds the batch. */
  confirmTakeover: boolean;
  now: Date;
}

/**
 * Claims a pending batch, or takes over one another acceptor holds once the takeover is confirmed; their verdicts are
 * discarded. Only an acceptor the batch names may do either. Of two acceptors claiming at once the store keeps the
 * first; the second is asked to confirm.
 */
export function claimAcceptanceBatch(state: AcceptanceState, actor: ItemActor, input: ClaimAcceptanceInput): AcceptanceDecision {
  // A repeated claim by the holder (a retried request) changes nothing, so it keeps the start time.
  if (state.status === 'accepting' && state.claimerId === actor.id) return accept();
  const notNamed = notNamedRefusal(state, actor);
  if (notNamed) return notNamed;
  const takeover = state.status === 'accepting' && !actor.manager;
  if (takeover && !input.confirmTakeover) return refuse('quality.acceptance_claimed_by_other', { judged: judgedCount(state) });
  const refused = acceptanceMachineRefusal(state, { type: takeover ? 'acceptance.take_over' : 'acceptance.claim', ...by(actor) });
  if (refused) return refused;
  return accept({
    type: 'AcceptanceBatchClaimed',
    data: {
      ...batchRef(state),
      acceptorId: actor.id,
      claimedAt: input.now.toISOString(),
      takenOverFrom: takeover ? state.claimerId : null,
      discardedVerdicts: takeover ? judgedCount(state) : 0,
    },
  });
}

export interface JudgeAcceptanceInput {
  itemId: string;
  verdict: AcceptanceVerdict;
  marks: ErrorMark[];
  now: Date;
}

/** The claimer passes or rejects one item of the result version put in the batch; a later verdict replaces an earlier one. */
export function judgeAcceptanceItem(state: AcceptanceState, actor: ItemActor, input: JudgeAcceptanceInput): AcceptanceDecision {
  const notClaimer = claimerRefusal(state, actor);
  if (notClaimer) return notClaimer;
  const item = state.items.find((i) => i.itemId === input.itemId);
  if (state.status === 'accepting' && !item) return refuse('quality.acceptance_item_unknown');
  const refused = acceptanceMachineRefusal(state, { type: 'acceptance.judge', itemId: input.itemId, ...by(actor) });
  if (refused) return refused;
  if (input.verdict === 'reject' && input.marks.length === 0) return refuse('items.marks_empty');
  const { verdict, marks } = input;
  return accept({
    type: 'AcceptanceItemJudged',
    data: { ...batchRef(state), itemId: input.itemId, verdict, marks, resultVersion: item!.resultVersion, acceptorId: actor.id, judgedAt: input.now.toISOString() },
  });
}

/** Submits to the PM once every item is judged, with the cost time since the claim started. */
export function submitAcceptanceBatch(state: AcceptanceState, actor: ItemActor, input: { now: Date }): AcceptanceDecision {
  const notClaimer = claimerRefusal(state, actor);
  if (notClaimer) return notClaimer;
  const unjudged = state.items.length - judgedCount(state);
  if (state.status === 'accepting' && unjudged > 0) return refuse('quality.acceptance_items_unjudged', { count: unjudged });
  const refused = acceptanceMachineRefusal(state, { type: 'acceptance.submit', ...by(actor) });
  if (refused) return refused;
  const startedAt = state.startedAt!;
  const costSeconds = Math.max(0, Math.floor((input.now.getTime() - Date.parse(startedAt)) / 1000));
  const rejected = state.items.filter((i) => i.verdict === 'reject').length;
  return accept({
    type: 'AcceptanceBatchSubmitted',
    data: { ...batchRef(state), acceptorId: actor.id, startedAt, submittedAt: input.now.toISOString(), costSeconds, passed: state.items.length - rejected, rejected },
  });
}

export interface AcceptanceVerdictInput {
  /** The project's "allow repair after acceptance" toggle at the time of the verdict. */
  repairAllowed: boolean;
  now: Date;
}

/**
 * Passing the batch accepts the items its acceptor passed; rejecting it fails every item. Failed items go back for
 * rework when repair is allowed, and otherwise stay rejected.
 */
function decideBatch(state: AcceptanceState, actor: ItemActor, verdict: 'pass' | 'reject', input: AcceptanceVerdictInput): AcceptanceDecision {
  const refused = acceptanceMachineRefusal(state, { type: verdict === 'pass' ? 'acceptance.pass' : 'acceptance.reject', ...by(actor) });
  if (refused) return refused;
  const fails = verdict === 'reject' ? state.items : state.items.filter((i) => i.verdict === 'reject');
  const failed = fails.map(({ itemId, resultVersion, marks }) => ({ itemId, resultVersion, marks }));
  const passed = verdict === 'reject' ? [] : state.items.filter((i) => i.verdict === 'pass').map((i) => i.itemId);
  const { repairAllowed } = input;
  const data = {
    ...batchRef(state),
    decidedBy: actor.id,
    decidedAt: input.now.toISOString(),
    repairAllowed,
    passed,
    returned: repairAllowed ? failed : [],
    rejected: repairAllowed ? [] : failed,
  };
  return accept(verdict === 'pass' ? { type: 'AcceptanceBatchPassed', data } : { type: 'AcceptanceBatchRejected', data });
}

export const passAcceptanceBatch = (state: AcceptanceState, actor: ItemActor, input: AcceptanceVerdictInput): AcceptanceDecision =>
  decideBatch(state, actor, 'pass', input);
export const rejectAcceptanceBatch = (state: AcceptanceState, actor: ItemActor, input: AcceptanceVerdictInput): AcceptanceDecision =>
  decideBatch(state, actor, 'reject', input);

/** The PM revokes a batch before a verdict; its items may be put in another batch. */
export function withdrawAcceptanceBatch(state: AcceptanceState, actor: ItemActor, input: { now: Date }): AcceptanceDecision {
  const refused = acceptanceMachineRefusal(state, { type: 'acceptance.withdraw', ...by(actor) });
  if (refused) return refused;
  const from = state.status as 'pending' | 'accepting' | 'submitted';
  return accept({ type: 'AcceptanceBatchWithdrawn', data: { ...batchRef(state), withdrawnBy: actor.id, withdrawnAt: input.now.toISOString(), from } });
}
