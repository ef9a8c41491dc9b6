// Sampled quality inspection over the API, as its people would run it: two annotators finish a batch through the work
// loop, the PM samples it, two inspectors claim and judge; a round below the threshold returns its failed items for
// rework, and after the rework the next round passes; four failed rounds leave the task to the PM.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawSample, type SampleScopeItem } from '@annot/workflows';
import type { Answer, Call } from '../../scripts/src/seed-demo-call';
import { seedDemoProject } from '../../scripts/src/seed-demo-project';
import { boxResult } from '../support/demo';
import { createPerson } from '../support/people';
import { call, eventually, type Platform, startPlatform } from '../support/platform';
import { replayVerifies } from '../support/replay';
import { signIn, signInAdmin } from '../support/sign-in';

const en = { 'x-language': 'en_US' };

describe('sampling', () => {
  let platform: Platform;
  let admin: string;
  let projectId: string;
  let batchId: string;
  let links: { id: string }[];
  let toolId: string;
  let errorGroupId: string;
  const ids = {} as Record<'a1' | 'a2' | 'i1' | 'i2' | 'client', string>;
  const tokens = {} as Record<'a1' | 'a2' | 'i1' | 'i2' | 'client', string>;

  const api = (method: string, path: string, token: string, body?: unknown, headers?: Record<string, string>) => call(platform, method, path, { token, body, headers });
  const task = async (taskId: string, token = admin) => (await api('GET', `/manage/quality/sampling/${taskId}`, token)).body.data;
  const item = async (itemId: string) => (await api('GET', `/manage/items/${itemId}`, admin)).body.data;
  const mark = (comment = '') => ({ errorGroupId, value: 'loose box', objectId: 'car-1', comment });
  const annotatorToken = (annotatorId: string) => (annotatorId === ids.a1 ? tokens.a1 : tokens.a2);

  /** The annotator claims and submits `count` items; the first inspector passes what waits in inspection: they finish. */
  async function finish(annotator: string, count: number): Promise<string[]> {
    const claimed: string[] = (await api('POST', `/manage/items/links/${links[0].id}/claims`, annotator, { count })).body.data.items;
    for (const itemId of claimed) {
      expect((await api('PUT', `/manage/items/${itemId}/result`, annotator, { result: boxResult(toolId) })).status).toBe(200);
      expect((await api('POST', `/manage/items/${itemId}/submit`, annotator)).status).toBe(200);
    }
    await passInspection();
    return claimed;
  }

  async function passInspection(): Promise<void> {
    const inspected: string[] = (await api('POST', `/manage/items/links/${links[1].id}/claims`, tokens.i1, { count: 100 })).body.data.items;
    for (const itemId of inspected) expect((await api('POST', `/manage/items/${itemId}/pass`, tokens.i1)).body.data.status).toBe('finished');
  }

  /** Returned items go back to their annotator, who reworks and submits them; inspection passes them: finished again. */
  async function rework(itemIds: string[]): Promise<void> {
    for (const itemId of itemIds) {
      const { preferredClaimerId, rework: isRework } = await item(itemId);
      expect(isRework).toBe(true);
      const annotator = annotatorToken(preferredClaimerId);
      const claimed: string[] = (await api('POST', `/manage/items/links/${links[0].id}/claims`, annotator, { count: 30 })).body.data.items;
      expect(claimed).toContain(itemId);
      await api('PUT', `/manage/items/${itemId}/result`, annotator, { result: boxResult(toolId, { x: 12, y: 12 }) });
      expect((await api('POST', `/manage/items/${itemId}/submit`, annotator)).status).toBe(200);
    }
    await passInspection();
  }

  /** The two inspectors judge the whole sample of the open round; the items named in `fail` fail with a mark. */
  async function judgeRound(taskId: string, fail: (itemId: string, index: number) => boolean): Promise<{ status: string; round: number }> {
    let last = { status: 'open', round: 0 };
    for (let i = 0; last.status === 'open'; i++) {
      const inspector = i % 2 === 0 ? tokens.i1 : tokens.i2;
      const claim = await api('POST', `/manage/quality/sampling/${taskId}/claim`, inspector);
      expect(claim.status, JSON.stringify(claim.body)).toBe(200);
      const { itemId } = claim.body.data;
      const failing = fail(itemId, i);
      const body = failing ? { verdict: 'fail', marks: [mark(`round item ${i}`)] } : { verdict: 'pass', marks: [] };
      const judged = await api('POST', `/manage/quality/sampling/${taskId}/items/${itemId}/judge`, inspector, body);
      expect(judged.status, JSON.stringify(judged.body)).toBe(200);
      last = { status: judged.body.data.status, round: judged.body.data.round };
    }
    return last;
  }

  beforeAll(async () => {
    platform = await startPlatform();
    admin = await signInAdmin(platform);
    const people = [
      ['a1', '40', 'Annotator One'],
      ['a2', '40', 'Annotator Two'],
      ['i1', '40', 'Inspector One'],
      ['i2', '40', 'Inspector Two'],
      ['client', '50', 'Client'],
    ] as const;
    for (const [key, role, name] of people) ids[key] = await createPerson(platform, admin, { role, name, account: `${key}@example.com`, password: 'Quality@123' });
    for (const [key, role] of people) tokens[key] = await signIn(platform, `${key}@example.com`, 'Quality@123', role === '50' ? 3 : 1);

    // The demo project (its catalog, links and first batch) made through the API, worked by this file's people.
    const team = await api('POST', '/manage/teams', admin, { name: 'Quality Team', organisationId: 'QA-ORG', hiveId: '2000', size: 10, mobile: 'qa-team@example.com' });
    const seedCall: Call = async (method, path, body, token) => {
      const json = body !== undefined && !(body instanceof FormData);
      const response = await fetch(`${platform.baseUrl}${path}`, {
        method,
        headers: { ...(json ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : json ? JSON.stringify(body) : (body as FormData),
      });
      return (await response.json()) as Answer;
    };
    projectId = await seedDemoProject(seedCall, admin, { teamId: team.body.data.id, taggerId: ids.a1 });
    // The import writes to the project too (it fixes the link its items wait in), so the PM changes the project once
    // the import has settled, as a person reading the page would.
    const batches = await eventually(
      async () => (await api('GET', `/manage/projects/${projectId}/batches`, admin)).body.data as { id: string; items: number; importing: unknown }[],
      (list) => list.length === 1 && list[0].importing === null && list[0].items > 0,
      60_000,
    );
    batchId = batches[0].id;
    const detail = (await api('GET', `/manage/projects/${projectId}`, admin)).body.data;
    links = detail.links;
    toolId = detail.tools[0].toolId;
    for (const [link, taggerIds] of [[links[0], [ids.a1, ids.a2]], [links[1], [ids.i1, ids.i2]]] as const) {
      const members = await api('PUT', `/manage/projects/${projectId}/links/${link.id}/members`, admin, { teamIds: [], taggerIds });
      expect(members.status, JSON.stringify(members.body)).toBe(200);
    }
    // No countdown before a claim: the whole rules step sent back as the console's form sends it, at the version read.
    const read = await api('GET', `/manage/projects/${projectId}`, admin);
    const { annotationRule, dataRule, errorGroupIds } = read.body.data.rules;
    const rules = { annotationRule, countdownSeconds: 0, rereadByAnnotator: false, dataRule, errorGroupIds };
    const saved = await api('PUT', `/manage/projects/${projectId}/rules`, admin, rules, { 'if-match': read.headers.get('etag')! });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    for (const key of ['a1', 'a2', 'i1', 'i2'] as const) {
      const reading = await api('POST', `/manage/items/projects/${projectId}/rule-readings`, tokens[key]);
      expect(reading.status, JSON.stringify(reading.body)).toBe(200);
    }
    const groups = (await api('GET', `/manage/error-groups?keyword=${encodeURIComponent('Demo box errors')}`, admin)).body.data;
    errorGroupId = groups.find((g: { name: string }) => g.name === 'Demo box errors').id;
    await finish(tokens.a1, 6);
    await finish(tokens.a2, 6);
  }, 120_000);
  afterAll(async () => platform?.stop());

  let firstTask: string;
  let failedItem: string;

  it('previews a batch, draws a reproducible sample of every annotator, and lets two inspectors claim different items at once', async () => {
    const preview = await api('GET', `/manage/quality/projects/${projectId}/sampling/preview?batchId=${batchId}&margin=10`, admin);
    // ±10 points at 95% over 12 items: 1.96² · 0.5 · 0.5 / 0.1² = 96.04 for an endless lot, and 96.04 / (1 + 95.04 / 12)
    // = 10.77 once corrected for 12, so 11 items.
    expect(preview.body.data).toEqual({ screeningCount: 12, annotators: 2, suggestedSampleSize: 11 });

    const created = await api('POST', `/manage/quality/projects/${projectId}/sampling`, admin, { scope: { kind: 'batch', batchId }, rule: { by: 'count', count: 4 } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    firstTask = created.body.data.taskId;

    // The stored seed and the scope's finished items draw the same sample again, and every annotator is in it.
    const rows = await platform.database.db
      .selectFrom('events')
      .select('data')
      .where('stream_id', '=', `sampling-${firstTask}`)
      .where('type', '=', 'SamplingTaskCreated')
      .execute();
    const drawn = rows[0].data as { seed: number; sampleSize: number; sample: SampleScopeItem[]; screeningCount: number };
    const scope: SampleScopeItem[] = await platform.database.db
      .selectFrom('items')
      .select(['item_id as itemId', 'annotator_id as annotatorId', 'result_version as resultVersion'])
      .where('batch_id', '=', batchId)
      .where('status', '=', 'finished')
      .execute() as SampleScopeItem[];
    expect(drawn.screeningCount).toBe(12);
    expect(drawSample(scope, drawn.sampleSize, drawn.seed).sample).toEqual(drawn.sample);
    expect(new Set(drawn.sample.map((s) => s.annotatorId))).toEqual(new Set([ids.a1, ids.a2]));

    const page = await task(firstTask);
    expect(page.task).toMatchObject({
      taskId: firstTask,
      projectId,
      sequence: 1,
      scope: { kind: 'batch', batchId, batchName: 'Demo batch 1' },
      rule: { by: 'count', count: 4 },
      passThreshold: 95,
      status: 'open',
      round: 1,
      screeningCount: 12,
      sampleCount: 4,
      judgedCount: 0,
      rounds: [],
      createdBy: { id: expect.any(String), name: expect.any(String) },
    });
    expect(page.sample.map((s: { itemId: string }) => s.itemId)).toEqual(drawn.sample.map((s) => s.itemId));
    expect(page.annotators.map((a: { annotator: { name: string }; inScope: number }) => [a.annotator.name, a.inScope])).toEqual([
      ['Annotator One', 6],
      ['Annotator Two', 6],
    ]);
    expect(page.allowed).toEqual(['sampling.claim']);
    const listed = await api('GET', `/manage/quality/projects/${projectId}/sampling`, admin);
    expect(listed.body.data.items.map((t: { taskId: string }) => t.taskId)).toEqual([firstTask]);

    const [one, two] = await Promise.all([api('POST', `/manage/quality/sampling/${firstTask}/claim`, tokens.i1), api('POST', `/manage/quality/sampling/${firstTask}/claim`, tokens.i2)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.data.itemId).not.toBe(two.body.data.itemId);
    // A claim while holding an unjudged item hands that item back.
    expect((await api('POST', `/manage/quality/sampling/${firstTask}/claim`, tokens.i1)).body.data.itemId).toBe(one.body.data.itemId);
    const mine = (await api('GET', '/manage/quality/sampling/mine', tokens.i1)).body.data.items;
    expect(mine).toEqual([{ taskId: firstTask, projectId, projectName: expect.any(String), round: 1, sampleCount: 4, judgedCount: 0, unclaimed: 2, mine: [one.body.data.itemId] }]);
    const inspectorPage = await task(firstTask, tokens.i1);
    expect(inspectorPage.allowed).toEqual(['sampling.claim', 'sampling.release', 'sampling.judge']);
    expect(inspectorPage.sample.find((s: { itemId: string }) => s.itemId === one.body.data.itemId).claimer).toEqual({ id: ids.i1, name: 'Inspector One' });

    // The second inspector gives its item back; the first fails its item with a mark.
    expect((await api('POST', `/manage/quality/sampling/${firstTask}/items/${two.body.data.itemId}/release`, tokens.i2)).status).toBe(200);
    failedItem = one.body.data.itemId;
    const failed = await api('POST', `/manage/quality/sampling/${firstTask}/items/${failedItem}/judge`, tokens.i1, { verdict: 'fail', marks: [mark('box too loose')] });
    expect(failed.body.data).toMatchObject({ status: 'open', round: 1 });
  });

  it('returns the failed items of a round below the threshold for rework, with their marks, in the same transaction', async () => {
    const closed = await judgeRound(firstTask, () => false);
    expect(closed).toEqual({ status: 'returned_for_rework', round: 1 });

    const returned = await item(failedItem);
    expect(returned).toMatchObject({ status: 'waiting', linkId: links[0].id, rework: true });
    const history = (await api('GET', `/manage/items/${failedItem}/history`, admin)).body.data as { type: string; data: Record<string, unknown> }[];
    expect(history.at(-1)).toMatchObject({ type: 'ItemReturned', data: { gate: 'sampling', gateId: firstTask, marks: [expect.objectContaining({ errorGroupId, comment: 'box too loose' })] } });
    const rows = await platform.database.db.selectFrom('events').select(['stream_id', 'tx_id']).where('type', 'in', ['SamplingScopeReturned', 'ItemReturned']).execute();
    expect(new Set(rows.map((r) => r.tx_id)).size).toBe(1);

    const page = await task(firstTask);
    expect(page.task).toMatchObject({ status: 'returned_for_rework', judgedCount: 4, passedCount: 3 });
    expect(page.task.rounds).toEqual([{ round: 1, screeningCount: 12, sampleSize: 4, judged: 4, passed: 3, passRate: 0.75, interval: { low: expect.any(Number), high: expect.any(Number) } }]);
    expect(page.task.rounds[0].interval.low).toBeLessThan(0.75);
    expect(page.task.rounds[0].interval.high).toBeGreaterThan(0.75);
    expect(page.errors).toEqual([{ errorGroupId, groupName: 'Demo box errors', value: 'loose box', count: 1 }]);
    expect(page.annotators.reduce((n: number, a: { judged: number }) => n + a.judged, 0)).toBe(4);
    expect(page.allowed).toEqual(['sampling.start_round']);
  });

  it('starts the next round only once the returned items have finished again, and passes the batch', async () => {
    const early = await api('POST', `/manage/quality/sampling/${firstTask}/rounds`, admin, undefined, en);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ errCode: 'ITEM_REFUSED', message: '1 returned item has not finished its rework yet' });
    const earlyZh = await api('POST', `/manage/quality/sampling/${firstTask}/rounds`, admin);
    expect(earlyZh.body.message).toBe('还有 1 条退回数据未完成返工');

    await rework([failedItem]);
    const started = await api('POST', `/manage/quality/sampling/${firstTask}/rounds`, admin);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data.round).toBe(2);
    expect(await judgeRound(firstTask, () => false)).toEqual({ status: 'passed', round: 2 });
    const page = await task(firstTask);
    expect(page.task.rounds.map((r: { round: number; passRate: number }) => [r.round, r.passRate])).toEqual([
      [1, 0.75],
      [2, 1],
    ]);
    expect(page.allowed).toEqual([]);
  });

  it('holds a task after its fourth failed round, and the PM returns its failed items', async () => {
    const created = await api('POST', `/manage/quality/projects/${projectId}/sampling`, admin, { scope: { kind: 'batch', batchId }, rule: { by: 'ratio', ratio: 20 } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const taskId = created.body.data.taskId;
    expect((await task(taskId)).task).toMatchObject({ sequence: 2, sampleCount: 3, rule: { by: 'ratio', ratio: 20 } });
    for (let round = 1; round <= 4; round++) {
      const failed: string[] = [];
      const closed = await judgeRound(taskId, (itemId, i) => i === 0 && failed.push(itemId) > 0);
      expect(closed).toEqual({ status: round < 4 ? 'returned_for_rework' : 'held', round });
      if (round === 4) {
        expect((await item(failed[0])).status).toBe('finished');
        break;
      }
      await rework(failed);
      expect((await api('POST', `/manage/quality/sampling/${taskId}/rounds`, admin)).body.data.round).toBe(round + 1);
    }
    expect((await task(taskId)).allowed).toEqual(['sampling.decide']);
    const { sample } = await task(taskId);
    const failedLast = sample.filter((s: { verdict: string }) => s.verdict === 'fail').map((s: { itemId: string }) => s.itemId);

    const decided = await api('POST', `/manage/quality/sampling/${taskId}/decide`, admin, { decision: 'return' });
    expect(decided.body.data).toMatchObject({ status: 'decided' });
    for (const itemId of failedLast) expect(await item(itemId)).toMatchObject({ status: 'waiting', rework: true });
    expect((await task(taskId)).task.rounds).toHaveLength(4);
  });

  it('refuses in the caller\'s language: unreasonable quantities, an empty scope, foreign claims and verdicts, and the wrong moment', async () => {
    const refused = async (method: string, path: string, token: string, body: unknown, status: number, errCode: string, zh: string, english: string) => {
      const inZh = await api(method, path, token, body);
      const inEn = await api(method, path, token, body, en);
      expect({ status: inZh.status, errCode: inZh.body.errCode, zh: inZh.body.message, en: inEn.body.message }).toEqual({ status, errCode, zh, en: english });
      return inEn.body;
    };
    const make = `/manage/quality/projects/${projectId}/sampling`;
    const tooMany = await refused('POST', make, admin, { scope: { kind: 'batch', batchId }, rule: { by: 'count', count: 99 } }, 400, 'VALIDATION_FAILED', '请输入合理的抽检数量', 'Please enter a reasonable sampling quantity');
    expect(tooMany.data.fields).toEqual([{ field: 'rule', message: 'Please enter a reasonable sampling quantity' }]);
    await refused('POST', make, admin, { scope: { kind: 'batch', batchId }, rule: { by: 'ratio', ratio: 0 } }, 400, 'VALIDATION_FAILED', '请输入合理的抽检数量', 'Please enter a reasonable sampling quantity');
    const ratio = await refused('POST', make, admin, { scope: { kind: 'batch', batchId }, rule: { by: 'ratio', ratio: 101 } }, 400, 'VALIDATION_FAILED', '参数校验失败', 'Validation failed');
    expect(ratio.data.fields).toEqual([{ field: 'rule.ratio', message: 'Please enter a reasonable sampling quantity' }]);
    await refused('GET', `${make}/preview`, admin, undefined, 400, 'VALIDATION_FAILED', '参数校验失败', 'Validation failed');

    // What the last link finished since the previous task over it; then nothing more until more finishes.
    const overLink = await api('POST', make, admin, { scope: { kind: 'link', linkId: links[1].id }, rule: { by: 'count', count: 1 } });
    expect(overLink.status, JSON.stringify(overLink.body)).toBe(200);
    const linkTask = (await task(overLink.body.data.taskId)).task;
    expect(linkTask.scope).toMatchObject({ kind: 'link', linkId: links[1].id, since: null });
    await refused('POST', make, admin, { scope: { kind: 'link', linkId: links[1].id }, rule: { by: 'count', count: 1 } }, 409, 'ITEM_REFUSED', '该范围内没有可抽检的已完成数据', 'There is no finished data in this scope to sample');
    // The batch's items are in that open task now.
    await refused('POST', make, admin, { scope: { kind: 'batch', batchId }, rule: { by: 'count', count: 1 } }, 409, 'ITEM_REFUSED', '该范围内没有可抽检的已完成数据', 'There is no finished data in this scope to sample');

    const taskId = overLink.body.data.taskId;
    const base = `/manage/quality/sampling/${taskId}`;
    const held: string = (await api('POST', `${base}/claim`, tokens.i1)).body.data.itemId;
    await refused('POST', `${base}/claim`, tokens.i2, undefined, 409, 'ITEM_REFUSED', '数据未领取成功，原则上不会出现此情况，请联系管理员！', 'The data has not been claimed successfully, in principle this does not happen, please contact the administrator!');
    await refused('POST', `${base}/items/${held}/judge`, tokens.i2, { verdict: 'pass', marks: [] }, 409, 'ITEM_REFUSED', '该数据不是您领取的', 'This data is not claimed by you');
    await refused('POST', `${base}/items/${held}/judge`, tokens.i1, { verdict: 'fail', marks: [] }, 409, 'ITEM_REFUSED', '驳回前请至少标记一个错误', 'Please mark at least one error before rejecting');
    await refused('POST', `${base}/items/${failedItem === held ? randomUUID() : failedItem}/judge`, tokens.i1, { verdict: 'pass', marks: [] }, 409, 'ITEM_REFUSED', '该数据不在本轮抽检样本中', 'This data is not in the sample of this round');
    // What is allowed is what the caller may do: the PM may take the inspector's claim back.
    await refused('POST', `${base}/decide`, admin, { decision: 'accept' }, 409, 'INVALID_TRANSITION', '当前状态“进行中”不允许操作“裁定抽检任务”，允许的操作：释放样本', '"decide the sampling task" is not allowed while "open"; allowed: release a sample item');
    expect((await api('POST', `${base}/items/${held}/judge`, tokens.i1, { verdict: 'pass', marks: [] })).body.data).toEqual({ version: expect.any(String), status: 'passed', round: 1 });
    await refused('POST', `${base}/items/${held}/judge`, tokens.i1, { verdict: 'pass', marks: [] }, 409, 'INVALID_TRANSITION', '当前状态“已通过”不允许操作“判定样本”，允许的操作：-', '"judge a sample item" is not allowed while "passed"; allowed: -');
    await refused('POST', `${base}/rounds`, admin, undefined, 409, 'INVALID_TRANSITION', '当前状态“已通过”不允许操作“开始新一轮抽检”，允许的操作：-', '"start a sampling round" is not allowed while "passed"; allowed: -');

    // Who may not: an annotator is no inspector of the project, a tagger no manager, a client neither; unknown is unknown.
    const notInspector = '只有项目最后一个环节的质检员和项目经理可以抽检';
    await refused('POST', `${base}/claim`, tokens.a1, undefined, 403, 'FORBIDDEN', notInspector, 'Only managers and the inspectors on the last link of this project may inspect its samples');
    await refused('GET', base, tokens.a1, undefined, 403, 'FORBIDDEN', notInspector, 'Only managers and the inspectors on the last link of this project may inspect its samples');
    await refused('POST', make, tokens.i1, { scope: { kind: 'batch', batchId }, rule: { by: 'count', count: 1 } }, 403, 'FORBIDDEN', '没有权限：只有管理员和项目经理可以执行此操作', 'Not allowed: only the admin and PM may do this');
    await refused('POST', `${base}/rounds`, tokens.i1, undefined, 403, 'FORBIDDEN', '没有权限：只有管理员和项目经理可以执行此操作', 'Not allowed: only the admin and PM may do this');
    await refused('GET', `${make}`, tokens.i1, undefined, 403, 'FORBIDDEN', '没有权限：只有管理员和项目经理可以执行此操作', 'Not allowed: only the admin and PM may do this');
    await refused('GET', base, tokens.client, undefined, 403, 'FORBIDDEN', '没有权限：只有管理员、项目经理和标注员可以执行此操作', 'Not allowed: only the admin, PM, and tagger may do this');
    const unknown = randomUUID();
    await refused('GET', `/manage/quality/sampling/${unknown}`, admin, undefined, 404, 'NOT_FOUND', `未找到抽检任务：${unknown}`, `Sampling task not found: ${unknown}`);
  });

  it('rebuilds the sampling tables and the items it returned identically on replay', async () => {
    expect(await replayVerifies(platform)).toEqual({ code: 0, differences: [] });
  });
});
