import { describe, expect, it } from 'vitest';
import {
  claimAcceptanceBatch,
  createAcceptanceBatch,
  judgeAcceptanceItem,
  passAcceptanceBatch,
  rejectAcceptanceBatch,
  submitAcceptanceBatch,
  withdrawAcceptanceBatch,
} from './acceptance.decide';
import { evolveAcceptance } from './acceptance.evolve';
import { acceptorIds, allJudged, batchItems, claimedAt, client, client2, client3, fresh, given, happened, ids, mark, pm, ref, submitted } from './acceptance.test-fixtures';

const now = new Date('2026-02-01T09:30:00.000Z');
const pending = () => given([happened.created()]);
const accepting = () => given([happened.created(), happened.claimed(), happened.judged(ids.item1, 'pass')]);
const invalid = (from: string, event: string, allowed: string) => ({ refusal: { messageKey: 'errors.invalid_transition', params: { from, event, allowed } } });

describe('createAcceptanceBatch', () => {
  it('given no batch yet, when the PM makes one, then it waits to be claimed', () => {
    expect(createAcceptanceBatch(fresh(), pm, { sequence: 1, items: batchItems, acceptorIds, now: new Date('2026-02-01T08:00:00.000Z') })).toEqual({
      events: [happened.created()],
    });
  });
  it('given no batch yet, when an acceptor makes one, then the machine refuses', () => {
    expect(createAcceptanceBatch(fresh(), client, { sequence: 1, items: batchItems, acceptorIds, now })).toEqual(invalid('not_accepted', 'acceptance.create', ''));
  });
  it('given no items, then there is nothing to accept', () => {
    expect(createAcceptanceBatch(fresh(), pm, { sequence: 1, items: [], acceptorIds, now })).toEqual({ refusal: { messageKey: 'quality.acceptance_selection_empty', params: {} } });
  });
  it('given no acceptor named, then nobody could claim it', () => {
    expect(createAcceptanceBatch(fresh(), pm, { sequence: 1, items: batchItems, acceptorIds: [], now })).toEqual({ refusal: { messageKey: 'quality.acceptance_acceptors_empty', params: {} } });
  });
  it('given an acceptor named twice, then the batch names them once', () => {
    const decision = createAcceptanceBatch(fresh(), pm, { sequence: 1, items: batchItems, acceptorIds: [ids.client, ids.client, ids.client2], now });
    expect(decision).toMatchObject({ events: [{ data: { acceptorIds } }] });
  });
  it('given the batch exists, when it is made again, then the machine refuses', () => {
    expect(createAcceptanceBatch(pending(), pm, { sequence: 1, items: batchItems, acceptorIds, now })).toMatchObject(invalid('pending', 'acceptance.create', 'acceptance.withdraw'));
  });
});

