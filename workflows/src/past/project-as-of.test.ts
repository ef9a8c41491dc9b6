import { describe, expect, it } from 'vitest';
import type { ItemEvent } from '../items/item.events';
import { foldItem } from '../items/item.evolve';
import { fresh, happened, ids } from '../items/item.test-fixtures';
import { pastItemCounts, projectItemsAsOf } from './project-as-of';

const other = '00000000-0000-4000-8000-000000000099';
const forItem = (itemId: string, events: ItemEvent[]) => events.map((event) => ({ itemId, event: { ...event, data: { ...event.data, itemId } } as ItemEvent }));

describe(projectItemsAsOf.name, () => {
  it('given two items, one worked, when folded, then each is its own stream folded by the pipeline evolve', () => {
    const worked = [happened.claimed(ids.annotate1, ids.ann), happened.saved(ids.annotate1, ids.ann, 1), happened.submitted(ids.annotate1, ids.ann, ids.inspect1)];
    const states = projectItemsAsOf(ids.project, [{ itemId: ids.item, linkId: ids.annotate1 }, { itemId: other, linkId: ids.annotate1 }], forItem(ids.item, worked));
    expect(states.get(ids.item)).toEqual(foldItem(fresh(), worked));
    expect(states.get(other)).toMatchObject({ itemId: other, status: 'pooled', linkId: ids.annotate1, resultVersion: 0 });
  });

  it('given events of an item registered after the moment, when folded, then the item is not there', () => {
    const states = projectItemsAsOf(ids.project, [{ itemId: ids.item, linkId: ids.annotate1 }], forItem(other, [happened.claimed(ids.annotate1, ids.ann)]));
    expect([...states.keys()]).toEqual([ids.item]);
  });

  it('given an item imported before its project had links, when folded, then it waits with no link', () => {
    expect(projectItemsAsOf(ids.project, [{ itemId: ids.item, linkId: null }], []).get(ids.item)).toMatchObject({ status: 'unlinked', linkId: null });
  });
});

describe(pastItemCounts.name, () => {
  it('counts per link and status, links in the order first met and statuses in lifecycle order', () => {
    const states = projectItemsAsOf(
      ids.project,
      [1, 2, 3, 4].map((n) => ({ itemId: `00000000-0000-4000-8000-00000000000${n}`, linkId: ids.annotate1 })),
      [
        ...forItem('00000000-0000-4000-8000-000000000001', [happened.claimed(ids.annotate1, ids.ann)]),
        ...forItem('00000000-0000-4000-8000-000000000002', [happened.claimed(ids.annotate1, ids.ann), happened.saved(ids.annotate1, ids.ann, 1), happened.submitted(ids.annotate1, ids.ann, ids.inspect1)]),
      ],
    );
    expect(pastItemCounts(states.values())).toEqual([
      { linkId: ids.annotate1, status: 'pooled', count: 2 },
      { linkId: ids.annotate1, status: 'claimed', count: 1 },
      { linkId: ids.inspect1, status: 'pooled', count: 1 },
    ]);
  });
});
