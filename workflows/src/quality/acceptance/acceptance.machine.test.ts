import { describe, expect, it } from 'vitest';
import { snapshotOf } from '../../shared/lifecycle';
import { allowedBy, itTakesItsEdges, type MachineEdge, type MachineRefusal } from '../../shared/machine-edges.test-support';
import { acceptanceAllowedEvents, acceptanceCommandOrder, acceptanceEventsAllowedTo, acceptanceMachine, type AcceptanceMachineContext, type AcceptanceMachineEvent, type AcceptanceStatus, acceptanceStatuses } from './acceptance.machine';
import { ids } from './acceptance.test-fixtures';

const items = (...verdicts: ('pass' | 'reject' | null)[]) => verdicts.map((verdict, i) => ({ itemId: `i${i + 1}`, verdict }));
const ctx = (over: Partial<AcceptanceMachineContext> = {}): AcceptanceMachineContext => ({ claimerId: null, items: items(null, null), ...over });
const held = (over: Partial<AcceptanceMachineContext> = {}) => ctx({ claimerId: ids.client, items: items('pass', null), ...over });
const done = () => held({ items: items('pass', 'reject') });

const allowed = allowedBy<AcceptanceStatus, AcceptanceMachineContext, AcceptanceMachineEvent>(acceptanceMachine);

const by = (actorId: string, manager = false) => ({ actorId, manager });
const client = by(ids.client);
const client2 = by(ids.client2);
const pm = by(ids.pm, true);

/** Every edge: from, why, context, event, to. */
type Edge = MachineEdge<AcceptanceStatus, AcceptanceMachineContext, AcceptanceMachineEvent>;
const edges: Edge[] = [
  ['not_accepted', 'the PM makes the batch', ctx({ items: [] }), { type: 'acceptance.create', ...pm }, 'pending'],
  ['pending', 'an acceptor claims it', ctx(), { type: 'acceptance.claim', ...client }, 'accepting'],
  ['pending', 'the PM withdraws it', ctx(), { type: 'acceptance.withdraw', ...pm }, 'withdrawn'],
  ['accepting', 'another acceptor takes it over', held(), { type: 'acceptance.take_over', ...client2 }, 'accepting'],
  ['accepting', 'the claimer judges an item', held(), { type: 'acceptance.judge', itemId: 'i2', ...client }, 'accepting'],
  ['accepting', 'the claimer judges an item again', held(), { type: 'acceptance.judge', itemId: 'i1', ...client }, 'accepting'],
  ['accepting', 'the claimer submits with every item judged', done(), { type: 'acceptance.submit', ...client }, 'submitted'],
  ['accepting', 'the PM withdraws it', held(), { type: 'acceptance.withdraw', ...pm }, 'withdrawn'],
  ['submitted', 'the PM passes it', done(), { type: 'acceptance.pass', ...pm }, 'passed'],
  ['submitted', 'the PM rejects it', done(), { type: 'acceptance.reject', ...pm }, 'rejected'],
  ['submitted', 'the PM withdraws it', done(), { type: 'acceptance.withdraw', ...pm }, 'withdrawn'],
];

