import { describe, expect, it } from 'vitest';
import type { ItemEvent } from '../items/item.events';
import { car, fresh, happened, ids, resultWith } from '../items/item.test-fixtures';
import type { ItemHistory } from './item-as-of';
import { diffMoments, diffQuery, itemDiff } from './item-diff';

const saved = (resultVersion: number, x: number): ItemEvent => {
  const event = happened.saved(ids.annotate1, ids.ann, resultVersion);
  const keyframes = [{ frame: 0, shape: { type: 'box' as const, x, y: 10, width: 20, height: 10 }, attributes: {}, outside: false, source: 'drawn' as const }];
  return { ...event, data: { ...event.data, result: resultWith(car({ keyframes })), objectCount: 1 } } as ItemEvent;
};

/** Claimed, saved with the box at 10 (v1), submitted, passed, then saved again with it at 30 (v2). */
const history: ItemHistory = {
  start: fresh(),
  registered: { position: '100', recordedAt: '2026-01-01T08:00:00.000000Z' },
  events: [
    happened.claimed(ids.annotate1, ids.ann),
    saved(1, 10),
    happened.submitted(ids.annotate1, ids.ann, ids.inspect1),
    happened.claimed(ids.inspect1, ids.insp, ids.claim2),
    saved(2, 30),
  ].map((event, i) => ({ event, position: String(110 + 10 * i), recordedAt: `2026-01-01T08:00:0${i + 1}.000000Z` })),
};

describe(itemDiff.name, () => {
  it('given two versions, when compared, then the box moved and the save between them is the change', () => {
    const diff = itemDiff(history, { kind: 'version', resultVersion: 1 }, { kind: 'version', resultVersion: 2 });
    expect(diff.kind === 'found' && diff.diff.objects).toEqual([expect.objectContaining({ objectId: 'car-1', kind: 'changed', aspects: ['moved'] })]);
    expect(diff.kind === 'found' && diff.changes.map((c) => c.position)).toEqual(['150']);
  });

  it('given the registration and now, when compared, then the object was added by the first save and moved by the second', () => {
    const diff = itemDiff(history, { kind: 'position', position: 100n }, { kind: 'now' });
    expect(diff.kind === 'found' && diff.diff.objects.map((o) => o.kind)).toEqual(['added']);
    expect(diff.kind === 'found' && diff.changes.map((c) => c.position)).toEqual(['120', '150']);
  });

  it('given the later moment first, when compared, then it still runs from the earlier to the later and says it swapped them', () => {
    const diff = itemDiff(history, { kind: 'now' }, { kind: 'position', position: 100n });
    expect(diff).toMatchObject({ kind: 'found', swapped: true, from: { through: { position: '100' } }, to: { through: { position: '150' } } });
    expect(diff.kind === 'found' && diff.diff.objects.map((o) => o.kind)).toEqual(['added']);
    expect(diff.kind === 'found' && diff.changes.map((c) => c.position)).toEqual(['120', '150']);
  });

  it('given an end before the item existed or a version it never had, when compared, then it names that end', () => {
    expect(itemDiff(history, { kind: 'position', position: 1n }, { kind: 'now' })).toEqual({ kind: 'not_yet', end: 'from' });
    expect(itemDiff(history, { kind: 'now' }, { kind: 'version', resultVersion: 7 })).toEqual({ kind: 'no_version', end: 'to' });
  });
});

describe('diffQuery', () => {
  it('reads each end as one word, and an end left out as now', () => {
    expect(diffMoments(diffQuery.parse({ from: 'version:1', to: 'at:2026-01-01T09:00:00+01:00' }))).toEqual({ from: { kind: 'version', resultVersion: 1 }, to: { kind: 'time', at: '2026-01-01T09:00:00+01:00' } });
    expect(diffMoments(diffQuery.parse({ from: 'position:12' }))).toEqual({ from: { kind: 'position', position: 12n }, to: { kind: 'now' } });
  });

  it('refuses an end it cannot read, naming that end', () => {
    const parsed = diffQuery.safeParse({ from: 'yesterday', to: 'version:x' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['from', 'validation.invalid_format'],
      ['to', 'validation.non_negative_integer'],
    ]);
  });
});
