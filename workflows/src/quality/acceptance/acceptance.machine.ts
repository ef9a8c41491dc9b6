// Lifecycle of an acceptance batch in the seed's states: made by the PM it waits to be claimed, a client acceptor
// judges its items and submits it to the PM, who passes or rejects it, or withdraws it before a verdict.
import { setup } from 'xstate';
import { snapshotOf } from '../../shared/lifecycle';
import type { AcceptanceVerdict } from './acceptance.events';

export type AcceptanceStatus = 'not_accepted' | 'pending' | 'accepting' | 'submitted' | 'withdrawn' | 'rejected' | 'passed';
export const acceptanceStatuses: AcceptanceStatus[] = ['not_accepted', 'pending', 'accepting', 'submitted', 'withdrawn', 'rejected', 'passed'];

export interface AcceptanceMachineContext {
  claimerId: string | null;
  items: { itemId: string; verdict: AcceptanceVerdict | null }[];
}

/** A person acting on the batch; `manager` is a PM or admin. */
type ByPerson = { actorId: string; manager?: boolean };

export type AcceptanceMachineEvent =
  | ({ type: 'acceptance.create' } & ByPerson)
  | ({ type: 'acceptance.claim' } & ByPerson)
  | ({ type: 'acceptance.take_over' } & ByPerson)
  | ({ type: 'acceptance.judge'; itemId: string } & ByPerson)
  | ({ type: 'acceptance.submit' } & ByPerson)
  | ({ type: 'acceptance.pass' } & ByPerson)
  | ({ type: 'acceptance.reject' } & ByPerson)
  | ({ type: 'acceptance.withdraw' } & ByPerson);

/** The machine's events in the order of a batch's life, which is the order a refusal names them in. */
export const acceptanceCommandOrder: AcceptanceMachineEvent['type'][] = [
  'acceptance.create',
  'acceptance.claim',
  'acceptance.take_over',
  'acceptance.judge',
  'acceptance.submit',
  'acceptance.pass',
  'acceptance.reject',
  'acceptance.withdraw',
];

// Guards also run for events without an actor or item (asking which events a state allows), so they read them defensively.
type Args = { context: AcceptanceMachineContext; event: AcceptanceMachineEvent };
const actorOf = (event: AcceptanceMachineEvent) => ('actorId' in event ? event.actorId : undefined);
const byManager = ({ event }: Args) => 'manager' in event && event.manager === true;
// Acceptance is the client's word on the work, so a PM or admin never claims or judges in an acceptor's place.
const byAcceptor = (args: Args) => actorOf(args.event) !== undefined && !byManager(args);
const inBatch = ({ context, event }: Args) => 'itemId' in event && context.items.some((i) => i.itemId === event.itemId);
const byClaimer = (args: Args) => byAcceptor(args) && args.context.claimerId !== null && actorOf(args.event) === args.context.claimerId;

export const acceptanceMachine = setup({
  types: { context: {} as AcceptanceMachineContext, events: {} as AcceptanceMachineEvent },
  guards: {
    byManager,
    byAcceptor,
    takesOver: (args) => byAcceptor(args) && args.context.claimerId !== null && actorOf(args.event) !== args.context.claimerId,
    judges: (args) => byClaimer(args) && inBatch(args),
    submits: (args) => byClaimer(args) && args.context.items.length > 0 && args.context.items.every((i) => i.verdict !== null),
  },
}).createMachine({
  id: 'acceptance',
  version: '1',
  initial: 'not_accepted',
  context: { claimerId: null, items: [] },
  // Takeovers and verdicts target their own state: XState counts only transitions that go somewhere as possible.
  states: {
    not_accepted: {
      on: { 'acceptance.create': { guard: 'byManager', target: 'pending' } },
    },
    pending: {
      on: {
        'acceptance.claim': { guard: 'byAcceptor', target: 'accepting' },
        'acceptance.withdraw': { guard: 'byManager', target: 'withdrawn' },
      },
    },
    accepting: {
      on: {
        'acceptance.take_over': { guard: 'takesOver', target: 'accepting' },
        'acceptance.judge': { guard: 'judges', target: 'accepting' },
        'acceptance.submit': { guard: 'submits', target: 'submitted' },
        'acceptance.withdraw': { guard: 'byManager', target: 'withdrawn' },
      },
    },
    submitted: {
      on: {
        'acceptance.pass': { guard: 'byManager', target: 'passed' },
        'acceptance.reject': { guard: 'byManager', target: 'rejected' },
        'acceptance.withdraw': { guard: 'byManager', target: 'withdrawn' },
      },
    },
    withdrawn: { type: 'final' },
    rejected: { type: 'final' },
    passed: { type: 'final' },
  },
});

/**
 * What a state allows to someone: its claimer, another acceptor or a PM. The shared lifecycle asks without an actor, and
 * every edge here names one, so a refusal built from that would name nothing.
 */
export function acceptanceAllowedEvents(status: AcceptanceStatus, context: AcceptanceMachineContext): AcceptanceMachineEvent['type'][] {
  const snapshot = snapshotOf(acceptanceMachine, status, context);
  const itemId = context.items[0]?.itemId ?? '';
  const people = [
    { actorId: context.claimerId ?? 'an acceptor', manager: false },
    { actorId: 'another acceptor', manager: false },
    { actorId: 'a manager', manager: true },
  ];
  return acceptanceCommandOrder.filter((type) => people.some((person) => snapshot.can({ type, itemId, ...person })));
}

/** What a state allows to this person now, for the actions a screen offers them; a takeover is offered as a claim asks for it. */
export function acceptanceEventsAllowedTo(status: AcceptanceStatus, context: AcceptanceMachineContext, person: { actorId: string; manager: boolean }): AcceptanceMachineEvent['type'][] {
  const snapshot = snapshotOf(acceptanceMachine, status, context);
  const itemId = context.items[0]?.itemId ?? '';
  return acceptanceCommandOrder.filter((type) => snapshot.can({ type, itemId, ...person }));
}
