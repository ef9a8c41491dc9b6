// A continuous-frame project imports each folder of images as one item whose frames are the folder's images, in name
// order or by the folder's timestamps.txt; its frames are listed and served only to those who may read the item.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchProjection, itemProjection, verifyReplay } from '@annot/core';
import { png, seedProject, upload, zipOf } from '../support/batches';
import { createPerson } from '../support/people';
import { call, eventually, startPlatform, type Platform } from '../support/platform';
import { signIn, signInAdmin } from '../support/sign-in';

const en = { 'x-language': 'en_US' };

describe('sequence import', () => {
  let platform: Platform;
  let root: string;
  let admin: string;
  let items: Map<string, { id: string; frameCount: number }>;
  const images = {
    b1: png(64, 48, 11),
    b2: png(64, 48, 12),
    b10: png(64, 48, 13),
    x: png(80, 60, 21),
    y: png(80, 60, 22),
    z: png(100, 50, 23),
    untimed: png(80, 60, 24),
  };

  const frameMedia = (itemId: string, index: number | string, token: string | null = admin, headers: Record<string, string> = {}) =>
    fetch(`${platform.baseUrl}/manage/items/${itemId}/frames/${index}/media`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
  const bytes = async (answer: Response) => Buffer.from(await answer.arrayBuffer());

  const importZip = async (projectId: string, name: string, entries: { name: string; content: Buffer }[]) => {
    const batch = await call(platform, 'POST', `/manage/projects/${projectId}/batches`, { token: admin, body: { name, priority: 1, uploadType: 'zip' } });
    const batchId: string = batch.body.data.id;
    expect((await upload(platform, admin, batchId, [{ name: `${name}.zip`, content: await zipOf(entries) }])).status).toBe(200);
    const settled = await eventually(
      () => call(platform, 'GET', `/manage/batches/${batchId}`, { token: admin }).then((r) => r.body.data),
      (b) => b.importing === null && b.status !== 'waiting_for_upload',
    );
    const listed = await call(platform, 'GET', `/manage/items/projects/${projectId}?batchId=${batchId}&limit=50`, { token: admin });
    return { batch: settled, items: listed.body.data.items as { id: string; fileName: string; frameCount: number; width: number; height: number }[], batchId };
  };

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'annot-sequence-'));
    platform = await startPlatform({ config: { storageDir: path.join(root, 'storage'), importRoot: path.join(root, 'import') } });
    admin = await signInAdmin(platform);
    const { projectId } = await seedProject(platform, 'picture_continuous_frame');
    const imported = await importZip(projectId, 'drive', [
      // Name order, whatever order the zip holds them in.
      { name: 'cam-b/0010.png', content: images.b10 },
      { name: 'cam-b/0001.png', content: images.b1 },
      { name: 'cam-b/0002.png', content: images.b2 },
      // Time order from the folder's timestamp file; a frame it does not name is refused on its own.
      { name: 'cam-a/x.png', content: images.x },
      { name: 'cam-a/y.png', content: images.y },
      { name: 'cam-a/z.png', content: images.z },
      { name: 'cam-a/untimed.png', content: images.untimed },
      { name: 'cam-a/timestamps.txt', content: Buffer.from('# file seconds\nz.png 1700000000.0\nx.png 1700000000.1\ny.png 1700000000.25\n') },
    ]);
    expect(imported.batch).toMatchObject({ items: 2, failed: 1 });
    items = new Map(imported.items.map((item) => [item.fileName, { id: item.id, frameCount: item.frameCount }]));
  });
  afterAll(async () => {
    await platform?.stop();
    await rm(root, { recursive: true, force: true });
  });

  it('makes one item per folder with its frame count, its first frame giving its size', async () => {
    expect([...items.entries()].sort()).toEqual([
      ['cam-a', { id: expect.any(String), frameCount: 3 }],
      ['cam-b', { id: expect.any(String), frameCount: 3 }],
    ]);
    const item = await call(platform, 'GET', `/manage/items/${items.get('cam-a')!.id}`, { token: admin });
    expect(item.body.data).toMatchObject({ fileName: 'cam-a', frameCount: 3, width: 100, height: 50, mediaType: 'image/png' });
  });

  it('orders a folder by name where it has no timestamp file', async () => {
    const frames = await call(platform, 'GET', `/manage/items/${items.get('cam-b')!.id}/frames`, { token: admin });
    expect(frames.status).toBe(200);
    expect(frames.body.data).toEqual({
      frameRate: null,
      sensors: null,
      frames: [
        { index: 0, fileName: '0001.png', width: 64, height: 48, timestamp: null },
        { index: 1, fileName: '0002.png', width: 64, height: 48, timestamp: null },
        { index: 2, fileName: '0010.png', width: 64, height: 48, timestamp: null },
      ],
    });
    const id = items.get('cam-b')!.id;
    expect(await bytes(await frameMedia(id, 0))).toEqual(images.b1);
    expect(await bytes(await frameMedia(id, 2))).toEqual(images.b10);
  });

  it('orders a folder by its timestamp file and keeps each frame its time and size', async () => {
    const id = items.get('cam-a')!.id;
    const frames = await call(platform, 'GET', `/manage/items/${id}/frames`, { token: admin });
    expect(frames.body.data.frames).toEqual([
      { index: 0, fileName: 'z.png', width: 100, height: 50, timestamp: 1700000000 },
      { index: 1, fileName: 'x.png', width: 80, height: 60, timestamp: 1700000000.1 },
      { index: 2, fileName: 'y.png', width: 80, height: 60, timestamp: 1700000000.25 },
    ]);
    const answer = await frameMedia(id, 1);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(await bytes(answer)).toEqual(images.x);
    // The list's preview and the item's media are its first frame.
    const media = await fetch(`${platform.baseUrl}/manage/items/${id}/media`, { headers: { authorization: `Bearer ${admin}` } });
    expect(await bytes(media)).toEqual(images.z);
  });

  it('reports the frame the timestamp file does not name in the failure file', async () => {
    const batchId = (await call(platform, 'GET', `/manage/items/${items.get('cam-a')!.id}`, { token: admin })).body.data.batchId;
    const failures = await fetch(`${platform.baseUrl}/manage/batches/${batchId}/failures`, { headers: { authorization: `Bearer ${admin}`, ...en } });
    const csv = (await failures.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csv[1]).toContain('cam-a/untimed.png');
    expect(csv[1]).toContain("This frame is not named in its folder's timestamps.txt");
  });

  it('refuses a frame past the last, and one that is no number, in the caller\'s language', async () => {
    const id = items.get('cam-b')!.id;
    const past = await frameMedia(id, 3);
    expect(past.status).toBe(404);
    expect(await past.json()).toMatchObject({ code: 404, errCode: 'NOT_FOUND', message: '该数据共有 3 帧（从 0 开始编号），没有第 3 帧' });
    expect((await (await frameMedia(id, 3, admin, en)).json()).message).toBe('This data item has 3 frames, numbered from 0; there is no frame 3');
    const word = await frameMedia(id, 'first', admin, en);
    expect(word.status).toBe(400);
    expect(await word.json()).toMatchObject({ code: 400, errCode: 'VALIDATION_FAILED' });
  });

  it('refuses someone who is not a member of the project, and anyone without a token', async () => {
    await createPerson(platform, admin, { role: '40', name: 'Stranger', account: 'stranger@example.com', password: 'Tagger@123' });
    const stranger = await signIn(platform, 'stranger@example.com', 'Tagger@123', 1);
    const id = items.get('cam-a')!.id;
    // As for the media, an item the caller may not read is one it cannot know exists.
    expect((await call(platform, 'GET', `/manage/items/${id}/frames`, { token: stranger })).status).toBe(404);
    expect((await frameMedia(id, 0, stranger)).status).toBe(404);
    expect((await call(platform, 'GET', `/manage/items/${id}/frames`, {})).status).toBe(403);
    expect((await frameMedia(id, 0, null)).status).toBe(403);
  });

  it('keeps a picture project one item per file, each a sequence of one frame served as its media', async () => {
    const { projectId } = await seedProject(platform);
    const picture = png(30, 20, 31);
    const imported = await importZip(projectId, 'pictures', [
      { name: 'cam/a.png', content: picture },
      { name: 'cam/b.png', content: png(30, 20, 32) },
    ]);
    expect(imported.items.map((item) => [item.fileName, item.frameCount]).sort()).toEqual([
      ['cam/a.png', 1],
      ['cam/b.png', 1],
    ]);
    const id = imported.items.find((item) => item.fileName === 'cam/a.png')!.id;
    const frames = await call(platform, 'GET', `/manage/items/${id}/frames`, { token: admin });
    expect(frames.body.data).toEqual({ frameRate: null, sensors: null, frames: [{ index: 0, fileName: 'cam/a.png', width: 30, height: 20, timestamp: null }] });
    expect(await bytes(await frameMedia(id, 0))).toEqual(picture);
    expect((await frameMedia(id, 1)).status).toBe(404);
  });

  it('rebuilds the items and their frames from the events alone', async () => {
    const report = await verifyReplay(platform.database.db, [batchProjection, itemProjection]);
    expect(report.tables.filter((t) => t.missingCount > 0 || t.extraCount > 0)).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
