// A worker process killed outright in the middle of an import, then started again, finishes it with every item once.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { call, eventually, startPlatform, type Platform } from '../support/platform';
import { signInAdmin } from '../support/sign-in';
import { png, seedProject, upload, zipOf } from '../support/batches';
import { servicesBuilt, startWorkerOf } from '../support/service-process';

// A hundred and twenty chunks: the kill lands after the first and long before the last on any machine.
const files = 600;
const chunkSize = 5;

describe('an import whose worker is killed', () => {
  let platform: Platform;
  let token: string;
  let root: string;
  let worker: ChildProcess | null = null;

  const startWorker = (): ChildProcess => startWorkerOf(platform, { IMPORT_CHUNK_SIZE: String(chunkSize) });

  beforeAll(async () => {
    await servicesBuilt();
    root = await mkdtemp(path.join(tmpdir(), 'annot-restart-'));
    platform = await startPlatform({ worker: false, config: { storageDir: path.join(root, 'storage'), importRoot: path.join(root, 'import') } });
    token = await signInAdmin(platform);
  }, 120_000);
  afterAll(async () => {
    worker?.kill('SIGKILL');
    await platform.stop();
    await rm(root, { recursive: true, force: true });
  });

  const count = async (batchId: string) =>
    Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM items WHERE batch_id = ${batchId}`.execute(platform.database.db)).rows[0].n);

  it('registers exactly the right items, none twice', async () => {
    const { projectId } = await seedProject(platform);
    const batchId = (await call(platform, 'POST', `/manage/projects/${projectId}/batches`, { token, body: { name: 'Restart', priority: 1, uploadType: 'zip' } })).body.data.id;
    const zip = await zipOf(Array.from({ length: files }, (_, i) => ({ name: `frames/${String(i).padStart(5, '0')}.png`, content: png(8 + (i % 50), 8 + Math.floor(i / 50), i) })));
    expect((await upload(platform, token, batchId, [{ name: 'frames.zip', content: zip }])).status).toBe(200);

    worker = startWorker();
    await eventually(() => count(batchId), (n) => n > 0, 60_000);
    worker.kill('SIGKILL');
    await new Promise((resolve) => worker!.once('exit', resolve));
    const atKill = await count(batchId);
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(files);

    worker = startWorker();
    const batch = await eventually(
      () => call(platform, 'GET', `/manage/batches/${batchId}`, { token }).then((r) => r.body.data),
      (b) => b.status === 'in_progress',
      60_000,
    );
    expect(batch).toMatchObject({ items: files, failed: 0, failureMessage: null });
    const { rows } = await sql<{ items: string; names: string; checksums: string; seqs: string; max_seq: number }>`
      SELECT count(*)::text AS items, count(DISTINCT file_name)::text AS names, count(DISTINCT checksum)::text AS checksums,
             count(DISTINCT seq)::text AS seqs, max(seq) AS max_seq
      FROM items WHERE batch_id = ${batchId}`.execute(platform.database.db);
    expect(rows[0]).toEqual({ items: String(files), names: String(files), checksums: String(files), seqs: String(files), max_seq: files - 1 });
    const imported = await sql<{ n: string }>`SELECT count(*)::text AS n FROM events WHERE stream_id = ${`batch-${batchId}`} AND type = 'BatchImported'`.execute(platform.database.db);
    expect(imported.rows[0].n).toBe('1');
  }, 180_000);
});
