import { describe, expect, it } from 'vitest';
import { prelabelItem } from './item-prelabel.decide';
import { car, fresh, given, happened, ids, inInspection, plan, pm, resultConfig, resultWith, tagger } from './item.test-fixtures';
import { checkedResult } from './result.validation';

const now = new Date('2026-01-01T09:00:00.000Z');

/** A result as an import or an algorithm call hands it on, once it has passed a save's checks. */
const checked = (result: ReturnType<typeof resultWith>) => checkedResult(result, resultConfig).result!;

describe('prelabelItem', () => {
  it('given an item waiting in an annotation link, when the PM imports a result, then it is saved by the PM as the next version', () => {
    const result = checked(resultWith(car()));
    expect(prelabelItem(fresh(), plan, pm, { result, now })).toEqual({
      events: [
        {
          type: 'ResultSaved',
          data: { itemId: ids.item, projectId: ids.project, linkId: ids.annotate1, resultVersion: 1, savedBy: ids.pm, savedAt: now.toISOString(), objectCount: 1, result },
        },
      ],
    });
  });

  it('refuses a tagger, a claimed item and an item in inspection, so no one’s work is overwritten', () => {
    const result = checked(resultWith(car()));
    expect(prelabelItem(fresh(), plan, tagger, { result, now })).toMatchObject({ refusal: { messageKey: 'errors.invalid_transition' } });
    expect(prelabelItem(given([happened.claimed(ids.annotate1, ids.ann)]), plan, pm, { result, now })).toMatchObject({ refusal: { messageKey: 'errors.invalid_transition' } });
    expect(prelabelItem(inInspection(), plan, pm, { result, now })).toMatchObject({ refusal: { messageKey: 'errors.invalid_transition' } });
  });

  it('takes only a checked result, and a result an editor save would refuse has none, only its issues', () => {
    const outside = resultWith(car({ keyframes: [{ frame: 0, shape: { type: 'box', x: 90, y: 70, width: 50, height: 50 }, attributes: {}, outside: false, source: 'drawn' }] }));
    expect(checkedResult(outside, resultConfig)).toMatchObject({ result: null, issues: [{ messageKey: 'items.result.outside_image' }] });
  });
});
