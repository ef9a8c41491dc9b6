// A video project imports each video file as one item, decoded once at import with ffmpeg: exactly ffprobe's frame
// count and frame times, every frame served as an image; a video that cannot be decoded fails on its own, and a
// server without ffmpeg refuses the import with a reason the PM can act on.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchProjection, itemProjection, verifyReplay } from '@annot/core';
import { seedProject, upload, zipOf } from '../support/batches';
import { listenToJobs, type StreamedEvent } from '../support/job-stream';
import { createPerson } from '../support/people';
import { call, eventually, startPlatform, type Platform } from '../support/platform';
import { signIn, signInAdmin } from '../support/sign-in';
import { generateVideo } from '../support/videos';

const run = promisify(execFile);
const en = { 'x-language': 'en_US' };

/** What ffprobe counts by decoding every frame, and each frame's time: the figures an import must match. */
async function ffprobeFrames(file: string): Promise<{ count: number; times: number[] }> {
  const counted = await run('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file]);
  const times = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'frame=best_effort_timestamp_time', '-of', 'csv=p=0', file]);
  return { count: Number(counted.stdout.trim()), times: times.stdout
      .split('\n')
      // A frame with side data gets a line of its own for it, empty in this output.
      .filter((line) => line.trim() !== '')
      .map((line) => Number(line.trim().replace(/,$/, ''))),
  };
}

