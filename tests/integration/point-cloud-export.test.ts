// A point-cloud item exported through the worker carries its rig: the sensors imported with its clouds reach the
// encoders, so KITTI 3D writes each frame's calib of the item's first camera (read back to the same camera) and the
// nuScenes-style tables calibrate every camera of the rig.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExportFormat, type ExportView, kittiCalibration } from '@annot/workflows';
import { streetUpload } from '../../scripts/src/sample-point-clouds';
import { seedProject, upload, zipOf } from '../support/batches';
import { call, eventually, startPlatform, type Platform } from '../support/platform';
import { signInAdmin } from '../support/sign-in';

const run = promisify(execFile);

describe('point cloud export', () => {
  let platform: Platform;
  let root: string;
  let admin: string;
  let projectId: string;
  let batchId: string;
  const kitti = streetUpload({ folder: 'kitti-drive', frames: 3, format: 'kitti', pointsPerFrame: 500, seed: 4 });

  /** The batch exported in a format, its archive's entries read by name. */
  async function exported(format: ExportFormat, withMedia = false): Promise<{ names: string[]; read(name: string): Promise<string> }> {
    const asked = await call(platform, 'POST', `/manage/projects/${projectId}/exports`, { token: admin, body: { format, withMedia, scope: { batchIds: [batchId], gate: 'any', effectiveness: 'all' } } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const record = await eventually(
      async () => (await call(platform, 'GET', `/manage/exports/${asked.body.data.exportId}`, { token: admin })).body.data as ExportView,
      (r) => r.status === 'succeeded' || r.status === 'failed',
      120_000,
    );
    expect(record).toMatchObject({ status: 'succeeded', items: 1 });
    const archive = path.join(root, `${format}.zip`);
    await writeFile(archive, Buffer.from(await (await fetch(`${platform.baseUrl}/manage/exports/${record.exportId}/download`, { headers: { authorization: `Bearer ${admin}` } })).arrayBuffer()));
    const names = (await run('unzip', ['-Z1', archive])).stdout.trim().split('\n');
    return { names, read: async (name) => (await run('unzip', ['-p', archive, name], { maxBuffer: 64 * 1024 * 1024 })).stdout };
  }

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'annot-point-cloud-export-'));
    platform = await startPlatform({ config: { storageDir: path.join(root, 'storage'), importRoot: path.join(root, 'import') } });
    admin = await signInAdmin(platform);
    ({ projectId } = await seedProject(platform, 'point_cloud_fusion_continuous_frame'));
    const batch = await call(platform, 'POST', `/manage/projects/${projectId}/batches`, { token: admin, body: { name: 'street', priority: 1, uploadType: 'zip' } });
    batchId = batch.body.data.id;
    expect((await upload(platform, admin, batchId, [{ name: 'street.zip', content: await zipOf(kitti.entries) }])).status).toBe(200);
    await eventually(
      () => call(platform, 'GET', `/manage/batches/${batchId}`, { token: admin }).then((r) => r.body.data),
      (b) => b.importing === null && b.items === 1,
      120_000,
    );
  }, 180_000);
  afterAll(async () => {
    await platform?.stop();
    await rm(root, { recursive: true, force: true });
  });

  it('writes KITTI 3D labels and a calib per frame that reads back to the item’s first camera', async () => {
    const archive = await exported('kitti_3d');
    const calibs = archive.names.filter((n) => /kitti-drive\/calib\/\d{6}\.txt$/.test(n));
    expect(calibs).toHaveLength(3);
    expect(archive.names.filter((n) => /kitti-drive\/label_2\/\d{6}\.txt$/.test(n))).toHaveLength(3);
    const uploaded = kittiCalibration('front', kitti.entries.find((e) => e.name === 'kitti-drive/calib/front.txt')!.content.toString('utf8'), { width: 960, height: 540 });
    const written = kittiCalibration('front', await archive.read(calibs[0]), { width: 960, height: 540 });
    expect(written.intrinsics).toEqual(uploaded.intrinsics);
    written.lidarToCamera.forEach((v, i) => expect(v).toBeCloseTo(uploaded.lidarToCamera[i], 9));
  });

  it('calibrates every camera of the rig in the nuScenes-style tables, makes the item a scene of its frames, and packs the camera images its sample_data names', async () => {
    const archive = await exported('nuscenes', true);
    const table = async (name: string) => JSON.parse(await archive.read(`nuscenes/v1.0-export/${name}.json`));
    expect((await table('sensor')).map((s: { channel: string }) => s.channel).sort()).toEqual(['LIDAR_TOP', 'front', 'front_left']);
    const cameras = (await table('calibrated_sensor')).filter((c: { camera_intrinsic: number[][] }) => c.camera_intrinsic.length === 3);
    expect(cameras).toHaveLength(2);
    expect(await table('scene')).toEqual([expect.objectContaining({ name: 'kitti-drive', nbr_samples: 3 })]);
    const images = (await table('sample_data')).filter((d: { filename: string }) => d.filename.includes('/cameras/')).map((d: { filename: string }) => d.filename);
    expect(images).toHaveLength(6);
    for (const image of images) expect(archive.names).toContain(image);
  });
});
