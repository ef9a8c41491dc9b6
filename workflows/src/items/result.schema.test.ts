import { describe, expect, it } from 'vitest';
import { errorMark, parseItemEvent } from './item.events';
import { car, ids, resultWith } from './item.test-fixtures';
import { resultDocument, resultLimits } from './result.schema';

const messages = (input: unknown) => {
  const parsed = resultDocument.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('resultDocument', () => {
  it('reads a single picture as a sequence of one frame, with defaults filled', () => {
    expect(resultDocument.parse({ objects: [{ ...car(), className: undefined, keyframes: [{ frame: 0, shape: { type: 'box', x: 1, y: 1, width: 2, height: 2 } }] }] })).toMatchObject({
      frameCount: 1,
      attributes: {},
      objects: [{ className: null, keyframes: [{ outside: false, source: 'drawn', attributes: {} }] }],
    });
  });
  it('refuses keyframes out of order or on the same frame', () => {
    const box = { type: 'box', x: 1, y: 1, width: 2, height: 2 };
    expect(messages(resultWith(car({ keyframes: [{ frame: 2, shape: box }, { frame: 1, shape: box }] as never })))).toContain('items.result.keyframes_unsorted');
    expect(messages(resultWith(car({ keyframes: [{ frame: 1, shape: box }, { frame: 1, shape: box }] as never })))).toContain('items.result.keyframes_unsorted');
  });
  it('refuses a visible keyframe without a shape', () => {
    expect(messages(resultWith(car({ keyframes: [{ frame: 0, shape: null }] as never })))).toContain('items.result.shape_missing');
  });
  it('refuses two objects with one id', () => {
    expect(messages(resultWith(car(), car()))).toContain('items.result.object_id_repeat');
  });
  it('refuses more objects than the limit', () => {
    expect(resultDocument.safeParse(resultWith(...Array.from({ length: resultLimits.objects + 1 }, (_, i) => car({ id: `c${i}` })))).success).toBe(false);
  });
  it('refuses more points in all than the limit, though each shape is within its own', () => {
    const polygon = { type: 'polygon', points: Array.from({ length: resultLimits.pointsPerShape }, () => ({ x: 1, y: 1 })) };
    const objects = Array.from({ length: resultLimits.points / resultLimits.pointsPerShape + 1 }, (_, i) => car({ id: `p${i}`, templateType: 'polygon', keyframes: [{ frame: 0, shape: polygon }] as never }));
    expect(messages(resultWith(...objects))).toContain('validation.too_big');
  });
  it('reads an object saved before group elements as belonging to no group, and refuses a group without an id', () => {
    const { group: _, ...old } = car();
    expect(resultDocument.parse(resultWith(old as never)).objects[0].group).toBeNull();
    expect(resultDocument.parse(resultWith(car({ group: { id: 'v1', name: 'vehicle' } }))).objects[0].group).toEqual({ id: 'v1', name: 'vehicle' });
    expect(resultDocument.safeParse(resultWith(car({ group: { id: '', name: 'vehicle' } }))).success).toBe(false);
  });
  it('refuses a shape kind it does not know and non-finite coordinates', () => {
    expect(resultDocument.safeParse(resultWith(car({ keyframes: [{ frame: 0, shape: { type: 'blob' } }] as never }))).success).toBe(false);
    expect(resultDocument.safeParse(resultWith(car({ keyframes: [{ frame: 0, shape: { type: 'point', x: Number.NaN, y: 0 } }] as never }))).success).toBe(false);
  });
});

describe('parseItemEvent', () => {
  it('reads a stored event whose data fits its type', () => {
    const data = { itemId: ids.item, projectId: ids.project, linkId: ids.annotate1 };
    expect(parseItemEvent({ type: 'ItemEnteredPool', data })).toEqual({ type: 'ItemEnteredPool', data });
  });
  it('refuses an inspection event that does not name the result version it judged', () => {
    const data = { itemId: ids.item, projectId: ids.project, linkId: ids.inspect1, inspectorId: ids.insp, toLinkId: null };
    expect(() => parseItemEvent({ type: 'ItemPassed', data })).toThrow();
  });
  it('reads a rejection whose marks were made before spots as marks pinned nowhere, and keeps a spot in pixels', () => {
    const mark = { errorGroupId: ids.project, value: 'missed', objectId: null, frame: null, comment: '' };
    const data = { itemId: ids.item, projectId: ids.project, linkId: ids.inspect1, inspectorId: ids.insp, resultVersion: 1, toLinkId: ids.annotate1, preferredClaimerId: null, reworkCount: 1 };
    const marksOf = (marks: unknown[]) => (parseItemEvent({ type: 'ItemRejected', data: { ...data, marks } }).data as { marks: unknown[] }).marks;
    expect(marksOf([mark])).toEqual([{ ...mark, spot: null }]);
    expect(marksOf([{ ...mark, spot: { x: 12.5, y: 40 } }])).toEqual([{ ...mark, spot: { x: 12.5, y: 40 } }]);
  });
  it('refuses a spot that is not a finite point', () => {
    const mark = { errorGroupId: ids.project, value: 'missed' };
    expect(errorMark.safeParse({ ...mark, spot: { x: Number.POSITIVE_INFINITY, y: 0 } }).success).toBe(false);
    expect(errorMark.safeParse({ ...mark, spot: { x: 1, y: 2, z: 3 } }).success).toBe(false);
    expect(errorMark.safeParse({ ...mark, spot: { x: 1e9, y: 2 } }).success).toBe(false);
  });
  it('refuses an event of another stream', () => {
    expect(() => parseItemEvent({ type: 'ProjectPublished', data: {} })).toThrow('Not an item event: ProjectPublished');
  });
});