describe('claimAcceptanceBatch', () => {
  it('given a pending batch, when an acceptor claims it, then its start time is now', () => {
    expect(claimAcceptanceBatch(pending(), client, { confirmTakeover: false, now: new Date(claimedAt) })).toEqual({ events: [happened.claimed()] });
  });
  it('given the acceptor holds it, when they claim again, then nothing changes', () => {
    expect(claimAcceptanceBatch(accepting(), client, { confirmTakeover: false, now })).toEqual({ events: [] });
  });
  it("given another acceptor holds it, when a second claims without confirming, then they are asked to confirm overwriting the results", () => {
    expect(claimAcceptanceBatch(accepting(), client2, { confirmTakeover: false, now })).toEqual({
      refusal: { messageKey: 'quality.acceptance_claimed_by_other', params: { judged: 1 } },
    });
  });
  it('given another acceptor holds it, when a second confirms, then they take it over and the earlier verdicts are discarded', () => {
    const decision = claimAcceptanceBatch(accepting(), client2, { confirmTakeover: true, now });
    expect(decision).toEqual({ events: [happened.claimed(ids.client2, ids.client, 1, now.toISOString())] });
    const after = evolveAcceptance(accepting(), (decision as { events: never[] }).events[0]);
    expect(after).toMatchObject({ status: 'accepting', claimerId: ids.client2, startedAt: now.toISOString(), takeovers: 1 });
    expect(after.items.every((i) => i.verdict === null && i.marks.length === 0)).toBe(true);
  });
  it('given two acceptors claim a pending batch at once, then the one stored second is asked to confirm', () => {
    const first = claimAcceptanceBatch(pending(), client, { confirmTakeover: false, now });
    const afterFirst = given([happened.created(), ...(first as { events: never[] }).events]);
    expect(claimAcceptanceBatch(afterFirst, client2, { confirmTakeover: false, now })).toMatchObject({ refusal: { messageKey: 'quality.acceptance_claimed_by_other' } });
  });
  it('given a pending batch, when an acceptor it does not name claims it, then they are refused', () => {
    expect(claimAcceptanceBatch(pending(), client3, { confirmTakeover: false, now })).toEqual({ refusal: { messageKey: 'quality.acceptance_not_named', params: {} } });
  });
  it('given a named acceptor holds it, when an acceptor it does not name confirms a takeover, then they are refused before being asked', () => {
    expect(claimAcceptanceBatch(accepting(), client3, { confirmTakeover: false, now })).toEqual({ refusal: { messageKey: 'quality.acceptance_not_named', params: {} } });
    expect(claimAcceptanceBatch(accepting(), client3, { confirmTakeover: true, now })).toEqual({ refusal: { messageKey: 'quality.acceptance_not_named', params: {} } });
  });
  it('given no batch yet, when an acceptor claims it, then the machine refuses and offers them nothing (only the PM makes it)', () => {
    expect(claimAcceptanceBatch(fresh(), client3, { confirmTakeover: false, now })).toEqual(invalid('not_accepted', 'acceptance.claim', ''));
  });
  it('given a pending batch, when the PM claims it, then the machine refuses and names only what the PM may do', () => {
    expect(claimAcceptanceBatch(pending(), pm, { confirmTakeover: true, now })).toEqual(invalid('pending', 'acceptance.claim', 'acceptance.withdraw'));
  });
  it('given a submitted batch, when an acceptor claims it, then the machine refuses and offers them nothing (the PM decides next)', () => {
    expect(claimAcceptanceBatch(submitted(), client2, { confirmTakeover: true, now })).toEqual(
      invalid('submitted', 'acceptance.claim', ''),
    );
  });
});

describe('judgeAcceptanceItem', () => {
  it('given the acceptor holds the batch, when they reject an item with a mark, then the verdict names the version judged', () => {
    expect(judgeAcceptanceItem(accepting(), client, { itemId: ids.item2, verdict: 'reject', marks: [mark], now: new Date('2026-02-01T09:10:00.000Z') })).toEqual({
      events: [happened.judged(ids.item2, 'reject')],
    });
  });
  it('given an item already judged, when the acceptor judges it again, then the later verdict replaces it', () => {
    const decision = judgeAcceptanceItem(accepting(), client, { itemId: ids.item1, verdict: 'reject', marks: [mark], now });
    const after = evolveAcceptance(accepting(), (decision as { events: never[] }).events[0]);
    expect(after.items[0]).toMatchObject({ itemId: ids.item1, verdict: 'reject', marks: [mark] });
  });
  it('given a reject without marks, then the acceptor is asked for one', () => {
    expect(judgeAcceptanceItem(accepting(), client, { itemId: ids.item2, verdict: 'reject', marks: [], now })).toEqual({ refusal: { messageKey: 'items.marks_empty', params: {} } });
  });
  it('given another acceptor holds the batch, then they may not judge', () => {
    expect(judgeAcceptanceItem(accepting(), client2, { itemId: ids.item2, verdict: 'pass', marks: [], now })).toEqual({
      refusal: { messageKey: 'quality.acceptance_not_claimer', params: {} },
    });
  });
  it('given an item not in the batch, then it cannot be judged', () => {
    expect(judgeAcceptanceItem(accepting(), client, { itemId: ids.stranger, verdict: 'pass', marks: [], now })).toEqual({
      refusal: { messageKey: 'quality.acceptance_item_unknown', params: {} },
    });
  });
  it('given a pending batch, then nothing is judged before a claim', () => {
    expect(judgeAcceptanceItem(pending(), client, { itemId: ids.item1, verdict: 'pass', marks: [], now })).toMatchObject(invalid('pending', 'acceptance.judge', 'acceptance.claim'));
  });
});

describe('submitAcceptanceBatch', () => {
  it('given every item judged, when the acceptor submits, then the PM gets it with its cost time', () => {
    expect(submitAcceptanceBatch(given(allJudged()), client, { now })).toEqual({ events: [happened.submitted()] });
  });
  it('given an item unjudged, then the acceptor is told how many remain', () => {
    expect(submitAcceptanceBatch(accepting(), client, { now })).toEqual({ refusal: { messageKey: 'quality.acceptance_items_unjudged', params: { count: 2 } } });
  });
  it('given another acceptor holds the batch, then they may not submit it', () => {
    expect(submitAcceptanceBatch(given(allJudged()), client2, { now })).toEqual({ refusal: { messageKey: 'quality.acceptance_not_claimer', params: {} } });
  });
  it('given a submitted batch, when it is submitted again, then the machine refuses', () => {
    expect(submitAcceptanceBatch(submitted(), client, { now })).toMatchObject(invalid('submitted', 'acceptance.submit', ''));
  });
});

