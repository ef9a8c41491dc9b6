// Every action of the item action table that one person asks for on one item, on a real database: given the item's
// history, when the action, then the events appended (type, actor, data) and the item's row in the pool, or the
// refusal with nothing appended and the row as it was.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Actor, ItemWork, itemLifecycle } from '@annot/core';
import { type ItemActionRequest, type ItemEvent, type ResultDocument, toolInput } from '@annot/workflows';
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
  type ProjectOptions,
  refusalOf,
  specDatabase,
  type SpecProject,
} from '../../../../../tests/support/given-when-then';
import { ItemsRepository } from '../items.repository';
import { ActOnItemCommand, ActOnItemHandler } from './act-on-item.handler';

const spec = specDatabase();
const reasonId = randomUUID();
const marks = [errorMark('wrong class')];
const emptyResult = { frameCount: 1, objects: [], attributes: {} };

type Who = (p: SpecProject) => Actor;
const tagger: Who = (p) => p.tagger;
const inspector: Who = (p) => p.inspector;
const pm: Who = (p) => p.pm;

interface Case {
  options?: ProjectOptions;
  given: (p: SpecProject, itemId: string) => ItemEvent[];
  by: Who;
  action: ItemActionRequest;
}

const claimedByTagger = (p: SpecProject, itemId: string) => [itemEvents(p, itemId).claimed(p.annotation, p.tagger.id)];
const markedInvalid = (p: SpecProject, itemId: string) => [...claimedByTagger(p, itemId), itemEvents(p, itemId).markedInvalid(p.tagger.id, reasonId)];
/** Marked invalid, submitted without a result, and claimed by the inspector, who has not judged the mark yet. */
const invalidInInspection = (p: SpecProject, itemId: string) => {
  const [claimed] = claimedByTagger(p, itemId);
  const claimId = (claimed.data as { claimId: string }).claimId;
  const happened = itemEvents(p, itemId);
  return [claimed, happened.markedInvalid(p.tagger.id, reasonId), happened.submitted(p.tagger.id, claimId, 0), happened.claimed(p.inspection, p.inspector.id)];
};

/** The item's history, the action, and what a reader of the pool sees after it. */
async function run(c: Case) {
  const p = await givenProject(spec, c.options);
  const { itemIds: [itemId] } = await givenItems(spec, p, 1);
  await given(spec, itemLifecycle, itemStream(itemId), p.tagger, c.given(p, itemId));
  const before = await rowOf(itemId);
  const since = await mark(spec);
  const handler = new ActOnItemHandler(spec.pipeline, new ItemsRepository(spec.db), new ItemWork());
  const answer = handler.execute(new ActOnItemCommand(itemId, c.action, as(c.by(p))));
  return { p, itemId, before, since, answer };
}

const rowOf = (itemId: string) =>
  spec.db
    .selectFrom('items')
    .select(['status', 'link_id', 'claimer_id', 'result_version', 'effective', 'invalid_reason_id', 'rework', 'rework_count', 'preferred_claimer_id', 'annotator_id', 'item_version'])
    .where('item_id', '=', itemId)
    .executeTakeFirstOrThrow();

