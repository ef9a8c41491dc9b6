// A point-cloud project imports each folder of the upload layout (lidar/, cameras/<camera>/, calib/, ego_poses.json,
// timestamps.txt) as one item: every cloud normalized into the blob the editor loads, the cameras' images and
// calibration beside it, each file that cannot be used refused on its own line in the reader's language.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BatchItemsRegistrar, batchProjection, itemProjection, verifyReplay } from '@annot/core';
import { batchItemsStreamId, decodePointCloud, frameToFrame, pointCloudMediaType } from '@annot/workflows';
import { streetFrame, streetUpload } from '../../scripts/src/sample-point-clouds';
import { seedProject, upload, zipOf } from '../support/batches';
import { createPerson } from '../support/people';
import { call, eventually, startPlatform, type Platform } from '../support/platform';
import { signIn, signInAdmin } from '../support/sign-in';
import { turningWallScene } from '../support/turning-wall';

const en = { 'x-language': 'en_US' };
/** An OpenLABEL rig whose camera is turned by a quaternion of length zero. */
const zeroTurn = {
  openlabel: {
    streams: { lidar: { type: 'lidar' }, front: { type: 'camera', stream_properties: { intrinsics_pinhole: { width_px: 8, height_px: 8, camera_matrix_3x4: [4, 0, 4, 0, 0, 4, 4, 0, 0, 0, 1, 0] } } } },
    coordinate_systems: { lidar: { type: 'sensor_cs', parent: '' }, front: { type: 'sensor_cs', parent: 'lidar', pose_wrt_parent: { quaternion: [0, 0, 0, 0], translation: [0, 0, 0] } } },
  },
};
const points = 3_000;

