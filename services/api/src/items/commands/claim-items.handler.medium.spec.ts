// Claims from a link's pool on a real database: given a published project and its items, when a person claims, then
// one ItemClaimed per item taken by them, the rows claimed, and a timer in the outbox where claims expire; or the
// refusal, with nothing appended.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Actor, ItemWork, itemLifecycle, LifecycleStates, loadConfig, projectLifecycle } from '@annot/core';
import { itemsInHandLimit, projectStreamId } from '@annot/workflows';
import { appended, as, given, givenItems, givenProject, itemEvents, itemStream, mark, refusalOf, specDatabase, type SpecProject } from '../../../../../tests/support/given-when-then';
import { PoolRepository } from '../pool.repository';
import { RuleReadings } from '../rule-readings.service';
import { RuleReadingsRepository } from '../rule-readings.repository';
import { ItemsRepository } from '../items.repository';
import { ClaimItemsCommand, ClaimItemsHandler } from './claim-items.handler';

const spec = specDatabase();

function claimHandler() {
  const readings = new RuleReadings(new LifecycleStates(spec.db), new RuleReadingsRepository(spec.db), new ItemsRepository(spec.db));
  return new ClaimItemsHandler(spec.pipeline, new PoolRepository(), new ItemWork(), readings, loadConfig({}));
}

function claim(p: SpecProject, linkId: string, who: Actor, count: number, handler = claimHandler()) {
  return handler.execute(new ClaimItemsCommand(linkId, count, { kind: 'self', taggerId: who.id }, as(who)));
}

const projectEvent = (p: SpecProject, type: string, data: Record<string, unknown> = {}) => ({ type, data: { projectId: p.projectId, title: 'Street objects', ...data } });

const rowsOf = (itemIds: string[]) =>
  spec.db.selectFrom('items').select(['item_id', 'status', 'claimer_id', 'deadline']).where('item_id', 'in', itemIds).orderBy('seq').execute();