describe('passAcceptanceBatch', () => {
  const later = new Date('2026-02-02T10:00:00.000Z');
  const verdict = { decidedBy: ids.pm, decidedAt: later.toISOString() };
  const failed = { itemId: ids.item2, resultVersion: 1, marks: [mark] };
  it('given a submitted batch and repair allowed, when the PM passes it, then the passed items are accepted and the rejected one goes back for rework', () => {
    expect(passAcceptanceBatch(submitted(), pm, { repairAllowed: true, now: later })).toEqual({
      events: [{ type: 'AcceptanceBatchPassed', data: { ...ref, ...verdict, repairAllowed: true, passed: [ids.item1, ids.item3], returned: [failed], rejected: [] } }],
    });
  });
  it('given repair is not allowed, then the rejected item stays rejected', () => {
    expect(passAcceptanceBatch(submitted(), pm, { repairAllowed: false, now: later })).toMatchObject({
      events: [{ type: 'AcceptanceBatchPassed', data: { repairAllowed: false, passed: [ids.item1, ids.item3], returned: [], rejected: [failed] } }],
    });
  });
  it('given the batch is still being accepted, then the PM cannot pass it yet', () => {
    expect(passAcceptanceBatch(given(allJudged()), pm, { repairAllowed: true, now })).toEqual(
      invalid('accepting', 'acceptance.pass', 'acceptance.withdraw'),
    );
  });
  it('given a submitted batch, when its acceptor passes it, then the machine refuses', () => {
    expect(passAcceptanceBatch(submitted(), client, { repairAllowed: true, now })).toMatchObject({ refusal: { messageKey: 'errors.invalid_transition' } });
  });
});

describe('rejectAcceptanceBatch', () => {
  const all = batchItems.map((item) => ({ ...item, marks: item.itemId === ids.item2 ? [mark] : [] }));
  it('given repair allowed, when the PM rejects the batch, then every item goes back for rework', () => {
    expect(rejectAcceptanceBatch(submitted(), pm, { repairAllowed: true, now })).toEqual({
      events: [{ type: 'AcceptanceBatchRejected', data: { ...ref, decidedBy: ids.pm, decidedAt: now.toISOString(), repairAllowed: true, passed: [], returned: all, rejected: [] } }],
    });
  });
  it('given repair is not allowed, then every item stays rejected', () => {
    expect(rejectAcceptanceBatch(submitted(), pm, { repairAllowed: false, now })).toMatchObject({ events: [{ data: { passed: [], returned: [], rejected: all } }] });
  });
  it('given a pending batch, then there is nothing to reject yet', () => {
    expect(rejectAcceptanceBatch(pending(), pm, { repairAllowed: true, now })).toMatchObject(invalid('pending', 'acceptance.reject', 'acceptance.withdraw'));
  });
});

describe('withdrawAcceptanceBatch', () => {
  it('given a batch before a verdict, when the PM withdraws it, then it records where it was', () => {
    const withdrawnAt = new Date('2026-02-01T09:10:00.000Z');
    expect(withdrawAcceptanceBatch(pending(), pm, { now: withdrawnAt })).toEqual({ events: [happened.withdrawn('pending')] });
    expect(withdrawAcceptanceBatch(accepting(), pm, { now: withdrawnAt })).toEqual({ events: [happened.withdrawn('accepting')] });
    expect(withdrawAcceptanceBatch(submitted(), pm, { now: withdrawnAt })).toEqual({ events: [happened.withdrawn('submitted')] });
  });
  it('given an acceptor, then they cannot withdraw it', () => {
    expect(withdrawAcceptanceBatch(accepting(), client, { now })).toMatchObject({ refusal: { messageKey: 'errors.invalid_transition' } });
  });
  it('given a passed batch, then it can no longer be withdrawn and nothing is allowed', () => {
    const passed = given([...allJudged(), happened.submitted(), ...(passAcceptanceBatch(submitted(), pm, { repairAllowed: true, now }) as { events: never[] }).events]);
    expect(withdrawAcceptanceBatch(passed, pm, { now })).toEqual(invalid('passed', 'acceptance.withdraw', ''));
  });
});