describe('point cloud import', () => {
  let platform: Platform;
  let root: string;
  let admin: string;
  let fusion: { batch: { items: number; failed: number }; batchId: string; items: { id: string; fileName: string; frameCount: number; width: number | null; height: number | null }[] };
  const kitti = streetUpload({ folder: 'kitti-drive', frames: 3, format: 'kitti', pointsPerFrame: points, seed: 1 });
  const pcd = streetUpload({ folder: 'pcd-drive', frames: 2, format: 'pcd', pointsPerFrame: points, seed: 2 });
  const entry = (name: string) => [...kitti.entries, ...pcd.entries].find((e) => e.name === name)!.content;

  const get = (url: string, token: string | null = admin, headers: Record<string, string> = {}) =>
    fetch(`${platform.baseUrl}${url}`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
  const idOf = (name: string) => fusion.items.find((item) => item.fileName === name)!.id;

  const importZip = async (projectId: string, name: string, entries: { name: string; content: Buffer }[]) => {
    const batch = await call(platform, 'POST', `/manage/projects/${projectId}/batches`, { token: admin, body: { name, priority: 1, uploadType: 'zip' } });
    const batchId: string = batch.body.data.id;
    expect((await upload(platform, admin, batchId, [{ name: `${name}.zip`, content: await zipOf(entries) }])).status).toBe(200);
    const settled = await eventually(
      () => call(platform, 'GET', `/manage/batches/${batchId}`, { token: admin }).then((r) => r.body.data),
      (b) => b.importing === null && b.status !== 'waiting_for_upload',
      60_000,
    );
    const listed = await call(platform, 'GET', `/manage/items/projects/${projectId}?batchId=${batchId}&limit=50`, { token: admin });
    return { batch: settled, batchId, items: listed.body.data.items };
  };
  const failures = async (batchId: string, headers: Record<string, string> = {}) => {
    const answer = await get(`/manage/batches/${batchId}/failures`, admin, headers);
    return (await answer.text()).replace(/^\uFEFF/, '').trim().split('\r\n').slice(1);
  };

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'annot-point-clouds-'));
    platform = await startPlatform({ config: { storageDir: path.join(root, 'storage'), importRoot: path.join(root, 'import') } });
    admin = await signInAdmin(platform);
    const { projectId } = await seedProject(platform, 'point_cloud_fusion_continuous_frame');
    // A cloud without x, named in the times; a camera without calibration; a calibration that is no KITTI file; an
    // OpenLABEL document whose camera pose turns by a quaternion of length zero (the camera's own file still counts); a
    // frame whose second camera has no image; an item of clouds alone; a file outside the layout.
    const brokenPcd = Buffer.from('VERSION 0.7\nFIELDS a b c\nSIZE 4 4 4\nTYPE F F F\nCOUNT 1 1 1\nWIDTH 1\nHEIGHT 1\nPOINTS 1\nDATA ascii\n1 2 3\n');
    const entries = [
      ...kitti.entries,
      { name: 'kitti-drive/cameras/side/000000.png', content: entry('kitti-drive/cameras/front/000000.png') },
      { name: 'kitti-drive/calib/side.txt', content: Buffer.from('P2: 1 2 3\n') },
      { name: 'kitti-drive/calib/openlabel.json', content: Buffer.from(JSON.stringify(zeroTurn)) },
      ...pcd.entries
        .filter((e) => e.name !== 'pcd-drive/cameras/front_left/000001.png')
        .map((e) => (e.name === 'pcd-drive/timestamps.txt' ? { ...e, content: Buffer.concat([e.content, Buffer.from('000005.pcd 1700000000.5\n')]) } : e)),
      { name: 'pcd-drive/lidar/000005.pcd', content: brokenPcd },
      { name: 'pcd-drive/cameras/rear/000000.png', content: entry('pcd-drive/cameras/front/000000.png') },
      { name: 'bare/lidar/000000.bin', content: entry('kitti-drive/lidar/000000.bin') },
      { name: 'readme.md', content: Buffer.from('# street\n') },
    ];
    fusion = await importZip(projectId, 'street', entries);
  }, 120_000);
  afterAll(async () => {
    await platform?.stop();
    await rm(root, { recursive: true, force: true });
  });

  it('makes one item per folder with its frame count and the first camera\'s image size', () => {
    expect(fusion.batch).toMatchObject({ items: 2 });
    expect(fusion.items.map((item) => [item.fileName, item.frameCount, item.width, item.height]).sort()).toEqual([
      ['kitti-drive', 3, 960, 540],
      ['pcd-drive', 2, 960, 540],
    ]);
  });

  it('lists the frames with their times and the item\'s sensors: calibrated cameras with their images, and the ego poses', async () => {
    const frames = (await call(platform, 'GET', `/manage/items/${idOf('kitti-drive')}/frames`, { token: admin })).body.data;
    expect(frames.frames.map((f: { fileName: string; timestamp: number }) => [f.fileName, f.timestamp])).toEqual([
      ['000000.apc', 1700000000],
      ['000001.apc', 1700000000.1],
      ['000002.apc', 1700000000.2],
    ]);
    const [front, frontLeft] = frames.sensors.cameras;
    expect(frames.sensors.cameras.map((c: { name: string }) => c.name)).toEqual(['front', 'front_left']);
    // The KITTI calib of the front camera: K from P2, no distortion; our JSON of the other with its lens.
    expect(front).toMatchObject({ width: 960, height: 540, intrinsics: { fx: 700, fy: 700, cx: 480, cy: 270 }, distortion: { model: 'none' }, images: ['000000.png', '000001.png', '000002.png'] });
    expect(frontLeft.distortion).toEqual({ model: 'radtan', coeffs: [-0.12, 0.02, 0.001, -0.0005, 0] });
    expect(frames.sensors.egoPoses).toEqual([0, 1, 2].map(() => ({ translation: [0, 0, 0], rotation: [1, 0, 0, 0] })));

    // The OpenLABEL rig gives the same cameras; a frame without an image of a camera has ''.
    const other = (await call(platform, 'GET', `/manage/items/${idOf('pcd-drive')}/frames`, { token: admin })).body.data;
    expect(other.sensors.cameras.map((c: { name: string; images: string[] }) => [c.name, c.images])).toEqual([
      ['front', ['000000.png', '000001.png']],
      ['front_left', ['000000.png', '']],
    ]);
    expect(other.sensors.cameras[0].lidarToCamera.map((v: number) => Number(v.toFixed(6)))).toEqual(front.lidarToCamera.map((v: number) => Number(v.toFixed(6))));
  });

  it('serves each frame\'s cloud as the normalized blob, positions and intensity as the source gave them', async () => {
    for (const [name, index, seed] of [['kitti-drive', 2, 1003], ['pcd-drive', 1, 2002]] as const) {
      const answer = await get(`/manage/items/${idOf(name)}/frames/${index}/points`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe(pointCloudMediaType);
      expect(answer.headers.get('cache-control')).toBe('private, max-age=3600');
      expect(answer.headers.get('etag')).toMatch(new RegExp(`-${index}"$`));
      const cloud = decodePointCloud(new Uint8Array(await answer.arrayBuffer()))!;
      const source = streetFrame(index / 10, seed, points);
      expect(cloud.count).toBe(points);
      expect(Array.from(cloud.positions.subarray(0, 30))).toEqual(Array.from(source.positions.subarray(0, 30)));
      expect(Array.from(cloud.intensity!.subarray(points - 20))).toEqual(Array.from(source.intensity.subarray(points - 20)));
      expect(cloud.colors).toBeNull();
    }
  });

  it('serves each camera\'s image of a frame', async () => {
    const answer = await get(`/manage/items/${idOf('kitti-drive')}/frames/1/cameras/front_left/media`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(entry('kitti-drive/cameras/front_left/000001.png'));
    // The lists preview a fusion item by its first camera's first image.
    const preview = await get(`/manage/items/${idOf('kitti-drive')}/thumbnail`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toMatch(/^image\//);
  });

  it('answers a frame, a camera or an image that is not there with a 404 in the caller\'s language', async () => {
    const id = idOf('pcd-drive');
    const past = await get(`/manage/items/${id}/frames/2/points`);
    expect(past.status).toBe(404);
    expect((await past.json()).message).toBe('该数据共有 2 帧（从 0 开始编号），没有第 2 帧');
    const camera = await get(`/manage/items/${id}/frames/0/cameras/rear/media`, admin, en);
    expect(await camera.json()).toMatchObject({ code: 404, errCode: 'NOT_FOUND', message: 'This data item has no camera named rear' });
    const image = await get(`/manage/items/${id}/frames/1/cameras/front_left/media`);
    expect(await image.json()).toMatchObject({ code: 404, message: '相机 front_left 在第 1 帧没有图像' });
    expect((await (await get(`/manage/items/${id}/frames/1/cameras/front_left/media`, admin, en)).json()).message).toBe('Camera front_left has no image at frame 1');
    expect((await get(`/manage/items/${id}/frames/0/cameras/a%20b/media`)).status).toBe(400);
  });

  it('refuses each file it cannot use on its own line of the failure file, in both languages', async () => {
    const english = await failures(fusion.batchId, en);
    const line = (name: string) => english.find((row) => row.startsWith(`${name},`) || row.startsWith(`"${name}"`)) ?? '';
    expect(line('pcd-drive/lidar/000005.pcd')).toContain('The point cloud has no x field');
    expect(line('pcd-drive/cameras/rear')).toContain('This camera has no calibration');
    expect(line('kitti-drive/calib/side.txt')).toContain('The calibration cannot be read: P2 has 3 values, not 12');
    expect(line('kitti-drive/calib/openlabel.json')).toContain('The calibration cannot be read: the pose_wrt_parent of coordinate system front cannot be used: a quaternion has length zero');
    expect(line('bare')).toContain('A fusion item needs at least one camera');
    expect(line('readme.md')).toContain('Not part of the point cloud upload layout');
    const chinese = await failures(fusion.batchId);
    expect(chinese.find((row) => row.includes('pcd-drive/lidar/000005.pcd'))).toContain('点云缺少 x 字段');
    expect(chinese.find((row) => row.includes('pcd-drive/cameras/rear'))).toContain('该相机没有标定');
    expect(chinese.find((row) => row.includes('kitti-drive/calib/side.txt'))).toContain('标定文件无法读取：P2 有 3 个值，而不是 12 个');
    expect(chinese.find((row) => row.includes('kitti-drive/calib/openlabel.json'))).toContain('标定文件无法读取：坐标系 front 的 pose_wrt_parent 无法使用：四元数的长度为零');
    expect(fusion.batch.failed).toBe(english.length);
  });

  it('keeps each refusal’s parameters in the import’s events, so a resumed run says its earlier refusals as the first run did', async () => {
    const { db } = platform.database;
    const [{ importId }] = (await sql<{ importId: string }>`SELECT DISTINCT data->>'importId' AS "importId" FROM events WHERE stream_id = ${batchItemsStreamId(fusion.batchId)}`.execute(db)).rows;
    // What a run resumed after a crash reads back of what the first run registered and refused.
    const resumed = await platform.worker!.get(BatchItemsRegistrar, { strict: false }).progress(fusion.batchId, importId);
    const report = (await sql<{ content: Buffer }>`SELECT content FROM files WHERE name = ${`failures-${importId}.json`}`.execute(db)).rows[0];
    const first = JSON.parse(report.content.toString('utf8')) as unknown[];
    expect(resumed.failures).toEqual(first.slice(0, resumed.failures.length));
    expect(resumed.failures.length).toBe(fusion.batch.failed);
    // The calibration's refusal names its field and its count: those parameters came back from the events.
    expect(resumed.failures.find((f) => f.name === 'kitti-drive/calib/side.txt')).toMatchObject({ params: expect.any(Object) });
  });

  it('takes one cloud per item in a single-frame project, without cameras', async () => {
    const { projectId } = await seedProject(platform, 'point_cloud_single_frame');
    const imported = await importZip(projectId, 'single', [
      { name: 'one/lidar/000000.pcd', content: entry('pcd-drive/lidar/000000.pcd') },
      { name: 'two/lidar/000000.bin', content: entry('kitti-drive/lidar/000000.bin') },
      { name: 'two/lidar/000001.bin', content: entry('kitti-drive/lidar/000001.bin') },
    ]);
    expect(imported.items.map((item: { fileName: string; frameCount: number; width: number | null }) => [item.fileName, item.frameCount, item.width])).toEqual([['one', 1, null]]);
    const frames = (await call(platform, 'GET', `/manage/items/${imported.items[0].id}/frames`, { token: admin })).body.data;
    expect(frames.sensors).toEqual({ cameras: [], egoPoses: [] });
    expect((await failures(imported.batchId, en)).join('\n')).toContain('A single-frame point cloud item takes exactly one cloud in lidar/');
  });

  it('matches each nuScenes sweep to the ego pose nearest the time its file is named by, and refuses a sweep with none near', async () => {
    const { projectId } = await seedProject(platform, 'point_cloud_continuous_frame');
    // Sweeps at .60, .70 and .90 s; ego poses every 50 ms from .60 to .75 s, listed out of order, as nuScenes keeps them.
    const sweep = (microseconds: number) => `scene-0061/lidar/n015-2018-07-24-11-22-45+0800__LIDAR_TOP__${1532402927_000000 + microseconds}.pcd`;
    const pose = (microseconds: number, x: number) => ({ token: `pose-${x}`, timestamp: 1532402927_000000 + microseconds, translation: [x, 0, 0], rotation: [1, 0, 0, 0] });
    const imported = await importZip(projectId, 'nuscenes', [
      { name: sweep(600_000), content: entry('pcd-drive/lidar/000000.pcd') },
      { name: sweep(700_000), content: entry('pcd-drive/lidar/000001.pcd') },
      { name: sweep(900_000), content: entry('pcd-drive/lidar/000000.pcd') },
      { name: 'scene-0061/ego_poses.json', content: Buffer.from(JSON.stringify([pose(700_000, 3), pose(600_000, 1), pose(750_000, 4), pose(650_000, 2)])) },
    ]);
    expect(imported.items.map((item: { fileName: string; frameCount: number }) => [item.fileName, item.frameCount])).toEqual([['scene-0061', 2]]);
    const frames = (await call(platform, 'GET', `/manage/items/${imported.items[0].id}/frames`, { token: admin })).body.data;
    expect(frames.sensors.egoPoses.map((p: { translation: number[] }) => p.translation[0])).toEqual([1, 3]);
    const late = sweep(900_000);
    expect((await failures(imported.batchId, en)).find((row) => row.includes(late))).toContain("No ego pose in ego_poses.json lies within 0.05 s of this frame's time: the nearest is 0.15 s away");
    expect((await failures(imported.batchId)).find((row) => row.includes(late))).toContain('ego_poses.json 中没有与这一帧时间相差 0.05 秒以内的自车位姿：最近的相差 0.15 秒');
  });

  it('places each sweep of a turning vehicle by its LiDAR’s pose, so a static wall from every earlier sweep lines up with the last within 5 cm', async () => {
    const { projectId } = await seedProject(platform, 'point_cloud_continuous_frame');
    const sweeps = 10;
    const scene = turningWallScene('scene-0103', sweeps);
    const imported = await importZip(projectId, 'turning', scene.entries);
    expect(imported.batch.failed).toBe(0);
    const itemId = imported.items[0].id;
    const frames = (await call(platform, 'GET', `/manage/items/${itemId}/frames`, { token: admin })).body.data;
    const poses = frames.sensors.egoPoses;
    expect(poses).toHaveLength(sweeps);
    const clouds = await Promise.all(
      Array.from({ length: sweeps }, async (_, frame) => decodePointCloud(new Uint8Array(await (await get(`/manage/items/${itemId}/frames/${frame}/points`)).arrayBuffer()))!),
    );
    const last = clouds[sweeps - 1];
    /** The largest distance between a wall point of an earlier sweep, moved by `m`, and the same point in the last sweep. */
    const farthest = (cloud: (typeof clouds)[number], m: number[] | null) => {
      let worst = 0;
      for (let i = 0; i < cloud.count; i++) {
        const [x, y, z] = [cloud.positions[i * 3], cloud.positions[i * 3 + 1], cloud.positions[i * 3 + 2]];
        const moved = m ? [0, 1, 2].map((row) => m[row * 4] * x + m[row * 4 + 1] * y + m[row * 4 + 2] * z + m[row * 4 + 3]) : [x, y, z];
        worst = Math.max(worst, Math.hypot(moved[0] - last.positions[i * 3], moved[1] - last.positions[i * 3 + 1], moved[2] - last.positions[i * 3 + 2]));
      }
      return worst;
    };
    for (let frame = 0; frame < sweeps - 1; frame++) expect(farthest(clouds[frame], frameToFrame(poses[frame], poses[sweeps - 1])), `sweep ${frame}`).toBeLessThan(0.05);
    // Unaligned, the first sweep's wall stands metres away from where the last sees it.
    expect(farthest(clouds[0], null)).toBeGreaterThan(3);
  });

  it('refuses someone who is not a member of the project, and anyone without a token', async () => {
    await createPerson(platform, admin, { role: '40', name: 'Outsider', account: 'outsider@example.com', password: 'Tagger@123' });
    const stranger = await signIn(platform, 'outsider@example.com', 'Tagger@123', 1);
    const id = idOf('kitti-drive');
    expect((await get(`/manage/items/${id}/frames/0/points`, stranger)).status).toBe(404);
    expect((await get(`/manage/items/${id}/frames/0/cameras/front/media`, stranger)).status).toBe(404);
    expect((await get(`/manage/items/${id}/frames/0/points`, null)).status).toBe(403);
  });

  it('rebuilds the items, their frames and sensors from the events alone', async () => {
    const report = await verifyReplay(platform.database.db, [batchProjection, itemProjection]);
    expect(report.tables.filter((t) => t.missingCount > 0 || t.extraCount > 0)).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
