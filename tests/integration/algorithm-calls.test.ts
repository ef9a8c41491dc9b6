// Algorithm calls against a real model server: answers become starting results once each, the control group is held
// out by its stored draw, failures are reported per item, the endpoint's circuit opens and closes, and the analysis
// compares what annotators did with pre-annotated and held-out items. The admin calls; a PM keeps the registry and
// follows the calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStore } from '@annot/core';
import { type AlgorithmAnalysisView, type AlgorithmCallItemView, type AlgorithmCallView, type AlgorithmView, algorithmStreamId, inControlGroup } from '@annot/workflows';
import { boxResult } from '../support/demo';
import { type ModelServer, modelBox, startModelServer } from '../support/model-server';
import { createPerson } from '../support/people';
import { call, eventually } from '../support/platform';
import { signInInternal } from '../support/sign-in';
import { ok, startWorkedProject, type WorkedProject } from '../support/worked-project';

describe('algorithm calls', () => {
  let project: WorkedProject;
  let model: ModelServer;
  let algorithmId: string;
  let versionId: string;

  const start = (batch: number, controlGroupRatio = 0) =>
    ok<{ callId: string }>(project.platform, 'POST', '/manage/algorithm-calls', project.admin, {
      projectId: project.projectId,
      algorithmId,
      scope: { type: 'batch', batchId: project.dataBatches[batch].id },
      controlGroupRatio,
    });
  const callOf = (callId: string) => ok<AlgorithmCallView>(project.platform, 'GET', `/manage/algorithm-calls/${callId}`, project.admin);
  const until = (callId: string, accept: (c: AlgorithmCallView) => boolean) => eventually(() => callOf(callId), accept, 30_000);
  const itemsOf = async (callId: string, outcome?: string) =>
    (await ok<{ items: AlgorithmCallItemView[] }>(project.platform, 'GET', `/manage/algorithm-calls/${callId}/items?limit=100${outcome ? `&outcome=${outcome}` : ''}`, project.admin)).items;
  /** Saves the project's algorithm config: the algorithms it may call. */
  const configure = async (calls: unknown[]) => {
    const { basics } = await ok<{ basics: Record<string, unknown> }>(project.platform, 'GET', `/manage/projects/${project.projectId}`, project.admin);
    return call(project.platform, 'PUT', `/manage/projects/${project.projectId}/basics`, { token: project.admin, body: { ...basics, algorithmConfig: { calls, controlGroupRatio: 10 } } });
  };
  const resultOf = async (itemId: string) => (await ok<{ result: { version: number; result: { objects: unknown[] } } | null }>(project.platform, 'GET', `/manage/items/${itemId}`, project.admin)).result;

  beforeAll(async () => {
    model = await startModelServer({ slowMs: 1500 });
    project = await startWorkedProject({
      frames: [12, 6, 6, 6, 10, 2, 4],
      config: { algorithms: { chunkSize: 4, tries: 2, backoffMs: 20, circuitFailures: 3, circuitCooldownMs: 700, circuitOpenings: 2, mediaUrlSeconds: 60 } },
    });
    const registered = await ok<{ id: string }>(project.platform, 'POST', '/manage/algorithms', project.admin, {
      interfaceName: 'test-detector',
      nameZh: '测试检测器',
      nameEn: 'Test detector',
      developer: 'Tests',
      version: '1.0',
      endpoint: model.url,
      credentials: 'model-token-123',
      controlGroupRatio: 25,
      concurrency: 2,
      timeoutMs: 500,
    });
    algorithmId = registered.id;
    versionId = (await ok<{ versionId: string }>(project.platform, 'GET', `/manage/algorithms/${algorithmId}`, project.admin)).versionId;
    await configure([{ algorithmId, versionId: null, linkId: null, scoreThreshold: 0.5 }]);
  }, 180_000);
  afterAll(async () => {
    await project?.platform.stop();
    await model?.close();
  });

  it('keeps the credentials sealed: never answered, never in the log in clear, sent to the model as a bearer token', async () => {
    const answer = await call(project.platform, 'GET', `/manage/algorithms/${algorithmId}`, { token: project.admin });
    expect(answer.body.data).toMatchObject({ interfaceName: 'test-detector', hasCredentials: true, version: '1.0', enabled: true });
    expect(JSON.stringify(answer.body)).not.toContain('model-token-123');
    const { events } = await project.platform.api.get(EventStore).readStream(algorithmStreamId(algorithmId));
    expect(JSON.stringify(events)).not.toContain('model-token-123');
    expect(events.map((e) => e.type)).toEqual(['AlgorithmRegistered', 'AlgorithmVersionAdded']);
  });

  it('pre-annotates a batch once per item, holding out the control group its stored seed draws again', async () => {
    // Half held out, so both answered and held-out items are among the twelve to look at in all but one run in 2,000
    // (a quarter left the control group empty once in 31).
    const ratio = 50;
    const { callId } = await start(0, ratio);
    const done = await until(callId, (c) => c.status === 'finished');
    expect(done.items).toBe(12);
    expect(done.answered + done.control).toBe(12);
    expect(done.failed).toBe(0);
    // The object under the score threshold is left out: one object per answered item.
    expect(done.objects).toBe(done.answered);
    expect(done.latencyMs.p50).toEqual(expect.any(Number));

    const held = (await itemsOf(callId, 'control')).map((i) => i.itemId).sort();
    // Held out means never sent: the model was asked about every other item of the batch, each once, and no held one.
    const keys = [...model.requests].filter(([key]) => key.startsWith(callId));
    expect(keys).toHaveLength(done.answered);
    expect(keys.every(([, count]) => count === 1)).toBe(true);
    const asked = keys.map(([key]) => key.slice(callId.length + 1));
    expect(held).toHaveLength(done.control);
    expect([...held, ...asked].sort()).toEqual([...project.dataBatches[0].itemIds].sort());
    // The stored seed draws the same group again, by the draw control-group.test.ts pins to values worked out by hand.
    expect(held).toEqual(project.dataBatches[0].itemIds.filter((id) => inControlGroup(done.drawSeed, id, ratio)).sort());
    expect(model.mediaFetched).toBeGreaterThanOrEqual(done.answered);
    expect(model.authorizations).toEqual(new Set(['Bearer model-token-123']));

    const answered = (await itemsOf(callId, 'answered'))[0];
    const result = await resultOf(answered.itemId);
    expect(result?.result.objects).toEqual([expect.objectContaining({ keyframes: [expect.objectContaining({ shape: modelBox, source: 'algorithm' })] })]);
    const saved = await project.platform.database.db.selectFrom('item_results').select(['saved_by']).where('item_id', '=', answered.itemId).executeTakeFirstOrThrow();
    expect(saved.saved_by).toBe(versionId);
    expect(await resultOf(held[0])).toBeNull();
  });

  it('reports a malformed answer and an object outside the image per item, and writes nothing for them', async () => {
    for (const [mode, batch] of [['malformed', 1], ['outside', 2]] as const) {
      model.mode = mode;
      const { callId } = await start(batch);
      const done = await until(callId, (c) => c.status === 'finished');
      expect(done).toMatchObject({ items: 6, failed: 6, answered: 0 });
      const failed = await itemsOf(callId, 'failed');
      expect(failed.every((i) => i.reason && i.reason.length > 0)).toBe(true);
      for (const item of failed) expect(await resultOf(item.itemId)).toBeNull();
    }
    model.mode = 'good';
  });

  it('opens the circuit when the endpoint keeps answering 500, waits, and closes it when it answers again', async () => {
    model.mode = 'error';
    const { callId } = await start(3);
    const waiting = await until(callId, (c) => c.status === 'waiting');
    expect(waiting.reason).toMatch(/连续 3 条数据失败/);
    // Items already on their way when it opened are answered (here: failed) too; nothing more is sent.
    expect(waiting.failed).toBeGreaterThanOrEqual(3);
    expect(waiting.failed).toBeLessThanOrEqual(4);
    model.mode = 'good';
    const done = await until(callId, (c) => c.status === 'finished');
    expect(done.failed).toBe(waiting.failed);
    expect(done.answered).toBe(6 - waiting.failed);
  });

  it('stops a call whose endpoint stays down, and the admin restarts what was not sent', async () => {
    model.mode = 'hangup';
    const { callId } = await start(4);
    const stopped = await until(callId, (c) => c.status === 'stopped');
    expect(stopped.reason).toMatch(/调用已停止/);
    expect((await itemsOf(callId, 'failed'))[0].reason).toMatch(/无法连接模型服务/);
    model.mode = 'good';
    await ok(project.platform, 'POST', `/manage/algorithm-calls/${callId}/restart`, project.admin);
    const done = await until(callId, (c) => c.status === 'finished');
    expect(done.answered + done.failed).toBe(10);
    expect(done.answered).toBeGreaterThan(0);
    expect(done.pending).toBe(0);
  });

  it('fails an item whose answer takes longer than the algorithm’s timeout, after its retries', async () => {
    model.mode = 'slow';
    const { callId } = await start(5);
    const done = await until(callId, (c) => c.status === 'finished');
    expect(done).toMatchObject({ failed: 2, answered: 0 });
    expect((await itemsOf(callId, 'failed'))[0].reason).toMatch(/500 毫秒/);
    model.mode = 'good';
  });

  it('refuses what cannot be called, in the envelope, changing nothing', async () => {
    const { platform, admin, projectId, dataBatches } = project;
    const refused = async (method: string, path: string, body: unknown, status: number) => {
      const answer = await call(platform, method, path, { token: admin, body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body.message).toBeTruthy();
      return answer.body;
    };
    const before = (await ok<{ items: unknown[] }>(platform, 'GET', '/manage/algorithm-calls?limit=100', admin)).items.length;
    await refused('POST', '/manage/algorithm-calls', { projectId, algorithmId: '00000000-0000-4000-8000-000000000000', scope: { type: 'batch', batchId: dataBatches[6].id } }, 404);
    await refused('POST', '/manage/algorithm-calls', { projectId, algorithmId, scope: { type: 'link', linkId: project.links.inspection } }, 404);
    expect((await refused('POST', '/manage/algorithms', { interfaceName: 'test-detector', nameZh: 'x', nameEn: 'x', version: '1', endpoint: model.url }, 409)).errCode).toBe('ALGORITHM_REFUSED');
    await refused('POST', '/manage/algorithms', { interfaceName: 'other', nameZh: 'x', nameEn: 'x', version: '1', endpoint: 'ftp://model' }, 400);
    await refused('POST', `/manage/algorithms/${algorithmId}/versions`, { version: '1.0', endpoint: model.url }, 409);
    await ok(platform, 'POST', `/manage/algorithms/${algorithmId}/disable`, admin);
    expect((await refused('POST', '/manage/algorithm-calls', { projectId, algorithmId, scope: { type: 'batch', batchId: dataBatches[6].id } }, 409)).errCode).toBe('ALGORITHM_REFUSED');
    await ok(platform, 'POST', `/manage/algorithms/${algorithmId}/enable`, admin);
    expect((await ok<{ items: unknown[] }>(platform, 'GET', '/manage/algorithm-calls?limit=100', admin)).items).toHaveLength(before);

    // The project's config names registered algorithms and versions of theirs only, and is the project's switch.
    const unknown = { algorithmId: '00000000-0000-4000-8000-000000000000', versionId: null, linkId: null, scoreThreshold: 0.5 };
    const badAlgorithm = await configure([unknown]);
    expect(badAlgorithm.status).toBe(400);
    expect(badAlgorithm.body.data.fields).toEqual([expect.objectContaining({ field: 'algorithmConfig.calls.0.algorithmId' })]);
    expect((await configure([{ ...unknown, algorithmId, versionId: '00000000-0000-4000-8000-000000000000' }])).status).toBe(400);
    expect((await configure([])).status).toBe(200);
    const off = await refused('POST', '/manage/algorithm-calls', { projectId, algorithmId, scope: { type: 'batch', batchId: dataBatches[6].id } }, 409);
    expect(off.message).toContain('项目');
    expect((await configure([{ ...unknown, algorithmId, versionId, scoreThreshold: 0.8 }])).status).toBe(200);
  });

  it('lets a PM register, edit, version and switch algorithms and follow the calls, and keeps calling to the admin', async () => {
    const { platform, admin, projectId, dataBatches } = project;
    await createPerson(platform, admin, { role: '10', name: 'Call PM', account: 'call-pm@example.com', email: 'call-pm@example.com', password: 'Manage@123' });
    const pm = await signInInternal(platform, 'call-pm@example.com', 'Manage@123');

    const { id } = await ok<{ id: string }>(platform, 'POST', '/manage/algorithms', pm, { interfaceName: 'pm-detector', nameZh: '项目经理检测器', nameEn: 'PM detector', version: '1', endpoint: model.url });
    const registered = await ok<AlgorithmView>(platform, 'GET', `/manage/algorithms/${id}`, pm);
    await ok(platform, 'PUT', `/manage/algorithms/${id}`, pm, { nameZh: registered.nameZh, nameEn: 'PM detector, tuned', concurrency: 3 });
    await ok(platform, 'POST', `/manage/algorithms/${id}/versions`, pm, { version: '2', endpoint: model.url });
    await ok(platform, 'POST', `/manage/algorithms/${id}/disable`, pm);
    await ok(platform, 'POST', `/manage/algorithms/${id}/enable`, pm);
    expect(await ok<AlgorithmView>(platform, 'GET', `/manage/algorithms/${id}`, pm)).toMatchObject({ nameEn: 'PM detector, tuned', concurrency: 3, version: '2', enabled: true });

    // The PM reads every call, its items and the analysis, the same as the admin.
    const calls = (await ok<{ items: AlgorithmCallView[] }>(platform, 'GET', `/manage/algorithm-calls?projectId=${projectId}&limit=100`, pm)).items;
    expect(calls.map((c) => c.id)).toEqual((await ok<{ items: AlgorithmCallView[] }>(platform, 'GET', `/manage/algorithm-calls?projectId=${projectId}&limit=100`, admin)).items.map((c) => c.id));
    const [latest] = calls;
    expect(await ok<AlgorithmCallView>(platform, 'GET', `/manage/algorithm-calls/${latest.id}`, pm)).toMatchObject({ id: latest.id, status: latest.status });
    expect((await ok<{ items: AlgorithmCallItemView[] }>(platform, 'GET', `/manage/algorithm-calls/${latest.id}/items?limit=100`, pm)).items).toHaveLength(latest.items);
    expect((await ok<AlgorithmAnalysisView>(platform, 'GET', `/manage/algorithms/${algorithmId}/analysis`, pm)).algorithm.id).toBe(algorithmId);

    // Starting, stopping and restarting are the admin's: 403 whatever the call's state, and nothing changes.
    const refused = async (path: string, body?: unknown) => {
      const answer = await call(platform, 'POST', path, { token: pm, body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(403);
      expect(answer.body).toMatchObject({ code: 403, errCode: 'FORBIDDEN' });
      expect(answer.body.message).toBeTruthy();
    };
    await refused('/manage/algorithm-calls', { projectId, algorithmId, scope: { type: 'batch', batchId: dataBatches[6].id } });
    await refused(`/manage/algorithm-calls/${latest.id}/stop`);
    await refused(`/manage/algorithm-calls/${latest.id}/restart`);
    const after = (await ok<{ items: AlgorithmCallView[] }>(platform, 'GET', `/manage/algorithm-calls?projectId=${projectId}&limit=100`, admin)).items;
    expect(after.map((c) => [c.id, c.status])).toEqual(calls.map((c) => [c.id, c.status]));
  });

  it('compares what annotators kept of the answers with what they drew on the control group’s items', async () => {
    const { platform, tagger, inspector, links, toolId } = project;
    const { callId } = await start(6, 50);
    await until(callId, (c) => c.status === 'finished');
    const calls = (await ok<{ items: AlgorithmCallView[] }>(platform, 'GET', `/manage/algorithm-calls?algorithmId=${algorithmId}&limit=100`, project.admin)).items;
    const answered = calls.reduce((sum, c) => sum + c.answered, 0);
    const control = calls.reduce((sum, c) => sum + c.control, 0);
    // The tagger keeps the model's box where there is one and draws one where there is none.
    const claimed = (await ok<{ items: string[] }>(platform, 'POST', `/manage/items/links/${links.annotation}/claims`, tagger.token, { count: 100 })).items;
    for (const itemId of claimed) {
      const started = await resultOf(itemId);
      const result = started ? started.result : boxResult(toolId, { x: 60, y: 40 });
      await ok(platform, 'PUT', `/manage/items/${itemId}/result`, tagger.token, { result });
      await ok(platform, 'POST', `/manage/items/${itemId}/submit`, tagger.token);
    }
    const inspected = (await ok<{ items: string[] }>(platform, 'POST', `/manage/items/links/${links.inspection}/claims`, inspector.token, { count: 100 })).items;
    for (const itemId of inspected) await ok(platform, 'POST', `/manage/items/${itemId}/pass`, inspector.token);

    const analysis = await eventually(
      () => ok<AlgorithmAnalysisView>(platform, 'GET', `/manage/algorithms/${algorithmId}/analysis`, project.admin),
      (a) => a.versions[0]?.answered.inspected === answered && a.versions[0]?.control.inspected === control,
      30_000,
    );
    const [effect] = analysis.versions;
    expect(effect.version).toBe('1.0');
    expect(effect.answered).toMatchObject({ items: answered, kept: { mean: 1 }, added: { mean: 0 }, deleted: { mean: 0 }, passRate: { rate: 1 } });
    expect(effect.control).toMatchObject({ items: control, kept: { mean: 0 }, added: { mean: 1 }, passRate: { rate: 1 } });
    expect(effect.answered.annotationSeconds.mean).toEqual(expect.any(Number));
    expect(analysis.calls.map((c) => c.id)).toContain(callId);
  });
});