/** Events a state knows but refuses in these circumstances: from, why, context, event. */
type Refused = MachineRefusal<AcceptanceStatus, AcceptanceMachineContext, AcceptanceMachineEvent>;
const refusals: Refused[] = [
  ['not_accepted', 'an acceptor makes a batch', ctx({ items: [] }), { type: 'acceptance.create', ...client }],
  ['pending', 'the PM claims it in an acceptor’s place', ctx(), { type: 'acceptance.claim', ...pm }],
  ['pending', 'a claim names no one', ctx(), { type: 'acceptance.claim' } as AcceptanceMachineEvent],
  ['pending', 'an acceptor withdraws it', ctx(), { type: 'acceptance.withdraw', ...client }],
  ['accepting', 'the claimer takes over their own claim', held(), { type: 'acceptance.take_over', ...client }],
  ['accepting', 'the PM takes it over', held(), { type: 'acceptance.take_over', ...pm }],
  ['accepting', 'another acceptor judges an item', held(), { type: 'acceptance.judge', itemId: 'i2', ...client2 }],
  ['accepting', 'the PM judges an item', held(), { type: 'acceptance.judge', itemId: 'i2', ...pm }],
  ['accepting', 'the claimer judges an item not in the batch', held(), { type: 'acceptance.judge', itemId: 'i9', ...client }],
  ['accepting', 'the claimer submits with an item unjudged', held(), { type: 'acceptance.submit', ...client }],
  ['accepting', 'another acceptor submits', done(), { type: 'acceptance.submit', ...client2 }],
  ['accepting', 'the PM submits', done(), { type: 'acceptance.submit', ...pm }],
  ['accepting', 'an acceptor withdraws it', held(), { type: 'acceptance.withdraw', ...client }],
  ['submitted', 'the acceptor passes it', done(), { type: 'acceptance.pass', ...client }],
  ['submitted', 'the acceptor rejects it', done(), { type: 'acceptance.reject', ...client }],
  ['submitted', 'the acceptor withdraws it', done(), { type: 'acceptance.withdraw', ...client }],
];

describe('acceptanceMachine', () => {
  for (const state of acceptanceStatuses) {
    describe(state, () => {
      const mine = edges.filter(([from]) => from === state);
      itTakesItsEdges(acceptanceMachine, state, edges, refusals);
      it('refuses every event it has no edge for, whoever sends it', () => {
        const known = new Set(mine.map(([, , , event]) => event.type));
        const context = state === 'not_accepted' || state === 'pending' ? ctx() : done();
        for (const type of acceptanceMachine.events.filter((e: string) => !known.has(e as AcceptanceMachineEvent['type']))) {
          for (const actor of [client, client2, pm, {}]) {
            expect(allowed(state, context, { type, itemId: 'i1', ...actor } as AcceptanceMachineEvent)).toBe(false);
          }
        }
      });
    });
  }

  it('ends in withdrawn, rejected and passed', () => {
    for (const state of ['withdrawn', 'rejected', 'passed'] as const) {
      expect(snapshotOf(acceptanceMachine, state, done()).status).toBe('done');
    }
  });
});

describe(acceptanceAllowedEvents.name, () => {
  it('names what each state allows to someone, so a refused edge can say it', () => {
    const expected: [AcceptanceStatus, AcceptanceMachineContext, string[]][] = [
      ['not_accepted', ctx({ items: [] }), ['acceptance.create']],
      ['pending', ctx(), ['acceptance.claim', 'acceptance.withdraw']],
      ['accepting', held(), ['acceptance.take_over', 'acceptance.judge', 'acceptance.withdraw']],
      ['accepting', done(), ['acceptance.take_over', 'acceptance.judge', 'acceptance.submit', 'acceptance.withdraw']],
      ['submitted', done(), ['acceptance.pass', 'acceptance.reject', 'acceptance.withdraw']],
      ['withdrawn', done(), []],
      ['rejected', done(), []],
      ['passed', done(), []],
    ];
    expect([...acceptanceCommandOrder].sort()).toEqual([...acceptanceMachine.events].sort());
    for (const [state, context, events] of expected) expect(acceptanceAllowedEvents(state, context)).toEqual(events);
  });
});

describe(acceptanceEventsAllowedTo.name, () => {
  it('offers each person only what they may send now', () => {
    expect(acceptanceEventsAllowedTo('pending', ctx(), client)).toEqual(['acceptance.claim']);
    expect(acceptanceEventsAllowedTo('pending', ctx(), pm)).toEqual(['acceptance.withdraw']);
    expect(acceptanceEventsAllowedTo('accepting', done(), client)).toEqual(['acceptance.judge', 'acceptance.submit']);
    expect(acceptanceEventsAllowedTo('accepting', held(), client2)).toEqual(['acceptance.take_over']);
    expect(acceptanceEventsAllowedTo('submitted', done(), client)).toEqual([]);
    expect(acceptanceEventsAllowedTo('submitted', done(), pm)).toEqual(['acceptance.pass', 'acceptance.reject', 'acceptance.withdraw']);
    expect(acceptanceEventsAllowedTo('passed', done(), pm)).toEqual([]);
  });
});
