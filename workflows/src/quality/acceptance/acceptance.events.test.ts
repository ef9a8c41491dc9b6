import { describe, expect, it } from 'vitest';
import { acceptanceStreamId, parseAcceptanceEvent } from './acceptance.events';
import { happened, ids, ref } from './acceptance.test-fixtures';

describe(parseAcceptanceEvent.name, () => {
  it('reads back the events the deciders write', () => {
    const verdict = { ...ref, decidedBy: ids.pm, decidedAt: '2026-02-02T10:00:00.000Z', repairAllowed: true, passed: [ids.item1], returned: [], rejected: [] };
    for (const event of [
      happened.created(),
      happened.claimed(),
      happened.claimed(ids.client2, ids.client, 2),
      happened.judged(ids.item2, 'reject'),
      happened.submitted(),
      { type: 'AcceptanceBatchPassed' as const, data: verdict },
      { type: 'AcceptanceBatchRejected' as const, data: verdict },
      happened.withdrawn('submitted'),
    ]) {
      expect(parseAcceptanceEvent(JSON.parse(JSON.stringify(event)))).toEqual(event);
    }
  });

  it('refuses an unknown type and data that do not fit', () => {
    expect(() => parseAcceptanceEvent({ type: 'ItemPassed', data: {} })).toThrow('Not an acceptance event');
    expect(() => parseAcceptanceEvent({ type: 'AcceptanceBatchCreated', data: { ...happened.created().data, items: [] } })).toThrow();
    expect(() => parseAcceptanceEvent({ type: 'AcceptanceBatchCreated', data: { ...happened.created().data, acceptorIds: [] } })).toThrow();
    expect(() => parseAcceptanceEvent({ type: 'AcceptanceItemJudged', data: { ...happened.judged(ids.item1, 'pass').data, verdict: 'fail' } })).toThrow();
  });

  it('names the stream by the batch', () => {
    expect(acceptanceStreamId(ids.batch)).toBe(`acceptance-${ids.batch}`);
  });
});
