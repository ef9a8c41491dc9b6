import { describe, expect, it } from 'vitest';
import type { ItemEvent } from '../items/item.events';
import { car, fresh, happened, ids, resultWith } from '../items/item.test-fixtures';
import type { ItemHistory } from './item-as-of';
import { itemChangeSummary, projectDiffQuery } from './project-diff';

const saved = (resultVersion: number, x: number): ItemEvent => {
  const event = happened.saved(ids.annotate1, ids.ann, resultVersion);
  const keyframes = [{ frame: 0, shape: { type: 'box' as const, x, y: 10, width: 20, height: 10 }, attributes: {}, outside: false, source: 'drawn' as const }];
  return { ...event, data: { ...event.data, result: resultWith(car({ keyframes })), objectCount: 1 } } as ItemEvent;
};

/** Claimed (110), saved with the box at 10 (120, v1), submitted (130), claimed to inspect (140), saved with it at 30 (150, v2). */
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
const actorOf = (position: string) => (Number(position) < 140 ? ids.ann : ids.insp);
const at = (position: bigint) => ({ kind: 'position' as const, position });

describe(itemChangeSummary.name, () => {
  it('given the first version and the second, when summarised, then the box moved, the item changed hands, and each change names its sender', () => {
    const summary = itemChangeSummary(history, at(120n), at(150n), actorOf);
    expect(summary).toMatchObject({
      from: { status: 'claimed', resultVersion: 1 },
      to: { status: 'claimed', linkId: ids.inspect1, resultVersion: 2 },
      objects: { added: 0, removed: 0, changed: 1 },
      aspects: ['moved'],
      counts: [],
    });
    expect(summary?.changes.map((c) => [c.position, c.type, c.actorId])).toEqual([
      ['130', 'ItemSubmitted', ids.ann],
      ['140', 'ItemClaimed', ids.insp],
      ['150', 'ResultSaved', ids.insp],
    ]);
  });

  it('given an earlier moment before the registration, when summarised, then the item is new and its object added', () => {
    const summary = itemChangeSummary(history, at(50n), at(120n), actorOf);
    expect(summary).toMatchObject({ from: null, to: { resultVersion: 1 }, objects: { added: 1, removed: 0, changed: 0 } });
    expect(summary?.counts.map((c) => [c.toolId, c.before, c.after])).toEqual([[ids.tool, 0, 1]]);
  });

  it('given the later moment first, when summarised, then it still runs from the earlier to the later', () => {
    expect(itemChangeSummary(history, at(150n), at(120n), actorOf)).toEqual(itemChangeSummary(history, at(120n), at(150n), actorOf));
  });

  it('given two moments before the registration, when summarised, then there is nothing to say', () => {
    expect(itemChangeSummary(history, at(10n), at(50n), actorOf)).toBeNull();
  });
});

describe('projectDiffQuery', () => {
  it('reads "changed after acceptance" as a yes or no, and refuses anything else', () => {
    expect(projectDiffQuery.parse({ afterAcceptance: 'true' })).toMatchObject({ afterAcceptance: true, limit: 20 });
    expect(projectDiffQuery.parse({}).afterAcceptance).toBe(false);
    expect(projectDiffQuery.safeParse({ afterAcceptance: 'yes' }).success).toBe(false);
  });
});