describe(ClaimItemsHandler.name, () => {
  it('takes items in batch order up to the count asked for, each claimed by the caller', async () => {
    const p = await givenProject(spec);
    const { itemIds } = await givenItems(spec, p, 3);
    const since = await mark(spec);
    expect(await claim(p, p.annotation, p.tagger, 2)).toEqual(itemIds.slice(0, 2));
    expect(await appended(spec, since)).toEqual(
      itemIds.slice(0, 2).map((itemId) => ({
        stream: itemStream(itemId),
        type: 'ItemClaimed',
        actor: p.tagger.id,
        data: expect.objectContaining({ itemId, linkId: p.annotation, claimerId: p.tagger.id, deadline: null }),
      })),
    );
    expect((await rowsOf(itemIds)).map((r) => [r.status, r.claimer_id])).toEqual([
      ['claimed', p.tagger.id],
      ['claimed', p.tagger.id],
      ['waiting', null],
    ]);
  });

  it('gives each claim a deadline and writes its expiry timer in the outbox where the project recycles claims', async () => {
    const p = await givenProject(spec, { autoRecycleMinutes: 30 });
    const { itemIds: [itemId] } = await givenItems(spec, p, 1);
    const since = await mark(spec);
    await claim(p, p.annotation, p.tagger, 1);
    const [claimed] = await appended(spec, since);
    const deadline = claimed.data.deadline as string;
    expect(Date.parse(deadline) - Date.parse(claimed.data.claimedAt as string)).toBe(30 * 60_000);
    const { rows } = await sql<{ job: string; payload: unknown; runAt: string }>`
      SELECT job_name AS job, payload, run_at AS "runAt" FROM outbox WHERE payload->>'itemId' = ${itemId}`.execute(spec.db);
    expect(rows).toEqual([{ job: 'item.expire_claim', payload: expect.objectContaining({ itemId, claimId: claimed.data.claimId }), runAt: new Date(deadline) }]);
  });

  it('skips, in an inspection link, the items the inspector annotated, and takes the next one', async () => {
    const p = await givenProject(spec);
    // The project's tagger works on the inspection link too.
    await given(spec, projectLifecycle, projectStreamId(p.projectId), p.pm, [projectEvent(p, 'LinkMembersAssigned', { linkId: p.inspection, teamIds: [], taggerIds: [p.inspector.id, p.tagger.id] })]);
    const { itemIds } = await givenItems(spec, p, 2);
    const other = { id: randomUUID(), role: '40' };
    for (const [itemId, annotator] of [[itemIds[0], p.tagger], [itemIds[1], other]] as const) {
      const happened = itemEvents(p, itemId);
      const claimId = randomUUID();
      await given(spec, itemLifecycle, itemStream(itemId), annotator, [happened.claimed(p.annotation, annotator.id, claimId), happened.saved(annotator.id), happened.submitted(annotator.id, claimId)]);
    }
    const since = await mark(spec);
    expect(await claim(p, p.inspection, p.tagger, 2)).toEqual([itemIds[1]]);
    expect((await appended(spec, since)).map((e) => [e.stream, e.type])).toEqual([[itemStream(itemIds[1]), 'ItemClaimed']]);
  });

  it('sees what happened to the project since its last claim from the link', async () => {
    const p = await givenProject(spec);
    const { itemIds } = await givenItems(spec, p, 2);
    // One handler, as one API process: its second claim folds the project on from what its first one read.
    const handler = claimHandler();
    expect(await claim(p, p.annotation, p.tagger, 1, handler)).toEqual([itemIds[0]]);
    await given(spec, projectLifecycle, projectStreamId(p.projectId), p.pm, [projectEvent(p, 'ProjectPaused')]);
    expect(await refusalOf(claim(p, p.annotation, p.tagger, 1, handler))).toMatchObject({ status: 409, errCode: 'ITEM_REFUSED', messageKey: 'items.project_not_running' });
    expect((await rowsOf(itemIds)).map((r) => r.status)).toEqual(['claimed', 'waiting']);
  });

  describe('refuses and appends nothing', () => {
    const refusals: [string, (p: SpecProject) => Promise<{ linkId: string; who: Actor }>, { status: number; errCode: string; messageKey: string }][] = [
      ['a link that does not exist: 404', async (p) => ({ linkId: randomUUID(), who: p.tagger }), { status: 404, errCode: 'NOT_FOUND', messageKey: 'errors.not_found' }],
      [
        'a project that is not running',
        async (p) => {
          await given(spec, projectLifecycle, projectStreamId(p.projectId), p.pm, [projectEvent(p, 'ProjectPaused')]);
          return { linkId: p.annotation, who: p.tagger };
        },
        { status: 409, errCode: 'ITEM_REFUSED', messageKey: 'items.project_not_running' },
      ],
      ['a person who does not work on the link: 403', async (p) => ({ linkId: p.annotation, who: p.inspector }), { status: 403, errCode: 'FORBIDDEN', messageKey: 'items.not_on_link' }],
      [
        'a person who has not opened the project annotation rule',
        async (p) => {
          const rules = { annotationRule: { ruleId: randomUUID(), ruleVersion: 1 }, countdownSeconds: 10, rereadByAnnotator: false, dataRule: null, errorGroupIds: [randomUUID()] };
          await given(spec, projectLifecycle, projectStreamId(p.projectId), p.pm, [projectEvent(p, 'ProjectRulesSaved', { rules })]);
          return { linkId: p.annotation, who: p.tagger };
        },
        { status: 409, errCode: 'RULE_UNREAD', messageKey: 'items.rule_unopened' },
      ],
    ];
    for (const [name, arrange, refusal] of refusals) {
      it(name, async () => {
        const p = await givenProject(spec);
        const { itemIds } = await givenItems(spec, p, 1);
        const { linkId, who } = await arrange(p);
        const since = await mark(spec);
        expect(await refusalOf(claim(p, linkId, who, 1))).toMatchObject(refusal);
        expect(await appended(spec, since)).toEqual([]);
        expect((await rowsOf(itemIds)).map((r) => r.status)).toEqual(['waiting']);
      });
    }

    it('a person who already holds as many items of the project as anyone may', async () => {
      const p = await givenProject(spec);
      const { itemIds } = await givenItems(spec, p, itemsInHandLimit + 1);
      const held = itemIds.slice(0, itemsInHandLimit);
      // Claimed in one unit, as one claim of many items appends them.
      await spec.pipeline.transact(as(p.tagger), async (unit) => {
        for (const itemId of held) unit.record(itemStream(itemId), 0n, [itemEvents(p, itemId).claimed(p.annotation, p.tagger.id)], itemLifecycle.machine, itemLifecycle.projections);
      });
      const before = await rowsOf(itemIds);
      const since = await mark(spec);
      const refusal = await refusalOf(claim(p, p.annotation, p.tagger, 1));
      expect(refusal).toMatchObject({ status: 409, errCode: 'ITEM_REFUSED', messageKey: 'items.too_many_in_hand', params: { limit: itemsInHandLimit } });
      expect(refusal.envelope).toEqual({ code: 409, errCode: 'ITEM_REFUSED', message: `You already hold ${itemsInHandLimit} items of this project; submit or release some first`, data: null });
      expect(await appended(spec, since)).toEqual([]);
      expect(await rowsOf(itemIds)).toEqual(before);
      expect(before.at(-1)).toMatchObject({ status: 'waiting', claimer_id: null });
    });
  });
});
