import { describe, expect, it } from 'vitest';
import { parseSamplingEvent, sampleRule } from './sampling.events';
import { happened, scope } from './sampling.test-fixtures';

const issues = (value: unknown) => sampleRule.safeParse(value).error?.issues.map((i) => i.message);

describe('sampleRule', () => {
  it('takes a whole percent from 0 to 100, or a count of at least one', () => {
    for (const ok of [{ by: 'ratio', ratio: 0 }, { by: 'ratio', ratio: 100 }, { by: 'count', count: 1 }]) expect(sampleRule.parse(ok)).toEqual(ok);
  });
  it('answers anything else with the seed message', () => {
    for (const bad of [{ by: 'ratio', ratio: 101 }, { by: 'ratio', ratio: -1 }, { by: 'ratio', ratio: 12.5 }, { by: 'count', count: 0 }, { by: 'count', count: '3' }]) {
      expect(issues(bad)).toEqual(['quality.sampling_quantity_unreasonable']);
    }
  });
});

describe(parseSamplingEvent.name, () => {
  it('reads back the events the deciders write', () => {
    for (const event of [happened.created(), happened.claimed(1, scope[0]), happened.judged(1, scope[0], 'fail'), happened.roundStarted(2), happened.returned(1, scope.slice(0, 1))]) {
      expect(parseSamplingEvent(JSON.parse(JSON.stringify(event)))).toEqual(event);
    }
  });
  it('refuses an unknown type and data that do not fit', () => {
    expect(() => parseSamplingEvent({ type: 'ItemPassed', data: {} })).toThrow('Not a sampling event');
    expect(() => parseSamplingEvent({ ...happened.judged(1, scope[0], 'pass'), data: { round: 5 } })).toThrow();
  });
});
