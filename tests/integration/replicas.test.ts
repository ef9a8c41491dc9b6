// Two APIs and two workers side by side on one PostgreSQL, one Redis and one S3-compatible store (an S3 emulator),
// as replicas run behind a load balancer: what one API or worker does, the other sees, and nothing is done twice;
// a worker killed outright leaves its job to the other.
import type { ChildProcess } from 'node:child_process';
import { Queue } from 'bullmq';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProducerRedis, jobQueue, JobName, type ObjectStoreConfig } from '@annot/core';
import type { ExportView } from '@annot/workflows';
import { demoToolStep, seedDemoCatalog } from '../../scripts/src/seed-demo-catalog';
import { png, upload, zipOf } from '../support/batches';
import { boxResult } from '../support/demo';
import { listenToJobs, type StreamedEvent } from '../support/job-stream';
import { call, eventually, startPlatform, type Platform } from '../support/platform';
import { replayVerifies } from '../support/replay';
import { startS3Server, type S3Server } from '../support/s3-bucket';
import { exitOf, servicesBuilt, startWorkerOf } from '../support/service-process';
import { signInAdmin } from '../support/sign-in';
import { ok, person, projectBasics, publishProject, startWorkedProject, type WorkedProject } from '../support/worked-project';
import { zipEntries } from '../support/zip-entries';

/** The settings of an S3 emulator's bucket, as every replica is given them. */
const bucketOf = (s3: S3Server, bucket: string): ObjectStoreConfig => ({
  endpoint: s3.endpoint,
  region: 'us-east-1',
  bucket,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
  forcePathStyle: true,
});

