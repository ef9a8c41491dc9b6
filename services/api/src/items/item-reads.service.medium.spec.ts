// The actions an item read offers, from the item's row and its project's rows, on a real database: given the item's
// history, then each reader is offered exactly the routed actions the machine allows them on the folded stream, so a
// read that never folds offers what the write side would accept.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Actor, itemLifecycle, loadConfig, projectLifecycle } from '@annot/core';
import { allowedItemActions, foldItem, type ItemEvent, type ItemRouteName, projectStreamId, startItemState, workPlanOf } from '@annot/workflows';
import { finished, given, givenItems, givenProject, inInspection, itemEvents, itemStream, specDatabase, type SpecProject } from '../../../../tests/support/given-when-then';
import type { ItemMedia } from './item-media.service';
import { ItemReads } from './item-reads.service';
import type { ItemAccess } from './item-access.service';
import { ItemsRepository } from './items.repository';

const spec = specDatabase();
const reasonId = randomUUID();

type Reader = 'tagger' | 'inspector' | 'pm';
const histories: [string, (p: SpecProject, itemId: string) => ItemEvent[], Record<Reader, ItemRouteName[]>][] = [
  ['waiting in the annotation pool', () => [], { tagger: [], inspector: [], pm: ['recycle'] }],
  [
    'claimed by the tagger',
    (p, id) => [itemEvents(p, id).claimed(p.annotation, p.tagger.id)],
    { tagger: ['save', 'submit', 'mark_invalid', 'release'], inspector: [], pm: ['release', 'recycle'] },
  ],
  [
    'marked invalid and claimed by the inspector, the mark not judged yet',
    (p, id) => {
      const [claimed, saved, submitted, inspected] = inInspection(p, id);
      return [claimed, itemEvents(p, id).markedInvalid(p.tagger.id, reasonId), saved, submitted, inspected];
    },
    { tagger: [], inspector: ['confirm_invalid', 'overturn_invalid', 'reject', 'release'], pm: ['reject', 'release', 'recycle'] },
  ],
  [
    'marked invalid, the mark confirmed by the inspector',
    (p, id) => {
      const [claimed, saved, submitted, inspected] = inInspection(p, id);
      const confirmed: ItemEvent = { type: 'InvalidityConfirmed', data: { itemId: id, projectId: p.projectId, linkId: p.inspection, inspectorId: p.inspector.id, reasonId, resultVersion: 1 } };
      return [claimed, itemEvents(p, id).markedInvalid(p.tagger.id, reasonId), saved, submitted, inspected, confirmed];
    },
    { tagger: [], inspector: ['pass', 'reject', 'release'], pm: ['reject', 'release', 'recycle'] },
  ],
  ['finished', finished, { tagger: [], inspector: [], pm: ['recycle'] }],
];

describe(ItemReads.name, () => {
  describe('allowedActions', () => {
    for (const [name, history, expected] of histories) {
      it(`offers each reader, for an item ${name}, what the machine allows on its stream`, async () => {
        const p = await givenProject(spec);
        const { itemIds: [itemId] } = await givenItems(spec, p, 1);
        const events = history(p, itemId);
        if (events.length > 0) await given(spec, itemLifecycle, itemStream(itemId), p.tagger, events);
        const itemRepository = new ItemsRepository(spec.db);
        const reads = new ItemReads(itemRepository, {} as ItemAccess, {} as ItemMedia, loadConfig({}));
        const row = (await itemRepository.item(itemId))!;
        const { state: project } = await spec.pipeline.load(projectLifecycle, projectStreamId(p.projectId));
        const folded = foldItem(startItemState({ itemId, projectId: p.projectId, linkId: p.annotation }), events);
        const readers: Record<Reader, Actor> = { tagger: p.tagger, inspector: p.inspector, pm: p.pm };
        for (const [reader, actor] of Object.entries(readers) as [Reader, Actor][]) {
          const offered = await reads.allowedActions(row, actor);
          expect({ reader, offered }).toEqual({ reader, offered: expected[reader] });
          expect(offered).toEqual(allowedItemActions(folded, workPlanOf(project), { ...actor, privateDeployment: false }));
        }
      });
    }
  });
});
