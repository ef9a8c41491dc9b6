// A project as it was: an auditor pages through its items as of a moment by link and status, reads its statistics
// then and now (now as the live page has them), and reads the management log of its own projects only.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PastItemsPage, ProjectPastView, ProjectStatisticsView } from '@annot/workflows';
import { type Auditor, createAuditor } from '../support/auditors';
import { boxResult } from '../support/demo';
import { eventually } from '../support/eventually';
import { call, type Platform } from '../support/platform';
import { replayVerifies } from '../support/replay';
import { finishItems, ok, startWorkedProject, type WorkedProject } from '../support/worked-project';

const en = { 'x-language': 'en_US' };

describe('a project as of a moment', () => {
  let project: WorkedProject;
  let platform: Platform;
  let admin: string;
  let auditor: Auditor;
  let stranger: Auditor;
  let finished: string;
  let submitted: string;
  /** The moment one item had finished and nothing else was worked on. */
  let then: string;
  const items = (query: string, token = auditor.token) => call<PastItemsPage>(platform, 'GET', `/manage/past/projects/${project.projectId}/items${query}`, { token });
  const itemsOk = async (query: string) => {
    const answer = await items(query);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const statistics = async (query: string) => {
    const answer = await call<ProjectStatisticsView>(platform, 'GET', `/manage/past/projects/${project.projectId}/statistics${query}`, { token: auditor.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };

  beforeAll(async () => {
    project = await startWorkedProject({ frames: [3] });
    ({ platform, admin } = project);
    [finished] = await finishItems(project, 1);
    auditor = await createAuditor(platform, admin, [project.projectId]);
    stranger = await createAuditor(platform, admin, [], 'stranger-auditor@example.com');
    then = (await ok<ProjectPastView>(platform, 'GET', `/manage/past/projects/${project.projectId}/counts`, auditor.token)).moment.position!;
    // After that moment the tagger submits a second item, which waits in the inspection link's pool.
    [submitted] = (await ok<{ items: string[] }>(platform, 'POST', `/manage/items/links/${project.links.annotation}/claims`, project.tagger.token, { count: 1 })).items;
    await ok(platform, 'PUT', `/manage/items/${submitted}/result`, project.tagger.token, { result: boxResult(project.toolId) });
    await ok(platform, 'POST', `/manage/items/${submitted}/submit`, project.tagger.token);
  }, 300_000);
  afterAll(async () => platform?.stop());

  it('lists the items as they stood then, page by page and by link and status, each as its own past read has it', async () => {
    const first = await itemsOk(`?position=${then}&limit=2`);
    expect(first.moment).toEqual({ position: then });
    expect([first.items.length, first.nextCursor]).toEqual([2, first.items[1].itemId]);
    const second = await itemsOk(`?position=${then}&limit=2&cursor=${first.nextCursor}`);
    expect([second.items.length, second.nextCursor]).toEqual([1, null]);
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((i) => i.itemId))).toEqual(new Set(project.dataBatches[0].itemIds));

    const done = await itemsOk(`?position=${then}&linkId=${project.links.inspection}&status=finished`);
    expect(done.items).toEqual([expect.objectContaining({ itemId: finished, status: 'finished', resultVersion: 1, objectCount: 1, effective: true, fileName: expect.any(String) })]);
    const waiting = await itemsOk(`?position=${then}&linkId=${project.links.annotation}&status=pooled`);
    expect(waiting.items.map((i) => i.itemId).sort()).toEqual(project.dataBatches[0].itemIds.filter((id) => id !== finished).sort());
    expect(waiting.items.find((i) => i.itemId === submitted)).toMatchObject({ resultVersion: 0, objectCount: 0 });

    // Now the submitted item waits for inspection; "now" names its position, so the next page reads the same moment.
    const now = await itemsOk(`?linkId=${project.links.inspection}&status=pooled`);
    expect(now.items.map((i) => [i.itemId, i.resultVersion])).toEqual([[submitted, 1]]);
    expect(BigInt((now.moment as { position: string }).position)).toBeGreaterThan(BigInt(then));

    const itemThen = await ok(platform, 'GET', `/manage/past/items/${submitted}?position=${then}`, auditor.token);
    expect(all.find((i) => i.itemId === submitted)).toMatchObject({ status: itemThen.status, linkId: itemThen.linkId, resultVersion: itemThen.resultVersion });
  });

  it('folds a moment asked for by two readers at once only once, and both read that fold', async () => {
    const counts = () => ok<ProjectPastView>(platform, 'GET', `/manage/past/projects/${project.projectId}/counts?position=${BigInt(then) - 1n}`, auditor.token);
    const [one, other, page] = await Promise.all([counts(), counts(), itemsOk(`?position=${BigInt(then) - 1n}`)]);
    expect(other).toEqual(one);
    expect(page.items.length).toBe(one.items);
  });

  it("keeps the folds of a project's last eight moments, and reads an older moment again as it was", async () => {
    const countsAt = (position: bigint) => ok<ProjectPastView>(platform, 'GET', `/manage/past/projects/${project.projectId}/counts?position=${position}`, auditor.token);
    const first = await countsAt(BigInt(then) - 2n);
    for (let back = 3n; back < 12n; back += 1n) await countsAt(BigInt(then) - back);
    const kept = await platform.database.db.selectFrom('past_item_cuts').select('cut').where('project_id', '=', project.projectId).execute();
    expect(kept.length).toBe(8);
    expect(kept.map((k) => k.cut)).not.toContain(`p${BigInt(then) - 2n}`);
    const { rows } = await sql<{ cuts: number }>`SELECT count(DISTINCT cut)::int AS cuts FROM past_item_states WHERE project_id = ${project.projectId}::uuid`.execute(platform.database.db);
    expect(rows[0].cuts).toBeLessThanOrEqual(8);
    expect({ ...(await countsAt(BigInt(then) - 2n)), tookMs: 0 }).toEqual({ ...first, tookMs: 0 });
  });

  it('refuses what it may not read and what is not a moment or a filter', async () => {
    expect((await items('', stranger.token)).status).toBe(404);
    expect((await items('', project.tagger.token)).body.errCode).toBe('FORBIDDEN');
    const bad = await call(platform, 'GET', `/manage/past/projects/${project.projectId}/items?status=waiting`, { token: auditor.token, headers: en });
    expect([bad.status, bad.body.errCode]).toEqual([400, 'VALIDATION_FAILED']);
    const two = await call(platform, 'GET', `/manage/past/projects/${project.projectId}/items?position=1&at=2026-01-01T00:00:00Z`, { token: auditor.token, headers: en });
    expect(two.body.data.fields).toEqual([{ field: 'position', message: 'Name one moment: a log position, a time, or a result version' }]);
    expect((await items('?position=1')).body.data).toMatchObject({ items: [], nextCursor: null });
  });

  it("reads the statistics per person and link as of then, and now as the live statistics page has them", async () => {
    // The live statistics are a projection: until it has read the project (a 404) and both submissions, it is behind.
    const live = (
      await eventually(
        () => call<ProjectStatisticsView>(platform, 'GET', `/manage/projects/${project.projectId}/statistics`, { token: admin }),
        (answer) => answer.status === 200 && answer.body.data.totals.submitted === 2,
      )
    ).body.data;
    const now = await statistics('');
    expect(now.people).toEqual(live.people);
    expect(now.totals).toEqual(live.totals);
    expect(now.links).toEqual(live.links);

    const past = await statistics(`?position=${then}`);
    const row = (s: ProjectStatisticsView, personId: string) => s.people.find((p) => p.personId === personId)!;
    expect(row(past, project.tagger.id)).toMatchObject({ name: 'Annotating Tagger', linkId: project.links.annotation, claimed: 1, submitted: 1 });
    expect(row(now, project.tagger.id)).toMatchObject({ claimed: 2, submitted: 2 });
    expect(row(past, project.inspector.id)).toMatchObject({ linkId: project.links.inspection, claimed: 1 });
    expect(past.totals.submitted).toBe(1);
    const bad = await call(platform, 'GET', `/manage/past/projects/${project.projectId}/statistics?granularity=hour`, { token: auditor.token });
    expect([bad.status, bad.body.errCode]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it("shows an auditor the management log of its projects only, with the staff's project filter", async () => {
    const log = (query: string, token: string) => call<{ list: unknown[]; total: number }>(platform, 'GET', `/manage/history/getoperatehistory${query}`, { token });
    const mine = await eventually(
      async () => [(await log('', auditor.token)).body.data.total, (await log(`?projectId=${project.projectId}`, admin)).body.data.total],
      ([auditors, staff]) => auditors > 0 && auditors === staff,
    );
    expect((await log('', admin)).body.data.total).toBeGreaterThan(mine[0]);
    expect((await log(`?projectId=${project.projectId}`, auditor.token)).body.data.total).toBe(mine[0]);
    expect((await log('', stranger.token)).body.data).toEqual({ list: [], total: 0 });
    expect((await log(`?projectId=${project.projectId}`, stranger.token)).status).toBe(404);
    expect((await log('', project.tagger.token)).body.errCode).toBe('FORBIDDEN');
    expect(await replayVerifies(platform)).toEqual({ code: 0, differences: [] });
  });
});