describe('replicas side by side', () => {
  let s3: S3Server;
  let project: WorkedProject;
  /** The first API and worker (the worked project's) and the second, on the same database, Redis prefix and bucket. */
  let apis: [Platform, Platform];

  beforeAll(async () => {
    await servicesBuilt();
    s3 = await startS3Server('replica-store');
    const store = bucketOf(s3, 'replica-store');
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
    const [itemId] = (await ok<{ items: string[] }>(one, 'POST', `/manage/items/links/${links.annotation}/claims`, tagger.token, { count: 1 })).items;
    await ok(two, 'PUT', `/manage/items/${itemId}/result`, tagger.token, { result: boxResult(toolId) });
    await ok(one, 'POST', `/manage/items/${itemId}/submit`, tagger.token);
    const inspected = (await ok<{ items: string[] }>(two, 'POST', `/manage/items/links/${links.inspection}/claims`, inspector.token, { count: 1 })).items;
    expect(inspected).toEqual([itemId]);
    expect((await ok<{ status: string }>(one, 'POST', `/manage/items/${itemId}/pass`, inspector.token)).status).toBe('finished');
    // Both APIs read the same item, with the box saved through the second.
    for (const api of apis) {
      const item = await ok<{ status: string; objectCount: number }>(api, 'GET', `/manage/items/${itemId}`, project.admin);
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

// Enough pictures, written ten to a page, that the archive is still being written when its worker is killed.
const files = 800;

describe('a worker killed outright while another runs', () => {
  let s3: S3Server;
  let apis: [Platform, Platform];
  let workers: ChildProcess[] = [];
  let token: string;
  let projectId: string;
  let queue: Queue;

  beforeAll(async () => {
    await servicesBuilt();
    s3 = await startS3Server('replica-kill');
    const store = bucketOf(s3, 'replica-kill');
    const first = await startPlatform({ worker: false, config: { storageBucket: store } });
    const shared = { ...first.database, close: async () => undefined, drop: async () => undefined };
    apis = [first, await startPlatform({ worker: false, database: shared, config: { storageBucket: store, redisPrefix: first.config.redisPrefix } })];
    // The two workers are processes of their own, so one of them can be killed as a crash or an evicted pod ends it.
    workers = [0, 1].map(() => startWorkerOf(first, { EXPORT_PAGE_SIZE: '10' }));
    queue = new Queue(jobQueue, { connection: createProducerRedis(first.config.redisUrl), prefix: first.config.redisPrefix });
    await eventually(() => queue.getWorkersCount(), (n) => n === 2, 60_000);
    token = await signInAdmin(first);
    // A project published through the API, as a PM makes it.
    const catalog = await seedDemoCatalog(async (method, path, body, as) => (await call(first, method, path, { body, token: as })).body, token);
    const tagger = await person(first, token, '40', 'Annotating Tagger');
    const permissions = { inspectorMayModify: false, repairAfterAcceptance: false, reacceptPassed: false };
    ({ projectId } = await publishProject(first, token, { basics: projectBasics(permissions), tools: demoToolStep(catalog), ruleId: catalog.ruleId, taggers: [tagger], inspectors: [] }));
    const batchId = (await call(apis[1], 'POST', `/manage/projects/${projectId}/batches`, { token, body: { name: 'Drive', priority: 1, uploadType: 'zip' } })).body.data.id;
    const zip = await zipOf(Array.from({ length: files }, (_, i) => ({ name: `frames/${String(i).padStart(5, '0')}.png`, content: png(64 + (i % 50), 48 + Math.floor(i / 50), i) })));
    expect((await upload(apis[1], token, batchId, [{ name: 'frames.zip', content: zip }])).status).toBe(200);
    await eventually(() => call(first, 'GET', `/manage/batches/${batchId}`, { token }).then((r) => r.body.data), (b) => b.items === files, 180_000);
  }, 300_000);
  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await queue?.close();
    await apis?.[1].stop();
    await apis?.[0].stop();
    await s3?.stop();
  });

  it('finishes on the other worker an export whose worker was killed, with every item of the database in the archive', async () => {
    const [one, two] = apis;
    const record = async (exportId: string) => (await call<ExportView>(one, 'GET', `/manage/exports/${exportId}`, { token })).body.data;
    const { exportId } = (await call(two, 'POST', `/manage/projects/${projectId}/exports`, { token, body: { format: 'coco', scope: { effectiveness: 'all' }, withMedia: true } })).body.data;
    await eventually(() => record(exportId), (r) => r.status === 'running', 60_000);
    // BullMQ names on the job the worker that holds it: that one is killed.
    const holder = await eventually(
      async () => (await queue.getJobs(['active'])).find((job) => job.name === JobName.Export && job.data.exportId === exportId)?.processedBy,
      (name) => name !== undefined,
    );
    const killed = workers.find((worker) => holder!.endsWith(`:${worker.pid}`))!;
    expect(killed).toBeDefined();
    killed.kill('SIGKILL');
    expect(await exitOf(killed)).toEqual({ code: null, signal: 'SIGKILL' });
    expect((await record(exportId)).status).toBe('running');

    const done = await eventually(() => record(exportId), (r) => r.status === 'succeeded' || r.status === 'failed', 180_000);
    expect(done).toMatchObject({ status: 'succeeded', items: files, attempts: 2 });
    // The one worker left, still running, finished it.
    expect(workers.find((worker) => worker !== killed)!.exitCode).toBeNull();
    expect(await queue.getWorkersCount()).toBe(1);

    // The archive, read through the other API, holds every item the database has for the project, each once.
    const archive = Buffer.from(await (await fetch(`${one.baseUrl}/manage/exports/${exportId}/download`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer());
    expect(archive.length).toBe(done.bytes);
    const entries = await zipEntries(archive);
    const registered = await sql<{ file_name: string }>`SELECT file_name FROM items WHERE project_id = ${projectId} ORDER BY file_name`.execute(one.database.db);
    const images = JSON.parse(entries.get('annotations/instances.json')!.toString('utf8')).images as { file_name: string }[];
    expect(images.map((image) => image.file_name.split('/').pop()).sort()).toEqual(registered.rows.map((row) => row.file_name.split('/').pop()));
    expect([...entries.keys()].filter((name) => name.endsWith('.png'))).toHaveLength(registered.rows.length);
  }, 300_000);

  it('rebuilds every projection from the events alone after the kill', async () => {
    expect(await replayVerifies(apis[0])).toEqual({ code: 0, differences: [] });
  }, 120_000);
});
