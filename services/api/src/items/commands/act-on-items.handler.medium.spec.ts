// The PM's actions on a selection of items on a real database: given the items' histories, when the PM releases,
// rejects or recycles them, then one event per item, all in one command, and the pool's counts after it; or the
// refusal, with no item moved (every item or none).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ItemWork, itemLifecycle } from '@annot/core';
import type { ItemEvent } from '@annot/workflows';
import {
  appended,
  as,
  errorMark,
  finished,
  given,
  givenItems,
  givenProject,
  inInspection,
  itemEvents,
  itemStream,
  mark,
  refusalOf,
  specDatabase,
  type SpecProject,
} from '../../../../../tests/support/given-when-then';
import { ItemsRepository } from '../items.repository';
import { ActOnItemsCommand, ActOnItemsHandler, type BulkAction } from './act-on-items.handler';

const spec = specDatabase();
const marks = [errorMark('missed a car')];

/** A project whose items have these histories, one item each. */
async function givenHistories(histories: ((p: SpecProject, itemId: string) => ItemEvent[])[]) {
  const p = await givenProject(spec);
  const { itemIds } = await givenItems(spec, p, histories.length);
  for (const [i, history] of histories.entries()) await given(spec, itemLifecycle, itemStream(itemIds[i]), p.tagger, history(p, itemIds[i]));
  return { p, itemIds };
}

const claimed = (p: SpecProject, itemId: string) => [itemEvents(p, itemId).claimed(p.annotation, p.tagger.id)];
const act = (p: SpecProject, itemIds: string[], action: BulkAction) => new ActOnItemsHandler(spec.pipeline, new ItemsRepository(spec.db), new ItemWork()).execute(new ActOnItemsCommand(p.projectId, itemIds, action, as(p.pm)));
const counts = async (p: SpecProject) => (await new ItemsRepository(spec.db).counts(p.projectId)).sort((a, b) => `${a.linkId}${a.status}`.localeCompare(`${b.linkId}${b.status}`));

describe(ActOnItemsHandler.name, () => {
  it('release: takes every selected item back from its claimer in one command; the pool counts follow', async () => {
    const { p, itemIds } = await givenHistories([claimed, claimed]);
    expect(await counts(p)).toEqual([{ linkId: p.annotation, status: 'claimed', count: 2 }]);
    const since = await mark(spec);
    expect(await act(p, itemIds, { name: 'release', body: {} })).toEqual({ items: 2 });
    const events = await appended(spec, since);
    expect(events.map((e) => [e.stream, e.type, e.actor])).toEqual([...itemIds].sort().map((id) => [itemStream(id), 'ItemReleased', p.pm.id]));
    expect(events.every((e) => e.data.releasedBy === p.pm.id && e.data.claimerId === p.tagger.id)).toBe(true);
    expect(await counts(p)).toEqual([{ linkId: p.annotation, status: 'waiting', count: 2 }]);
  });

  it('reject: the PM rejects items waiting in the inspection link without claiming them', async () => {
    const waitingForInspection = (p: SpecProject, id: string) => inInspection(p, id).slice(0, 3);
    const { p, itemIds } = await givenHistories([waitingForInspection]);
    const since = await mark(spec);
    await act(p, itemIds, { name: 'reject', body: { marks } });
    expect(await appended(spec, since)).toEqual([
      { stream: itemStream(itemIds[0]), type: 'ItemRejected', actor: p.pm.id, data: expect.objectContaining({ inspectorId: p.pm.id, marks, toLinkId: p.annotation, reworkCount: 1 }) },
    ]);
    expect(await counts(p)).toEqual([{ linkId: p.annotation, status: 'waiting', count: 1 }]);
  });

  it('recycle: sends items in different states back to the annotation pool, keeping their results', async () => {
    const { p, itemIds } = await givenHistories([claimed, finished]);
    const since = await mark(spec);
    await act(p, itemIds, { name: 'recycle', body: { target: 'annotation_pool', keepResult: true } });
    const events = await appended(spec, since);
    expect(events.map((e) => [e.type, e.data.toLinkId, e.data.keepResult])).toEqual([
      ['ItemRecycled', p.annotation, true],
      ['ItemRecycled', p.annotation, true],
    ]);
    expect(await counts(p)).toEqual([{ linkId: p.annotation, status: 'waiting', count: 2 }]);
  });

  describe('refuses and moves no item', () => {
    const refusals: [string, ((p: SpecProject, id: string) => ItemEvent[])[], (p: SpecProject, ids: string[]) => [string[], BulkAction], { status: number; errCode: string; messageKey: string }][] = [
      [
        'a release of items of different links',
        [claimed, (p, id) => inInspection(p, id)],
        (_, ids) => [ids, { name: 'release', body: {} }],
        { status: 400, errCode: 'BULK_REFUSED', messageKey: 'items.bulk_release_mixed' },
      ],
      ['a selection with an item the project does not have: 404', [claimed], (_, ids) => [[...ids, randomUUID()], { name: 'release', body: {} }], { status: 404, errCode: 'NOT_FOUND', messageKey: 'items.selection_unknown' }],
      [
        'a selection where one item cannot move (the machine), though the others could',
        [claimed, () => []],
        (_, ids) => [ids, { name: 'release', body: {} }],
        { status: 409, errCode: 'INVALID_TRANSITION', messageKey: 'errors.invalid_transition' },
      ],
    ];
    for (const [name, histories, when, refusal] of refusals) {
      it(name, async () => {
        const { p, itemIds } = await givenHistories(histories);
        const before = await counts(p);
        const since = await mark(spec);
        const [ids, action] = when(p, itemIds);
        expect(await refusalOf(act(p, ids, action))).toMatchObject(refusal);
        expect(await appended(spec, since)).toEqual([]);
        expect(await counts(p)).toEqual(before);
      });
    }
  });
});
