// An export whose worker process is killed outright mid-archive, or told to stop: nothing half-written appears at the
// destination, and a worker started again writes the whole archive; a download is removed once its retention days are up.
import type { ChildProcess } from 'node:child_process';
import { access, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportView } from '@annot/workflows';
import { png, seedProject, upload, zipOf } from '../support/batches';
import { call, eventually, startPlatform, type Platform } from '../support/platform';
import { cleanStop, servicesBuilt, startWorkerOf, terminate } from '../support/service-process';
import { signInAdmin } from '../support/sign-in';
import { zipEntries } from '../support/zip-entries';

const files = 1500;

describe('an export whose worker is killed', () => {
  let platform: Platform;
  let token: string;
  let root: string;
  let projectId: string;
  let worker: ChildProcess | null = null;

  // Small pages, so the archive is still being written when the worker is killed or stopped; a retention day of a
  // second; running jobs given a fifth of a second to finish when the worker is told to stop, unless a test says otherwise.
  const startWorker = (stopGraceMs = 200): ChildProcess =>
    startWorkerOf(platform, { EXPORT_PAGE_SIZE: '10', EXPORT_DAY_MS: '1000', EXPORT_RETENTION_DAYS: '2', JOB_STOP_GRACE_MS: String(stopGraceMs) });
  /** The export's end, once a worker has written it, and the archive's pictures and images checked whole. */
  const wholeArchive = async (exportId: string, folder: string): Promise<ExportView> => {
    const done = await eventually(() => record(exportId), (r) => r.status === 'succeeded' || r.status === 'failed', 120_000);
    expect(done).toMatchObject({ status: 'succeeded', items: files, attempts: 2 });
    const entries = await zipEntries(await readFile(path.join(platform.config.exportRoot, folder, done.fileName)));
    expect(JSON.parse(entries.get('annotations/instances.json')!.toString('utf8')).images).toHaveLength(files);
    expect([...entries.keys()].filter((name) => name.endsWith('.png'))).toHaveLength(files);
    return done;
  };
  const record = async (exportId: string) => (await call(platform, 'GET', `/manage/exports/${exportId}`, { token })).body.data as ExportView;
  /** A COCO export with its pictures into `folder`, once its worker has begun writing it. */
  const runningExport = async (folder: string): Promise<string> => {
    const asked = await call(platform, 'POST', `/manage/projects/${projectId}/exports`, {
      token,
      body: { format: 'coco', scope: { effectiveness: 'all' }, withMedia: true, destination: { type: 'folder', folder } },
    });
    const { exportId } = asked.body.data;
    await eventually(() => record(exportId), (r) => r.status === 'running', 60_000);
    return exportId;
  };

  beforeAll(async () => {
    await servicesBuilt();
    root = await mkdtemp(path.join(tmpdir(), 'annot-export-restart-'));
    platform = await startPlatform({
      worker: false,
      config: { storageDir: path.join(root, 'storage'), importRoot: path.join(root, 'import'), exportRoot: path.join(root, 'export') },
    });
    token = await signInAdmin(platform);
    ({ projectId } = await seedProject(platform));
    const batchId = (await call(platform, 'POST', `/manage/projects/${projectId}/batches`, { token, body: { name: 'Drive', priority: 1, uploadType: 'zip' } })).body.data.id;
    const zip = await zipOf(Array.from({ length: files }, (_, i) => ({ name: `frames/${String(i).padStart(5, '0')}.png`, content: png(64 + (i % 50), 48 + Math.floor(i / 50), i) })));
    expect((await upload(platform, token, batchId, [{ name: 'frames.zip', content: zip }])).status).toBe(200);
    worker = startWorker();
    await eventually(() => call(platform, 'GET', `/manage/batches/${batchId}`, { token }).then((r) => r.body.data), (b) => b.items === files, 120_000);
  }, 240_000);
  afterAll(async () => {
    worker?.kill('SIGKILL');
    await platform?.stop();
    await rm(root, { recursive: true, force: true });
  });

  it('leaves nothing half-written in the folder and finishes the whole archive after a restart', async () => {
    const exportId = await runningExport('drive');
    worker!.kill('SIGKILL');
    await new Promise((resolve) => worker!.once('exit', resolve));
    expect((await record(exportId)).status).toBe('running');
    await expect(readdir(path.join(platform.config.exportRoot, 'drive'))).rejects.toThrow();

    worker = startWorker();
    const done = await wholeArchive(exportId, 'drive');
    expect(await readdir(path.join(platform.config.exportRoot, 'drive'))).toEqual([done.fileName]);
  }, 240_000);

  it('gives the export back when its worker is told to stop, and the next worker writes the whole archive', async () => {
    const exportId = await runningExport('stopped');
    // The worker stops without waiting for the archive: the export is still to be written, and nothing is delivered.
    expect(await terminate(worker!)).toEqual(cleanStop);
    expect(await record(exportId)).toMatchObject({ status: 'running', attempts: 1 });
    await expect(readdir(path.join(platform.config.exportRoot, 'stopped'))).rejects.toThrow();

    worker = startWorker();
    await wholeArchive(exportId, 'stopped');
  }, 240_000);

  it('stops cleanly when a job has not given itself back within the grace, and the next worker takes the job up', async () => {
    // A grace of a millisecond: the export cannot give itself back in time, so the worker leaves it to its lock.
    await terminate(worker!);
    worker = startWorker(1);
    const exportId = await runningExport('left');
    expect(await terminate(worker!)).toEqual(cleanStop);
    await expect(readdir(path.join(platform.config.exportRoot, 'left'))).rejects.toThrow();

    worker = startWorker();
    await wholeArchive(exportId, 'left');
  }, 240_000);

  it('removes a download when its retention days are up and says so on the record', async () => {
    const asked = await call(platform, 'POST', `/manage/projects/${projectId}/exports`, { token, body: { format: 'yolo', scope: { effectiveness: 'all' } } });
    const { exportId } = asked.body.data;
    const succeeded = await eventually(() => record(exportId), (r) => r.status === 'succeeded', 120_000);
    expect(Date.parse(succeeded.expiresAt!) - Date.parse(succeeded.finishedAt!)).toBeGreaterThanOrEqual(1900);
    await eventually(() => record(exportId), (r) => r.status === 'expired', 60_000);
    const gone = await fetch(`${platform.baseUrl}/manage/exports/${exportId}/download`, { headers: { authorization: `Bearer ${token}`, 'x-language': 'en_US' } });
    expect(gone.status).toBe(409);
    await expect(access(path.join(platform.config.storageDir, 'exports', `${exportId}.zip`))).rejects.toThrow();
  }, 240_000);
});
