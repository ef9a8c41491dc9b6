// Two APIs and two workers side by side on one PostgreSQL, one Redis and one S3-compatible store (an S3 emulator),
// as replicas run behind a load balancer: what one API or worker does, the other sees, and nothing is done twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStoreConfig } from '@annot/core';
import type { ExportView } from '@annot/workflows';
import { boxResult } from '../support/demo';
import { listenToJobs, type StreamedEvent } from '../support/job-stream';
import { call, eventually, startPlatform, type Platform } from '../support/platform';
import { replayVerifies } from '../support/replay';
import { startS3Server, type S3Server } from '../support/s3-server';
import { ok, startWorkedProject, type WorkedProject } from '../support/worked-project';

describe('replicas side by side', () => {
  let s3: S3Server;
  let project: WorkedProject;
  /** The first API and worker (the worked project's) and the second, on the same database, Redis prefix and bucket. */
  let apis: [Platform, Platform];

  beforeAll(async () => {
    s3 = await startS3Server('replica-store');
    const store: ObjectStoreConfig = { endpoint: s3.endpoint, region: 'us-east-1', bucket: 'replica-store', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
    project = await startWorkedProject({ frames: [4], config: { storageBucket: store } });
    const first = project.platform;
    // The first platform's database, which the first platform drops at the end.
    const shared = { ...first.database, close: async () => undefined, drop: async () => undefined };
    apis = [first, await startPlatform({ database: shared, config: { storageBucket: store, redisPrefix: first.config.redisPrefix } })];
  }, 180_000);
  afterAll(async () => {
    await apis?.[1].stop();
    await project?.platform.stop();
    await s3?.stop();
  });

  it('works one item through annotation and inspection, each step through the other API than the last', async () => {
    const [one, two] = apis;
    const { links, tagger, inspector, toolId } = project;
    const [itemId] = (await ok<{ items: string[] }>(one, 'POST', `/manage/tasks/links/${links.annotation}/claims`, tagger.token, { count: 1 })).items;
    await ok(two, 'PUT', `/manage/tasks/items/${itemId}/result`, tagger.token, { result: boxResult(toolId) });
    await ok(one, 'POST', `/manage/tasks/items/${itemId}/submit`, tagger.token);
    const inspected = (await ok<{ items: string[] }>(two, 'POST', `/manage/tasks/links/${links.inspection}/claims`, inspector.token, { count: 1 })).items;
    expect(inspected).toEqual([itemId]);
    expect((await ok<{ status: string }>(one, 'POST', `/manage/tasks/items/${itemId}/pass`, inspector.token)).status).toBe('finished');
    // Both APIs read the same item, with the box saved through the second.
    for (const api of apis) {
      const item = await ok<{ status: string; objectCount: number }>(api, 'GET', `/manage/tasks/items/${itemId}`, project.admin);
      expect(item).toMatchObject({ status: 'finished', objectCount: 1 });
    }
  });

  it('answers the same Idempotency-Key once, whichever API each copy reaches', async () => {
    const headers = { 'idempotency-key': 'replica-batch-1' };
    const body = { name: 'Once only', priority: 1, uploadType: 'zip' };
    const answers = await Promise.all(apis.map((api) => call(api, 'POST', `/manage/projects/${project.projectId}/batches`, { token: project.admin, body, headers })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[1].body.data.id).toBe(answers[0].body.data.id);
    const batches = await ok<{ name: string }[]>(apis[1], 'GET', `/manage/projects/${project.projectId}/batches`, project.admin);
    expect(batches.filter((batch) => batch.name === 'Once only')).toHaveLength(1);
  });

  it('streams to a client of the first API the progress of an export asked for through the second, and keeps the archive in the bucket for both', async () => {
    const [one, two] = apis;
    let exportId = '';
    const completed = (events: StreamedEvent[]) => events.some((e) => e.event === 'completed' && e.data.subject?.id === exportId);
    const stream = await listenToJobs(one, project.admin, completed);
    exportId = (await ok<{ exportId: string }>(two, 'POST', `/manage/projects/${project.projectId}/exports`, project.admin, { format: 'coco', withMedia: true })).exportId;
    expect(completed(await stream.done)).toBe(true);
    const record = await eventually(
      () => ok<ExportView>(one, 'GET', `/manage/exports/${exportId}`, project.admin),
      (view) => view.status === 'succeeded',
    );
    const downloads = await Promise.all(
      apis.map(async (api) => Buffer.from(await (await fetch(`${api.baseUrl}/manage/exports/${exportId}/download`, { headers: { authorization: `Bearer ${project.admin}` } })).arrayBuffer())),
    );
    expect(downloads[0].length).toBe(record.bytes);
    expect(downloads[1].equals(downloads[0])).toBe(true);
  }, 120_000);

  it('rebuilds every projection the two wrote from the events alone', async () => {
    expect(await replayVerifies(apis[0])).toEqual({ code: 0, differences: [] });
  });
});