describe(ActOnItemHandler.name, () => {
  it('save: the claimer saves the next result version; the row and the latest result follow', async () => {
    const { p, itemId, since, answer } = await run({ given: claimedByTagger, by: tagger, action: { name: 'save', body: { result: emptyResult } } });
    expect(await answer).toEqual({ version: '2', status: 'claimed' });
    expect(await appended(spec, since)).toEqual([
      { stream: itemStream(itemId), type: 'ResultSaved', actor: p.tagger.id, data: expect.objectContaining({ linkId: p.annotation, resultVersion: 1, savedBy: p.tagger.id, result: emptyResult }) },
    ]);
    expect(await rowOf(itemId)).toMatchObject({ status: 'claimed', claimer_id: p.tagger.id, result_version: 1, item_version: '2' });
    const latest = await spec.db.selectFrom('item_results').select(['version', 'saved_by']).where('item_id', '=', itemId).executeTakeFirstOrThrow();
    expect(latest).toEqual({ version: 1, saved_by: p.tagger.id });
  });

  it('submit: the saved result goes to the inspection pool, and its submitter is the annotator', async () => {
    const { p, itemId, since, answer } = await run({
      given: (p, id) => [...claimedByTagger(p, id), itemEvents(p, id).saved(p.tagger.id)],
      by: tagger,
      action: { name: 'submit', body: {} },
    });
    expect((await answer).status).toBe('pooled');
    expect(await appended(spec, since)).toEqual([
      { stream: itemStream(itemId), type: 'ItemSubmitted', actor: p.tagger.id, data: expect.objectContaining({ linkId: p.annotation, toLinkId: p.inspection, submittedBy: p.tagger.id, resultVersion: 1, rework: false }) },
    ]);
    expect(await rowOf(itemId)).toMatchObject({ status: 'waiting', link_id: p.inspection, claimer_id: null, annotator_id: p.tagger.id });
  });

  it('mark invalid: the claimer marks the item invalid with a reason; the row is no longer effective', async () => {
    const { p, itemId, since, answer } = await run({ given: claimedByTagger, by: tagger, action: { name: 'mark_invalid', body: { reasonId } } });
    await answer;
    expect(await appended(spec, since)).toEqual([
      { stream: itemStream(itemId), type: 'ItemMarkedInvalid', actor: p.tagger.id, data: expect.objectContaining({ linkId: p.annotation, markedBy: p.tagger.id, reasonId }) },
    ]);
    expect(await rowOf(itemId)).toMatchObject({ status: 'claimed', effective: false, invalid_reason_id: reasonId });
  });

  it('mark valid: the claimer takes the mark back', async () => {
    const { p, itemId, since, answer } = await run({ given: markedInvalid, by: tagger, action: { name: 'mark_valid', body: {} } });
    await answer;
    expect(await appended(spec, since)).toEqual([{ stream: itemStream(itemId), type: 'ItemMarkedValid', actor: p.tagger.id, data: expect.objectContaining({ markedBy: p.tagger.id }) }]);
    expect(await rowOf(itemId)).toMatchObject({ effective: true, invalid_reason_id: null });
  });

  it('confirm invalid: the inspector confirms the mark on the version submitted; the item stays invalid', async () => {
    const { p, itemId, since, answer } = await run({ given: invalidInInspection, by: inspector, action: { name: 'confirm_invalid', body: {} } });
    await answer;
    expect(await appended(spec, since)).toEqual([
      { stream: itemStream(itemId), type: 'InvalidityConfirmed', actor: p.inspector.id, data: expect.objectContaining({ linkId: p.inspection, inspectorId: p.inspector.id, reasonId, resultVersion: 0 }) },
    ]);
    expect(await rowOf(itemId)).toMatchObject({ status: 'claimed', effective: false, invalid_reason_id: reasonId });
  });

  it('overturn invalid: the inspector overturns the mark; the item is effective again', async () => {
    const { p, itemId, since, answer } = await run({ given: invalidInInspection, by: inspector, action: { name: 'overturn_invalid', body: {} } });
    await answer;
    expect(await appended(spec, since)).toEqual([
      { stream: itemStream(itemId), type: 'InvalidityOverturned', actor: p.inspector.id, data: expect.objectContaining({ inspectorId: p.inspector.id, reasonId }) },
    ]);
    expect(await rowOf(itemId)).toMatchObject({ effective: true, invalid_reason_id: null });
  });

  it('pass: the inspector passes the item on the last link; it is finished', async () => {
    const { p, itemId, since, answer } = await run({ given: inInspection, by: inspector, action: { name: 'pass', body: {} } });
    expect((await answer).status).toBe('finished');
    expect(await appended(spec, since)).toEqual([
      { stream: itemStream(itemId), type: 'ItemPassed', actor: p.inspector.id, data: expect.objectContaining({ linkId: p.inspection, inspectorId: p.inspector.id, resultVersion: 1, toLinkId: null }) },
      { stream: itemStream(itemId), type: 'ItemFinished', actor: p.inspector.id, data: expect.objectContaining({ linkId: p.inspection, resultVersion: 1, decidedBy: 'inspection' }) },
    ]);
    expect(await rowOf(itemId)).toMatchObject({ status: 'finished', link_id: p.inspection, claimer_id: null });
  });

  it('reject: the inspector sends the item back to its annotator with the marks, as rework', async () => {
    const { p, itemId, since, answer } = await run({ given: inInspection, by: inspector, action: { name: 'reject', body: { marks } } });
    expect((await answer).status).toBe('pooled');
    expect(await appended(spec, since)).toEqual([
      {
        stream: itemStream(itemId),
        type: 'ItemRejected',
        actor: p.inspector.id,
        data: expect.objectContaining({ linkId: p.inspection, toLinkId: p.annotation, marks, reworkCount: 1, preferredClaimerId: p.tagger.id }),
      },
    ]);
    expect(await rowOf(itemId)).toMatchObject({ status: 'waiting', link_id: p.annotation, rework: true, rework_count: 1, preferred_claimer_id: p.tagger.id });
  });

  it('reject: beyond the project rework max count the item is held for the PM', async () => {
    const { p, itemId, since, answer } = await run({ options: { reworkMaxCount: 0 }, given: inInspection, by: inspector, action: { name: 'reject', body: { marks } } });
    expect((await answer).status).toBe('held');
    expect((await appended(spec, since)).map((e) => [e.type, e.actor])).toEqual([
      ['ItemRejected', p.inspector.id],
      ['ItemHeld', p.inspector.id],
    ]);
    expect(await rowOf(itemId)).toMatchObject({ status: 'held', link_id: p.annotation, rework_count: 1 });
  });

  it('release: the claimer gives the item back to its pool', async () => {
    const { p, itemId, since, answer } = await run({ given: claimedByTagger, by: tagger, action: { name: 'release', body: {} } });
    await answer;
    expect(await appended(spec, since)).toEqual([
      { stream: itemStream(itemId), type: 'ItemReleased', actor: p.tagger.id, data: expect.objectContaining({ claimerId: p.tagger.id, releasedBy: p.tagger.id }) },
    ]);
    expect(await rowOf(itemId)).toMatchObject({ status: 'waiting', link_id: p.annotation, claimer_id: null });
  });

  it('release: the PM takes a claimed item back from its claimer', async () => {
    const { p, itemId, since, answer } = await run({ given: claimedByTagger, by: pm, action: { name: 'release', body: {} } });
    await answer;
    expect(await appended(spec, since)).toEqual([
      { stream: itemStream(itemId), type: 'ItemReleased', actor: p.pm.id, data: expect.objectContaining({ claimerId: p.tagger.id, releasedBy: p.pm.id }) },
    ]);
  });

  it('recycle: the PM sends a finished item to the annotation pool, clearing its result', async () => {
    const { p, itemId, since, answer } = await run({ given: finished, by: pm, action: { name: 'recycle', body: { target: 'annotation_pool', keepResult: false } } });
    expect((await answer).status).toBe('pooled');
    expect(await appended(spec, since)).toEqual([
      {
        stream: itemStream(itemId),
        type: 'ItemRecycled',
        actor: p.pm.id,
        data: expect.objectContaining({ fromLinkId: p.inspection, toLinkId: p.annotation, target: 'annotation_pool', keepResult: false, resultVersion: 2, recycledBy: p.pm.id }),
      },
    ]);
    expect(await rowOf(itemId)).toMatchObject({ status: 'waiting', link_id: p.annotation, result_version: 2 });
    expect(await spec.db.selectFrom('item_results').select('version').where('item_id', '=', itemId).executeTakeFirst()).toBeUndefined();
  });

  it('accept: the PM accepts a held item as it is; it is finished by the manager', async () => {
    const held = (p: SpecProject, id: string) => [...inInspection(p, id), itemEvents(p, id).rejected(p.inspector.id, 2, marks), itemEvents(p, id).held(2, 1)];
    const { p, itemId, since, answer } = await run({ given: held, by: pm, action: { name: 'accept', body: {} } });
    expect((await answer).status).toBe('finished');
    expect(await appended(spec, since)).toEqual([{ stream: itemStream(itemId), type: 'ItemFinished', actor: p.pm.id, data: expect.objectContaining({ decidedBy: 'manager' }) }]);
    expect(await rowOf(itemId)).toMatchObject({ status: 'finished' });
  });

  describe('refuses, appends nothing and leaves the row as it was', () => {
    const otherTagger: Who = () => ({ id: randomUUID(), role: '40' });
    const refusals: [string, Case, { status: number; errCode: string; messageKey: string }][] = [
      ['a save by someone who does not hold the item', { given: claimedByTagger, by: otherTagger, action: { name: 'save', body: { result: emptyResult } } }, { status: 409, errCode: 'ITEM_REFUSED', messageKey: 'items.not_claimer' }],
      [
        'a save by an inspector where inspectors may not modify',
        { given: inInspection, by: inspector, action: { name: 'save', body: { result: emptyResult } } },
        { status: 409, errCode: 'ITEM_REFUSED', messageKey: 'items.inspector_may_not_modify' },
      ],
      [
        'a save of a result with an object of a tool the project does not have',
        {
          given: claimedByTagger,
          by: tagger,
          action: {
            name: 'save',
            body: {
              result: {
                ...emptyResult,
                objects: [{ id: 'car-1', toolId: randomUUID(), toolVersion: 1, templateType: 'box', className: null, attributes: {}, group: null, keyframes: [{ frame: 0, shape: { type: 'box', x: 1, y: 1, width: 5, height: 5 }, attributes: {}, outside: false, source: 'drawn' }] }],
              },
            },
          },
        },
        { status: 400, errCode: 'VALIDATION_FAILED', messageKey: 'items.result_invalid' },
      ],
      ['a pass before the invalid mark is judged', { given: invalidInInspection, by: inspector, action: { name: 'pass', body: {} } }, { status: 409, errCode: 'ITEM_REFUSED', messageKey: 'items.invalidity_unjudged' }],
      ['a reject without marks', { given: inInspection, by: inspector, action: { name: 'reject', body: { marks: [] } } }, { status: 409, errCode: 'ITEM_REFUSED', messageKey: 'items.marks_empty' }],
      ['a submission of an item nobody claimed (the machine)', { given: () => [], by: tagger, action: { name: 'submit', body: {} } }, { status: 409, errCode: 'INVALID_TRANSITION', messageKey: 'errors.invalid_transition' }],
      ['an accept of an item that is not held (the machine)', { given: finished, by: pm, action: { name: 'accept', body: {} } }, { status: 409, errCode: 'INVALID_TRANSITION', messageKey: 'errors.invalid_transition' }],
    ];
    for (const [name, c, refusal] of refusals) {
      it(name, async () => {
        const { itemId, before, since, answer } = await run(c);
        expect(await refusalOf(answer)).toMatchObject(refusal);
        expect(await appended(spec, since)).toEqual([]);
        expect(await rowOf(itemId)).toEqual(before);
      });
    }

    it('a submission of a result whose object lacks a required attribute, named by the object and the attribute', async () => {
      const car = toolInput.parse({
        name: 'Car',
        templateType: 'box',
        attributes: [{ name: 'occluded', displayName: 'Occluded', exportName: 'occluded', type: 'single', required: true, options: [{ name: 'yes' }, { name: 'no' }] }],
      });
      const unanswered = (p: SpecProject): ResultDocument => ({
        ...emptyResult,
        objects: [{ id: 'car-1', toolId: p.toolIds[0], toolVersion: 1, templateType: 'box', className: null, attributes: {}, group: null, keyframes: [{ frame: 0, shape: { type: 'box', x: 1, y: 1, width: 5, height: 5 }, attributes: {}, outside: false, source: 'drawn' }] }],
      });
      const claimedAndSaved = (p: SpecProject, itemId: string) => [...claimedByTagger(p, itemId), itemEvents(p, itemId).saved(p.tagger.id, 1, unanswered(p))];
      const { itemId, before, since, answer } = await run({ options: { tools: [car] }, given: claimedAndSaved, by: tagger, action: { name: 'submit', body: {} } });
      const refusal = await refusalOf(answer);
      expect(refusal).toMatchObject({ status: 400, errCode: 'VALIDATION_FAILED', messageKey: 'items.result_incomplete', params: { count: 1 } });
      expect(refusal.envelope).toEqual({
        code: 400,
        errCode: 'VALIDATION_FAILED',
        message: 'The result cannot be submitted: 1 problem',
        data: { fields: [{ field: 'car-1.occluded', message: '1. Car: Occluded cannot be empty' }] },
      });
      expect(await appended(spec, since)).toEqual([]);
      expect(await rowOf(itemId)).toEqual(before);
    });

    it('an item that does not exist: 404', async () => {
      const p = await givenProject(spec);
      const handler = new ActOnItemHandler(spec.pipeline, new ItemsRepository(spec.db), new ItemWork());
      expect(await refusalOf(handler.execute(new ActOnItemCommand(randomUUID(), { name: 'release', body: {} }, as(p.tagger))))).toMatchObject({ status: 404, errCode: 'NOT_FOUND' });
    });

    it('a version the caller saw that is no longer the stream version: 409 VERSION_CONFLICT', async () => {
      const p = await givenProject(spec);
      const { itemIds: [itemId] } = await givenItems(spec, p, 1);
      await given(spec, itemLifecycle, itemStream(itemId), p.tagger, claimedByTagger(p, itemId));
      const since = await mark(spec);
      const handler = new ActOnItemHandler(spec.pipeline, new ItemsRepository(spec.db), new ItemWork());
      const answer = handler.execute(new ActOnItemCommand(itemId, { name: 'release', body: {} }, as(p.tagger), 0n));
      expect(await refusalOf(answer)).toMatchObject({ status: 409, errCode: 'VERSION_CONFLICT' });
      expect(await appended(spec, since)).toEqual([]);
    });
  });
});
