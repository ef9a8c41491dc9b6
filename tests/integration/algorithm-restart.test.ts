// An algorithm call to a stub model server whose worker process is killed outright mid-chunk: a worker started again
// sends what was left, and no item gets the algorithm's result twice. A private deployment has no algorithms at all.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlgorithmCallView } from '@annot/workflows';
import { type ModelServer, startModelServer } from '../support/model-server';
import { call, eventually, startPlatform } from '../support/platform';
import { servicesBuilt, startWorkerOf } from '../support/service-process';
import { signInAdmin } from '../support/sign-in';
import { ok, startWorkedProject, type WorkedProject } from '../support/worked-project';

describe('an algorithm call whose worker is killed', () => {
  let project: WorkedProject;
  let model: ModelServer;
  let worker: ChildProcess | null = null;
  const startWorker = () => startWorkerOf(project.platform, { PUBLIC_URL: project.platform.config.publicUrl, ALGORITHM_CHUNK_SIZE: '4' });

  beforeAll(async () => {
    await servicesBuilt();
    model = await startModelServer({ delayMs: 150 });
    project = await startWorkedProject({ frames: [16] });
    // The in-process worker imported the batch; from here a worker process of its own does the calls.
    await project.platform.worker!.close();
    project.platform.worker = null;
    worker = startWorker();
  }, 180_000);
  afterAll(async () => {
    worker?.kill('SIGKILL');
    await project?.platform.stop();
    await model?.close();
  });

  it('sends what was left after a restart and writes each item’s answer once', async () => {
    const { platform, admin, projectId, dataBatches } = project;
    const algorithm = await ok<{ id: string }>(platform, 'POST', '/manage/algorithms', admin, {
      interfaceName: 'slow-detector',
      nameZh: '慢速检测器',
      nameEn: 'Slow detector',
      version: '1',
      endpoint: model.url,
      concurrency: 1,
      timeoutMs: 5000,
    });
    const { basics } = await ok<{ basics: Record<string, unknown> }>(platform, 'GET', `/manage/projects/${projectId}`, admin);
    const algorithmConfig = { calls: [{ algorithmId: algorithm.id, versionId: null, linkId: null, scoreThreshold: 0.5 }], controlGroupRatio: 0 };
    await ok(platform, 'PUT', `/manage/projects/${projectId}/basics`, admin, { ...basics, algorithmConfig });
    const { callId } = await ok<{ callId: string }>(platform, 'POST', '/manage/algorithm-calls', admin, { projectId, algorithmId: algorithm.id, scope: { type: 'batch', batchId: dataBatches[0].id }, controlGroupRatio: 0 });
    const callOf = () => ok<AlgorithmCallView>(platform, 'GET', `/manage/algorithm-calls/${callId}`, admin);
    await eventually(callOf, (c) => c.answered >= 4, 60_000);
    worker!.kill('SIGKILL');
    await new Promise((resolve) => worker!.once('exit', resolve));
    const cut = await callOf();
    expect(cut.status).toBe('running');
    expect(cut.answered).toBeLessThan(16);

    worker = startWorker();
    const done = await eventually(callOf, (c) => c.status === 'finished', 90_000);
    expect(done.answered).toBe(16);
    const saves = await platform.database.db
      .selectFrom('events')
      .select(['stream_id'])
      .where('type', '=', 'ResultSaved')
      .where(({ eb }) => eb('stream_id', 'in', dataBatches[0].itemIds.map((id) => `item-${id}`)))
      .execute();
    expect(saves).toHaveLength(16);
    expect(new Set(saves.map((s) => s.stream_id)).size).toBe(16);
  });
});

describe('algorithms in a private deployment', () => {
  it('are gone: the registry, calls and media answer 404 and the menu leaves them out', async () => {
    const platform = await startPlatform({ worker: false, config: { privateDeployment: true } });
    try {
      const token = await signInAdmin(platform);
      for (const [method, path] of [
        ['GET', '/manage/algorithms'],
        ['POST', '/manage/algorithms'],
        ['GET', '/manage/algorithm-calls'],
        ['GET', '/manage/algorithm-media/00000000-0000-4000-8000-000000000000?expires=1&signature=00'],
      ]) {
        const answer = await call(platform, method, path, { token, body: method === 'POST' ? {} : undefined });
        expect(answer.status, `${method} ${path}`).toBe(404);
      }
      const menu = await call(platform, 'GET', '/manage/project/wordlistByRole', { token });
      expect(menu.status).toBe(200);
      expect(JSON.stringify(menu.body.data.menu)).not.toContain('/algorithm');
    } finally {
      await platform.stop();
    }
  });
});
