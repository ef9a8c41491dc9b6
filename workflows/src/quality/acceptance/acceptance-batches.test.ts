import { describe, expect, it } from 'vitest';
import { type AcceptanceCandidate, acceptanceSplit, itemAcceptanceIn, type ItemAcceptance, planAcceptanceBatches } from './acceptance-batches';
import { foldAcceptance } from './acceptance.evolve';
import { allJudged, given, happened, ids, mark, ref, submitted } from './acceptance.test-fixtures';

const item = (n: number, acceptance: ItemAcceptance = 'not_accepted'): AcceptanceCandidate => ({
  itemId: `20000000-0000-0000-0000-${String(n).padStart(12, '0')}`,
  resultVersion: 1,
  acceptance,
});
const selection = (count: number) => Array.from({ length: count }, (_, i) => item(i + 1));
const reacceptOff = { reacceptPassed: false };
const sizes = (result: ReturnType<typeof planAcceptanceBatches>) => ('plan' in result ? result.plan.batches.map((b) => b.length) : result);
const refusal = (messageKey: string, params: Record<string, number> = {}) => ({ refusal: { messageKey, params } });

describe(planAcceptanceBatches.name, () => {
  describe('by number of batches', () => {
    it('splits the selection into batches that differ by at most one, the larger first', () => {
      expect(sizes(planAcceptanceBatches(selection(10), { by: 'number', batches: 3 }, reacceptOff))).toEqual([4, 3, 3]);
      expect(sizes(planAcceptanceBatches(selection(3), { by: 'number', batches: 3 }, reacceptOff))).toEqual([1, 1, 1]);
      expect(sizes(planAcceptanceBatches(selection(5), { by: 'number', batches: 1 }, reacceptOff))).toEqual([5]);
    });
    it('keeps the order of the selection, so the same selection always makes the same batches', () => {
      const chosen = selection(5);
      const first = planAcceptanceBatches(chosen, { by: 'number', batches: 2 }, reacceptOff);
      expect(first).toEqual(planAcceptanceBatches(chosen, { by: 'number', batches: 2 }, reacceptOff));
      expect('plan' in first && first.plan.batches.flat().map((i) => i.itemId)).toEqual(chosen.map((i) => i.itemId));
    });
    it('refuses more batches than items, or a number that is not a positive integer', () => {
      expect(planAcceptanceBatches(selection(3), { by: 'number', batches: 4 }, reacceptOff)).toEqual(refusal('quality.acceptance_batch_number_unreasonable', { max: 3 }));
      for (const batches of [0, -1, 1.5, Number.NaN]) {
        expect(planAcceptanceBatches(selection(3), { by: 'number', batches }, reacceptOff)).toEqual(refusal('quality.acceptance_batch_number_unreasonable'));
      }
    });
  });

  describe('by single batch amount', () => {
    it('makes full batches of the amount and puts the remainder in a last one', () => {
      expect(sizes(planAcceptanceBatches(selection(10), { by: 'amount', amount: 4 }, reacceptOff))).toEqual([4, 4, 2]);
      expect(sizes(planAcceptanceBatches(selection(9), { by: 'amount', amount: 3 }, reacceptOff))).toEqual([3, 3, 3]);
    });
    it("refuses an amount that is not less than the selected data, with the seed's message", () => {
      for (const amount of [10, 11]) {
        expect(planAcceptanceBatches(selection(10), { by: 'amount', amount }, reacceptOff)).toEqual(refusal('quality.acceptance_batch_count_too_large', { selected: 10 }));
      }
    });
    it('refuses an amount that is not a positive integer', () => {
      for (const amount of [0, -2, 2.5]) {
        expect(planAcceptanceBatches(selection(10), { by: 'amount', amount }, reacceptOff)).toEqual(refusal('quality.acceptance_batch_amount_unreasonable'));
      }
    });
  });

  describe('which items may be accepted', () => {
    const mixed = [item(1), item(2, 'passed'), item(3, 'in_batch'), item(4, 'rejected'), item(5, 'returned'), item(6)];
    it('leaves out items in an open batch, rejected for good, or already passed while re-accepting is off, and names them', () => {
      const result = planAcceptanceBatches(mixed, { by: 'number', batches: 1 }, reacceptOff);
      expect(result).toEqual({
        plan: {
          batches: [[item(1), item(5), item(6)].map(({ itemId, resultVersion }) => ({ itemId, resultVersion }))],
          leftOut: [
            { itemId: item(2).itemId, reason: 'passed' },
            { itemId: item(3).itemId, reason: 'in_batch' },
            { itemId: item(4).itemId, reason: 'rejected' },
          ],
        },
      });
    });
    it('puts passed items in again when re-accepting is on', () => {
      const result = planAcceptanceBatches(mixed, { by: 'number', batches: 1 }, { reacceptPassed: true });
      expect('plan' in result && result.plan.batches[0].map((i) => i.itemId)).toEqual([1, 2, 5, 6].map((n) => item(n).itemId));
    });
    it('counts the amount against what is left, and refuses when nothing is left', () => {
      expect(planAcceptanceBatches(mixed, { by: 'amount', amount: 3 }, reacceptOff)).toEqual(refusal('quality.acceptance_batch_count_too_large', { selected: 3 }));
      expect(planAcceptanceBatches([item(2, 'passed')], { by: 'number', batches: 1 }, reacceptOff)).toEqual(refusal('quality.acceptance_selection_empty', { leftOut: 1 }));
    });
    it('takes an item selected twice once', () => {
      expect(sizes(planAcceptanceBatches([item(1), item(2), item(1)], { by: 'number', batches: 1 }, reacceptOff))).toEqual([2]);
    });
  });
});