describe('video import', () => {
  let platform: Platform;
  let root: string;
  let storage: string;
  let admin: string;
  let projectId: string;
  let clip: Buffer;
  let probed: { count: number; times: number[] };

  const importZip = async (name: string, entries: { name: string; content: Buffer }[]) => {
    const batch = await call(platform, 'POST', `/manage/projects/${projectId}/batches`, { token: admin, body: { name, priority: 1, uploadType: 'zip' } });
    const batchId: string = batch.body.data.id;
    const mine = (events: StreamedEvent[]) => events.filter((e) => e.data.subject?.type === 'batch' && e.data.subject.id === batchId);
    const stream = await listenToJobs(platform, admin, (events) => mine(events).some((e) => e.event === 'completed' || e.event === 'failed'));
    expect((await upload(platform, admin, batchId, [{ name: `${name}.zip`, content: await zipOf(entries) }])).status).toBe(200);
    const progress = mine(await stream.done).filter((e) => e.event === 'progress').map((e) => e.data.progress as number);
    const settled = await eventually(
      () => call(platform, 'GET', `/manage/batches/${batchId}`, { token: admin }).then((r) => r.body.data),
      (b) => b.importing === null,
    );
    const listed = await call(platform, 'GET', `/manage/items/projects/${projectId}?batchId=${batchId}&limit=50`, { token: admin });
    return { batch: settled, batchId, progress, items: listed.body.data.items as { id: string; fileName: string; frameCount: number; width: number; height: number; mediaType: string }[] };
  };
  const frameMedia = (itemId: string, index: number, token: string | null = admin, headers: Record<string, string> = {}) =>
    fetch(`${platform.baseUrl}/manage/items/${itemId}/frames/${index}/media`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });

  let first: Awaited<ReturnType<typeof importZip>>;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'annot-video-'));
    storage = path.join(root, 'storage');
    clip = await generateVideo(path.join(root, 'clip.mp4'), 300);
    probed = await ffprobeFrames(path.join(root, 'clip.mp4'));
    platform = await startPlatform({ config: { storageDir: storage, importRoot: path.join(root, 'import') } });
    admin = await signInAdmin(platform);
    ({ projectId } = await seedProject(platform, 'video'));
    first = await importZip('drive', [
      { name: 'front/clip.mp4', content: clip },
      // A file that claims to be a video and is not one.
      { name: 'front/broken.mp4', content: Buffer.concat([clip.subarray(0, 64), Buffer.alloc(4096, 7)]) },
      { name: 'front/notes.txt', content: Buffer.from('weather: dry') },
    ]);
  });
  afterAll(async () => {
    await platform?.stop();
    await rm(root, { recursive: true, force: true });
  });

  it('makes one item of the video with exactly ffprobe\'s frame count, size and rate', async () => {
    expect(probed.count).toBe(300);
    expect(first.batch).toMatchObject({ status: 'in_progress', items: 1, failed: 2 });
    expect(first.items).toEqual([expect.objectContaining({ fileName: 'front/clip.mp4', frameCount: probed.count, width: 640, height: 360, mediaType: 'video/mp4' })]);
  });

  it('lists every frame with ffprobe\'s time, and serves each one as an image', async () => {
    const id = first.items[0].id;
    const answer = await call(platform, 'GET', `/manage/items/${id}/frames`, { token: admin });
    expect(answer.status).toBe(200);
    const { frameRate, frames } = answer.body.data as { frameRate: number; frames: { index: number; fileName: string; width: number; height: number; timestamp: number }[] };
    expect(frameRate).toBe(30);
    expect(frames).toHaveLength(probed.count);
    expect(frames.map((frame) => frame.index)).toEqual(probed.times.map((_, i) => i));
    expect(frames.map((frame) => frame.timestamp)).toEqual(probed.times);
    expect(frames[299]).toEqual({ index: 299, fileName: '000299.jpg', width: 640, height: 360, timestamp: probed.times[299] });
    for (const index of [0, 150, 299]) {
      const media = await frameMedia(id, index);
      expect(media.status).toBe(200);
      expect(media.headers.get('content-type')).toBe('image/jpeg');
      expect(media.headers.get('cache-control')).toBe('private, max-age=3600');
      expect(await sharp(Buffer.from(await media.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
    }
    const past = await frameMedia(id, 300, admin, en);
    expect(past.status).toBe(404);
    expect((await past.json()).message).toBe('This data item has 300 frames, numbered from 0; there is no frame 300');
    // The list's preview is the first frame's.
    const thumbnail = await fetch(`${platform.baseUrl}/manage/items/${id}/thumbnail`, { headers: { authorization: `Bearer ${admin}` } });
    expect(thumbnail.status).toBe(200);
  });

  it('moves the import\'s progress while it extracts', () => {
    expect(first.progress.at(-1)).toBe(100);
    // Between the chunks (the broken video, then the good one) the progress moves as frames are written.
    expect(first.progress.filter((p) => p > 0 && p < 99 && p !== 66).length).toBeGreaterThan(0);
  });

  it('fails a video that cannot be decoded and a file that is no video, in the reader\'s language', async () => {
    const read = async (headers: Record<string, string>) => {
      const failures = await fetch(`${platform.baseUrl}/manage/batches/${first.batchId}/failures`, { headers: { authorization: `Bearer ${admin}`, ...headers } });
      return (await failures.text()).replace(/^\uFEFF/, '').trim().split('\r\n').slice(1).sort();
    };
    const english = await read(en);
    expect(english[0]).toContain('front/broken.mp4');
    expect(english[0]).toContain('The video cannot be decoded');
    expect(english[1]).toContain('front/notes.txt');
    expect(english[1]).toContain('a video project takes videos only');
    expect((await read({}))[0]).toContain('视频无法解码');
  });

  it('extracts a video once: the same video in another batch reuses its frames', async () => {
    const [row] = await platform.database.db.selectFrom('item_frames').select('path_prefix').where('item_id', '=', first.items[0].id).execute();
    const firstFrame = path.join(storage, ...row.path_prefix.split('/'), '000000.jpg');
    const before = await stat(firstFrame);
    const again = await importZip('again', [{ name: 'rear/same.mp4', content: clip }]);
    expect(again.items).toEqual([expect.objectContaining({ fileName: 'rear/same.mp4', frameCount: probed.count })]);
    const [reused] = await platform.database.db.selectFrom('item_frames').select('path_prefix').where('item_id', '=', again.items[0].id).execute();
    expect(reused.path_prefix).toBe(row.path_prefix);
    expect((await stat(firstFrame)).mtimeMs).toBe(before.mtimeMs);
  });

  it('serves frames only to those who may read the item', async () => {
    await createPerson(platform, admin, { role: '40', name: 'Stranger', account: 'video-stranger@example.com', password: 'Tagger@123' });
    const stranger = await signIn(platform, 'video-stranger@example.com', 'Tagger@123', 1);
    const id = first.items[0].id;
    expect((await call(platform, 'GET', `/manage/items/${id}/frames`, { token: stranger })).status).toBe(404);
    expect((await frameMedia(id, 0, stranger)).status).toBe(404);
    expect((await frameMedia(id, 0, null)).status).toBe(403);
  });

  it('rebuilds the video items and their frames from the events alone', async () => {
    const report = await verifyReplay(platform.database.db, [batchProjection, itemProjection]);
    expect(report.tables.filter((t) => t.missingCount > 0 || t.extraCount > 0)).toEqual([]);
    expect(report.ok).toBe(true);
  });
});

describe('video import without ffmpeg', () => {
  let platform: Platform;
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'annot-video-missing-'));
    platform = await startPlatform({
      config: { storageDir: path.join(root, 'storage'), importRoot: path.join(root, 'import'), ffmpegPath: path.join(root, 'no-ffmpeg'), ffprobePath: path.join(root, 'no-ffprobe') },
    });
  });
  afterAll(async () => {
    await platform?.stop();
    await rm(root, { recursive: true, force: true });
  });

  it('refuses the import with a reason in both languages, and the batch may take another upload', async () => {
    const admin = await signInAdmin(platform);
    const { projectId } = await seedProject(platform, 'video');
    const batch = await call(platform, 'POST', `/manage/projects/${projectId}/batches`, { token: admin, body: { name: 'No tools', priority: 1, uploadType: 'zip' } });
    const batchId: string = batch.body.data.id;
    const clip = await generateVideo(path.join(root, 'short.mp4'), 5, '64x48');
    expect((await upload(platform, admin, batchId, [{ name: 'short.zip', content: await zipOf([{ name: 'short.mp4', content: clip }]) }])).status).toBe(200);
    const settled = await eventually(
      () => call(platform, 'GET', `/manage/batches/${batchId}`, { token: admin, headers: en }).then((r) => r.body.data),
      (b) => b.importing === null && b.importError !== null,
    );
    expect(settled).toMatchObject({ status: 'waiting_for_upload', items: 0 });
    expect(settled.importError).toContain('ffmpeg and ffprobe are not installed on the server');
    const chinese = await call(platform, 'GET', `/manage/batches/${batchId}`, { token: admin });
    expect(chinese.body.data.importError).toContain('服务器未安装 ffmpeg 与 ffprobe');
  });
});
