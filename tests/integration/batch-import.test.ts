// A real zip imported end to end: good images registered with their sizes, broken files in the failure file, a
// picture shipped twice under two names as two items on one stored file, named in the same report, and zips that escape their folder, bombs and oversize uploads refused with nothing left behind.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchProjection, EventStore, itemProjection, projectProjection, VersionConflictError, verifyReplay } from '@annot/core';
import { batchItemsStreamId } from '@annot/workflows';
import { call, eventually, startPlatform, type Platform } from '../support/platform';
import { testMetadata } from '../support/events';
import { listenToJobs, type StreamedEvent } from '../support/job-stream';
import { signInAdmin } from '../support/sign-in';
import { jpeg, png, renameEntry, seedProject, upload, zipOf } from '../support/batches';

const en = { 'x-language': 'en_US' };

/** Every file under a folder, relative to it. */
async function filesUnder(folder: string): Promise<string[]> {
  // Only a folder that is not there yet is empty; any other read error must fail the test, not pass it.
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(folder, path.join(e.parentPath, e.name)));
}

describe('batch import from a zip', () => {
  let platform: Platform;
  let token: string;
  let root: string;
  let storage: string;
  let projectId: string;
  let linkIds: string[];
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'annot-import-'));
    storage = path.join(root, 'storage');
    platform = await startPlatform({ config: { storageDir: storage, importRoot: path.join(root, 'import') } });
    token = await signInAdmin(platform);
    ({ projectId, linkIds } = await seedProject(platform));
  });
  afterAll(async () => {
    await platform.stop();
    await rm(root, { recursive: true, force: true });
  });

  const newBatch = async (name: string) =>
    (await call(platform, 'POST', `/manage/projects/${projectId}/batches`, { token, body: { name, priority: 1, uploadType: 'zip' } })).body.data.id as string;
  const batchOf = (id: string, headers: Record<string, string> = {}) => call(platform, 'GET', `/manage/batches/${id}`, { token, headers }).then((r) => r.body.data);
  const settled = (id: string) => eventually(() => batchOf(id), (b) => b.importing === null && (b.status !== 'waiting_for_upload' || b.importError !== null));

  it('registers good images with media type and size, keeps one file for the same picture under two names, and reports both and the broken files', async () => {
    const batchId = await newBatch('Mixed');
    const first = png(64, 48, 1);
    const zip = await zipOf([
      { name: 'day/front.png', content: first },
      { name: 'day/side.jpg', content: jpeg(1920, 1080, 2) },
      { name: 'night/front-copy.png', content: first },
      { name: 'night/broken.png', content: Buffer.from('not really a png') },
      { name: 'notes.txt', content: Buffer.from('hello') },
      { name: '__MACOSX/._front.png', content: Buffer.from('resource fork') },
    ]);
    const { status, body } = await upload(platform, token, batchId, [{ name: 'mixed.zip', content: zip }]);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data.importId).toMatch(/^[0-9a-f-]{36}$/);

    const batch = await settled(batchId);
    expect(batch).toMatchObject({ status: 'in_progress', items: 3, failed: 2, failureFile: true, failureMessage: '上传失败；上传文件出错（查看失败文件）' });
    expect((await batchOf(batchId, en)).failureMessage).toBe('Upload failed; Error in uploading file (view the failure file)');

    const items = await call(platform, 'GET', `/manage/batches/${batchId}/items?limit=1`, { token });
    expect(items.body.data.items).toEqual([{ id: expect.any(String), fileName: 'day/front.png', size: first.length, mediaType: 'image/png', width: 64, height: 48, status: 'waiting', effective: true }]);
    const rest = await call(platform, 'GET', `/manage/batches/${batchId}/items?limit=5&cursor=${items.body.data.nextCursor}`, { token });
    expect(rest.body.data).toEqual({
      items: [
        expect.objectContaining({ fileName: 'day/side.jpg', mediaType: 'image/jpeg', width: 1920, height: 1080 }),
        expect.objectContaining({ fileName: 'night/front-copy.png', size: first.length, mediaType: 'image/png', width: 64, height: 48 }),
      ],
      nextCursor: null,
    });

    const pool = await platform.database.db.selectFrom('items').select(['link_id', 'path']).where('batch_id', '=', batchId).orderBy('seq').execute();
    expect(pool.map((r) => r.link_id)).toEqual([linkIds[0], linkIds[0], linkIds[0]]);
    for (const row of pool) expect(await filesUnder(storage)).toContain(path.join(...row.path.split('/')));
    // The copy reads the first picture's file, and storage keeps that one file alone.
    expect(pool[2].path).toBe(pool[0].path);
    expect((await filesUnder(storage)).filter((f) => ['front.png', 'front-copy.png'].includes(path.basename(f)))).toEqual([path.join(...pool[0].path.split('/'))]);
    for (const item of [items.body.data.items[0], rest.body.data.items[1]]) {
      const media = await fetch(`${platform.baseUrl}/manage/items/${item.id}/media`, { headers: { authorization: `Bearer ${token}` } });
      expect(Buffer.from(await media.arrayBuffer()).equals(first)).toBe(true);
    }

    const failures = await fetch(`${platform.baseUrl}/manage/batches/${batchId}/failures`, { headers: { authorization: `Bearer ${token}`, ...en } });
    expect(failures.headers.get('content-type')).toContain('text/csv');
    const csv = (await failures.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csv).toEqual([
      'File name,Reason',
      'night/broken.png,The file cannot be read or is damaged',
      'notes.txt,Unsupported file type',
      'night/front-copy.png,"Holds the same bytes as ""day/front.png"": one copy is stored for both"',
    ]);
    const zh = await fetch(`${platform.baseUrl}/manage/batches/${batchId}/failures`, { headers: { authorization: `Bearer ${token}` } });
    const bytes = Buffer.from(await zh.arrayBuffer());
    // A byte order mark first, so spreadsheet programs read the Chinese as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8').split('\r\n')[0]).toBe('文件名,失败原因');
    // The uploaded zip itself is gone once extracted.
    expect((await filesUnder(storage)).filter((f) => f.endsWith('.zip'))).toEqual([]);
  });

  it('streams the import’s progress to the console up to 100', async () => {
    const batchId = await newBatch('Live');
    const zip = await zipOf(Array.from({ length: 30 }, (_, i) => ({ name: `live/${i}.png`, content: png(7, 7 + i, i) })));
    const mine = (events: StreamedEvent[]) => events.filter((e) => e.data.subject?.type === 'batch' && e.data.subject.id === batchId);
    const stream = await listenToJobs(platform, token, (events) => mine(events).some((e) => e.event === 'completed'));
    expect((await upload(platform, token, batchId, [{ name: 'live.zip', content: zip }])).status).toBe(200);
    const received = mine(await stream.done);
    expect(received.filter((e) => e.event === 'progress').map((e) => e.data.progress)).toEqual(expect.arrayContaining([0, 100]));
    expect(received.at(-1)).toMatchObject({ event: 'completed', data: { name: 'batch.import' } });
    expect(await settled(batchId)).toMatchObject({ status: 'in_progress', items: 30 });
  });

  it('refuses a second upload into a batch that already has its data', async () => {
    const batchId = await newBatch('Once');
    const zip = await zipOf([{ name: 'a.png', content: png(3, 3, 9) }]);
    expect((await upload(platform, token, batchId, [{ name: 'a.zip', content: zip }])).status).toBe(200);
    await settled(batchId);
    const again = await upload(platform, token, batchId, [{ name: 'a.zip', content: zip }]);
    expect(again.status).toBe(409);
    expect(again.body.errCode).toBe('INVALID_TRANSITION');
  });

  it('refuses a zip with an entry that climbs out of its folder, and leaves nothing behind', async () => {
    const batchId = await newBatch('Escape');
    const zip = renameEntry(await zipOf([{ name: 'good.png', content: png(5, 5, 3) }, { name: 'xx/evil.png', content: png(5, 5, 4) }]), 'xx/evil.png', '../evil.png');
    const before = await filesUnder(storage);
    expect((await upload(platform, token, batchId, [{ name: 'escape.zip', content: zip }])).status).toBe(200);
    const batch = await settled(batchId);
    expect(batch).toMatchObject({ status: 'waiting_for_upload', items: 0, importError: expect.stringContaining('“..”') });
    expect((await batchOf(batchId, en)).importError).toBe('The zip package has entries that point outside its folder (absolute paths, "..", symbolic links) and was refused');
    expect(await filesUnder(storage)).toEqual(before);
    // Wherever "../" could lead from the batch's folder, the storage and its parent hold no evil.png.
    expect((await filesUnder(root)).filter((f) => path.basename(f) === 'evil.png')).toEqual([]);
  });

  it('refuses an absolute entry name', async () => {
    const batchId = await newBatch('Absolute');
    const zip = renameEntry(await zipOf([{ name: 'xetc/a.png', content: png(5, 5, 5) }]), 'xetc/a.png', '/etc/a.png');
    await upload(platform, token, batchId, [{ name: 'abs.zip', content: zip }]);
    expect((await settled(batchId)).importError).toContain('绝对路径');
  });

  it('refuses a symbolic link entry', async () => {
    const batchId = await newBatch('Link');
    const zip = await zipOf([{ name: 'a.png', content: png(5, 5, 8) }, { name: 'passwd.png', content: Buffer.from('/etc/passwd'), mode: 0o120777 }]);
    await upload(platform, token, batchId, [{ name: 'link.zip', content: zip }]);
    expect((await settled(batchId)).importError).toContain('符号链接');
  });

  it('refuses a zip bomb and leaves nothing behind', async () => {
    const batchId = await newBatch('Bomb');
    const zip = await zipOf([{ name: 'ok.png', content: png(5, 5, 6) }, { name: 'zeros.png', content: Buffer.alloc(50 * 1024 * 1024) }]);
    expect(zip.length).toBeLessThan(1024 * 1024);
    const before = await filesUnder(storage);
    await upload(platform, token, batchId, [{ name: 'bomb.zip', content: zip }]);
    const batch = await settled(batchId);
    expect((await batchOf(batchId, en)).importError).toBe('The zip package unpacks too large or is compressed suspiciously well, and was refused');
    expect(batch.items).toBe(0);
    expect(await filesUnder(storage)).toEqual(before);
    // The refused batch still waits for its data and takes a good zip.
    const good = await zipOf([{ name: 'fine.png', content: png(6, 6, 7) }]);
    expect((await upload(platform, token, batchId, [{ name: 'good.zip', content: good }])).status).toBe(200);
    expect(await settled(batchId)).toMatchObject({ status: 'in_progress', items: 1, importError: null });
  });

  it('refuses an upload over 200 MB with a clear message, keeping no part of it', async () => {
    const batchId = await newBatch('Huge');
    const before = await filesUnder(storage);
    const huge = Buffer.alloc(200 * 1024 * 1024 + 1);
    huge.write('PK\x03\x04', 0, 'latin1');
    const { status, body } = await upload(platform, token, batchId, [{ name: 'huge.zip', content: huge }], en);
    expect(status).toBe(413);
    expect(body).toMatchObject({ code: 413, errCode: 'TOO_LARGE', message: 'The batch data file must be under 200 MB' });
    expect(await filesUnder(storage)).toEqual(before);
    expect((await batchOf(batchId)).status).toBe('waiting_for_upload');
  });

  it('imports a folder under the import root in place, without copying it', async () => {
    const folder = path.join(root, 'import', 'drive-7');
    await mkdir(path.join(folder, 'cam'), { recursive: true });
    await writeFile(path.join(folder, 'cam', 'a.png'), png(10, 20, 11));
    await writeFile(path.join(folder, 'cam', 'b.jpg'), jpeg(640, 480, 12));
    const batchId = (await call(platform, 'POST', `/manage/projects/${projectId}/batches`, { token, body: { name: 'Drive 7', priority: 2, uploadType: 'local' } })).body.data.id;
    const { status, body } = await call(platform, 'POST', `/manage/batches/${batchId}/import`, { token, body: { path: '/drive-7' } });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(await settled(batchId)).toMatchObject({ status: 'in_progress', items: 2, failed: 0 });
    const rows = await platform.database.db.selectFrom('items').select(['file_name', 'path', 'width']).where('batch_id', '=', batchId).orderBy('seq').execute();
    expect(rows).toEqual([
      { file_name: 'cam/a.png', path: 'local:drive-7/cam/a.png', width: 10 },
      { file_name: 'cam/b.jpg', path: 'local:drive-7/cam/b.jpg', width: 640 },
    ]);
  });

  it('keeps an import and a links edit checked just before it from both landing: the items wait in a link the project has', async () => {
    const raced = await seedProject(platform);
    const projectStream = `project-${raced.projectId}`;
    // A PM's links edit loads the project and finds no import running, so it may replace the first link...
    const { version: checkedAt } = await new EventStore(platform.database.db).readStream(projectStream);
    const batchId = (await call(platform, 'POST', `/manage/projects/${raced.projectId}/batches`, { token, body: { name: 'Raced', priority: 1, uploadType: 'zip' } })).body.data.id;
    const replaced = [{ id: randomUUID(), type: 'annotation', name: 'Redrawn' }, { id: raced.linkIds[1], type: 'inspection', name: 'Inspect' }];
    const lateEdit = () =>
      new EventStore(platform.database.db).append(projectStream, checkedAt, [
        { type: 'ProjectLinksSaved', data: { projectId: raced.projectId, title: 'Lane lines', links: replaced }, metadata: testMetadata() },
      ], { projections: [projectProjection] });

    // ...then the import is asked for and reads the links; its first chunk is held at its append by an uncommitted
    // row of its items stream, and only then does the edit's append arrive.
    let edit: 'landed' | 'refused';
    await platform.database.db.connection().execute(async (holder) => {
      await sql`BEGIN`.execute(holder);
      try {
        await sql`INSERT INTO streams (stream_id, stream_type, version) VALUES (${batchItemsStreamId(batchId)}, 'batchitems', 0)`.execute(holder);
        const zip = await zipOf([{ name: 'raced/a.png', content: png(5, 5, 51) }, { name: 'raced/b.png', content: png(5, 5, 52) }]);
        expect((await upload(platform, token, batchId, [{ name: 'raced.zip', content: zip }])).status).toBe(200);
        await eventually(
          () => sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(platform.database.db),
          (r) => r.rows[0].n > 0,
        );
        edit = await lateEdit().then(
          () => 'landed' as const,
          (error: unknown) => {
            if (error instanceof VersionConflictError) return 'refused' as const;
            throw error;
          },
        );
      } finally {
        await sql`ROLLBACK`.execute(holder);
      }
    });

    expect(await settled(batchId)).toMatchObject({ status: 'in_progress', items: 2 });
    const firstLink = await platform.database.db.selectFrom('project_links').select('link_id').where('project_id', '=', raced.projectId).orderBy('position').executeTakeFirstOrThrow();
    const pools = await platform.database.db.selectFrom('items').select('link_id').where('batch_id', '=', batchId).execute();
    expect(pools.map((p) => p.link_id)).toEqual([firstLink.link_id, firstLink.link_id]);
    expect(edit!).toBe('refused');
    expect(firstLink.link_id).toBe(raced.linkIds[0]);
  });

  it('rebuilds batches and data items from the events exactly as they are (replay --verify)', async () => {
    const report = await verifyReplay(platform.database.db, [batchProjection, itemProjection]);
    // The item projection also owns the work on items (their results, the shares of pools), which no test here made.
    const byTable = Object.fromEntries(report.tables.map((t) => [t.table, [t.liveRows > 0, t.missingCount, t.extraCount]]));
    expect(byTable).toMatchObject({ batches: [true, 0, 0], items: [true, 0, 0] });
    expect(report.tables.filter((t) => t.missingCount + t.extraCount > 0)).toEqual([]);
  });
});
