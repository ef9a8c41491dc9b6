import { describe, expect, it } from 'vitest';
import { evolveAcceptance, foldAcceptance } from './acceptance.evolve';
import { allJudged, claimedAt, createdAt, fresh, given, happened, ids, mark, ref, submitted } from './acceptance.test-fixtures';

const decidedAt = '2026-02-02T10:00:00.000Z';

describe(evolveAcceptance.name, () => {
  it('starts not accepted, with nothing in it', () => {
    expect(fresh()).toMatchObject({ status: 'not_accepted', items: [], acceptorIds: [], claimerId: null, startedAt: null });
  });

  it('makes a pending batch of unjudged items, naming its acceptors', () => {
    expect(given([happened.created()])).toMatchObject({
      status: 'pending',
      sequence: 1,
      acceptorIds: [ids.client, ids.client2],
      createdBy: ids.pm,
      createdAt,
      items: [
        { itemId: ids.item1, resultVersion: 3, verdict: null, marks: [], outcome: null },
        { itemId: ids.item2, resultVersion: 1, verdict: null, marks: [], outcome: null },
        { itemId: ids.item3, resultVersion: 2, verdict: null, marks: [], outcome: null },
      ],
    });
  });

  it('records the claimed acceptor and the start time, and each verdict with its marks', () => {
    const state = given(allJudged());
    expect(state).toMatchObject({ status: 'accepting', claimerId: ids.client, startedAt: claimedAt, takeovers: 0 });
    expect(state.items.map((i) => [i.verdict, i.marks])).toEqual([
      ['pass', []],
      ['reject', [mark]],
      ['pass', []],
    ]);
  });

  it('discards every verdict on a takeover and starts the time again', () => {
    const later = '2026-02-01T11:00:00.000Z';
    const state = given([...allJudged(), happened.claimed(ids.client2, ids.client, 3, later)]);
    expect(state).toMatchObject({ claimerId: ids.client2, startedAt: later, takeovers: 1 });
    expect(state.items.every((i) => i.verdict === null && i.judgedAt === null)).toBe(true);
  });

  it('records the submission time and cost time', () => {
    expect(submitted()).toMatchObject({ status: 'submitted', submittedAt: '2026-02-01T09:30:00.000Z', costSeconds: 1800 });
  });

  it("gives each item the outcome of the PM's verdict", () => {
    const failed = { itemId: ids.item2, resultVersion: 1, marks: [mark] };
    const data = { ...ref, decidedBy: ids.pm, decidedAt, passed: [ids.item1, ids.item3] };
    const returned = foldAcceptance(submitted(), [{ type: 'AcceptanceBatchPassed', data: { ...data, repairAllowed: true, returned: [failed], rejected: [] } }]);
    expect(returned).toMatchObject({ status: 'passed', decidedBy: ids.pm, decidedAt, repairAllowed: true });
    expect(returned.items.map((i) => i.outcome)).toEqual(['passed', 'returned', 'passed']);
    const rejected = foldAcceptance(submitted(), [{ type: 'AcceptanceBatchRejected', data: { ...data, passed: [], repairAllowed: false, returned: [], rejected: [failed] } }]);
    expect(rejected).toMatchObject({ status: 'rejected', repairAllowed: false });
    expect(rejected.items.map((i) => i.outcome)).toEqual([null, 'rejected', null]);
  });

  it('records who withdrew the batch and when', () => {
    expect(given([happened.created(), happened.withdrawn('pending')])).toMatchObject({ status: 'withdrawn', withdrawnBy: ids.pm, withdrawnAt: '2026-02-01T09:10:00.000Z' });
  });
});