describe('acceptanceSplit', () => {
  it("answers a split that is not a positive integer with the seed's message for its kind", () => {
    const messages = (value: unknown) => acceptanceSplit.safeParse(value).error?.issues.map((i) => i.message);
    expect(messages({ by: 'number', batches: 0 })).toEqual(['quality.acceptance_batch_number_unreasonable']);
    expect(messages({ by: 'number', batches: '2' })).toEqual(['quality.acceptance_batch_number_unreasonable']);
    expect(messages({ by: 'amount', amount: 1.5 })).toEqual(['quality.acceptance_batch_amount_unreasonable']);
    expect(acceptanceSplit.parse({ by: 'amount', amount: 20 })).toEqual({ by: 'amount', amount: 20 });
  });
});

describe(itemAcceptanceIn.name, () => {
  it('holds the items of an open batch', () => {
    expect(itemAcceptanceIn(given(allJudged())).map((i) => i.acceptance)).toEqual(['in_batch', 'in_batch', 'in_batch']);
    expect(itemAcceptanceIn(submitted()).map((i) => i.acceptance)).toEqual(['in_batch', 'in_batch', 'in_batch']);
  });
  it('settles them by the verdict', () => {
    const failed = { itemId: ids.item2, resultVersion: 1, marks: [mark] };
    const passed = foldAcceptance(submitted(), [
      { type: 'AcceptanceBatchPassed', data: { ...ref, decidedBy: ids.pm, decidedAt: '2026-02-02T10:00:00.000Z', repairAllowed: true, passed: [ids.item1, ids.item3], returned: [failed], rejected: [] } },
    ]);
    expect(itemAcceptanceIn(passed)).toEqual([
      { itemId: ids.item1, acceptance: 'passed' },
      { itemId: ids.item2, acceptance: 'returned' },
      { itemId: ids.item3, acceptance: 'passed' },
    ]);
  });
  it('says nothing for a withdrawn batch, so its items are free again', () => {
    expect(itemAcceptanceIn(given([happened.created(), happened.withdrawn('pending')]))).toEqual([]);
  });
});
