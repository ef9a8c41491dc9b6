// Thumbnails of imported images: made by the worker at import, served under the media's checks and caching, and
// made on the first request for an item whose thumbnail is missing (imported before thumbnails existed).
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thumbnailKey } from '@annot/core';
import { jpeg, png, seedProject, upload, zipOf } from '../support/batches';
import { createPerson } from '../support/people';
import { call, eventually, startPlatform, type Platform } from '../support/platform';
import { signIn, signInAdmin } from '../support/sign-in';

describe('item thumbnails', () => {
  let platform: Platform;
  let root: string;
  let storage: string;
  let admin: string;
  let items: Map<string, { id: string; checksum: string }>;

  const thumbnailFile = (checksum: string) => path.join(storage, ...thumbnailKey(checksum).split('/'));
  const thumbnail = (itemId: string, token?: string) =>
    fetch(`${platform.baseUrl}/manage/items/${itemId}/thumbnail`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'annot-thumbnails-'));
    storage = path.join(root, 'storage');
    platform = await startPlatform({ config: { storageDir: storage, importRoot: path.join(root, 'import') } });
    admin = await signInAdmin(platform);
    const { projectId } = await seedProject(platform);
    const batch = await call(platform, 'POST', `/manage/projects/${projectId}/batches`, { token: admin, body: { name: 'Street', priority: 1, uploadType: 'zip' } });
    const batchId: string = batch.body.data.id;
    const zip = await zipOf([
      { name: 'wide.png', content: png(1000, 500, 1) },
      { name: 'small.png', content: png(100, 80, 2) },
      // A JPEG header without pixels: registered by its size, but no image library can draw it.
      { name: 'header-only.jpg', content: jpeg(640, 480, 3) },
    ]);
    expect((await upload(platform, admin, batchId, [{ name: 'street.zip', content: zip }])).status).toBe(200);
    await eventually(
      () => call(platform, 'GET', `/manage/batches/${batchId}`, { token: admin }).then((r) => r.body.data),
      (b) => b.importing === null && b.items === 3,
    );
    const rows = await platform.database.db.selectFrom('items').select(['item_id', 'file_name', 'checksum']).where('batch_id', '=', batchId).execute();
    items = new Map(rows.map((r) => [r.file_name, { id: r.item_id, checksum: r.checksum }]));
  });
  afterAll(async () => {
    await platform?.stop();
    await rm(root, { recursive: true, force: true });
  });

  it('makes the thumbnail at import, fitted inside 256 pixels, and serves it with the media caching', async () => {
    const wide = items.get('wide.png')!;
    // Already in storage before anyone asked for it: the worker made it while importing.
    expect((await stat(thumbnailFile(wide.checksum))).size).toBeGreaterThan(0);
    const answer = await thumbnail(wide.id, admin);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/webp');
    expect(answer.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(answer.headers.get('etag')).toBe(`"${wide.checksum}-thumbnail"`);
    expect(await sharp(Buffer.from(await answer.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 256, height: 128 });
  });

  it('keeps the size of an image already smaller than a thumbnail', async () => {
    const answer = await thumbnail(items.get('small.png')!.id, admin);
    expect(await sharp(Buffer.from(await answer.arrayBuffer())).metadata()).toMatchObject({ width: 100, height: 80 });
  });

  it('makes a missing thumbnail on its first request', async () => {
    const wide = items.get('wide.png')!;
    await rm(thumbnailFile(wide.checksum));
    const answer = await thumbnail(wide.id, admin);
    expect(answer.status).toBe(200);
    expect(await sharp(Buffer.from(await answer.arrayBuffer())).metadata()).toMatchObject({ width: 256, height: 128 });
    expect((await stat(thumbnailFile(wide.checksum))).size).toBeGreaterThan(0);
  });

  it('answers not found for an image that cannot be drawn', async () => {
    const answer = await thumbnail(items.get('header-only.jpg')!.id, admin);
    expect(answer.status).toBe(404);
    expect((await answer.json()).errCode).toBe('NOT_FOUND');
  });

  it('refuses someone who is not a member of the project, and anyone without a token', async () => {
    await createPerson(platform, admin, { role: '40', name: 'Outsider', account: 'outsider@example.com', password: 'Tagger@123' });
    const outsider = await signIn(platform, 'outsider@example.com', 'Tagger@123', 1);
    const wide = items.get('wide.png')!.id;
    // As for the media, an item the caller may not read is one it cannot know exists.
    expect((await thumbnail(wide, outsider)).status).toBe(404);
    expect((await thumbnail(wide)).status).toBe(403);
  });
});
