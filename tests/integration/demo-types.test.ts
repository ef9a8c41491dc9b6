// The demo's projects beyond single pictures, as `npm run up` leaves them: driving sequences of their frames, a
// dashcam video decoded into its frames, panoptic street frames and a panoptic drive painted frame by frame, each
// with an item worked through inspection and an export of its kind holding what was annotated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePointCloud, maskArea, type ResultObject, shapeAt } from '@annot/workflows';
import { demoSequenceProject, demoSequences, demoVideoFrames, demoVideoProject } from '../../scripts/src/seed-demo-sequences';
import { demoPanopticTitle } from '../../scripts/src/seed-demo-panoptic';
import { demoPanopticSequenceTitle } from '../../scripts/src/seed-demo-panoptic-sequence';
import { demoFusionFrames, demoFusionItems, demoFusionLater, demoFusionTitle, demoSegmentationTitle } from '../../scripts/src/seed-demo-point-clouds';
import { demoCommand } from '../../scripts/src/seed-demo-command';
import { startDemo } from '../support/demo';
import { call, type Platform } from '../support/platform';
import { signInAdmin } from '../support/sign-in';
import { zipEntries } from '../support/zip-entries';

type Item = { id: string; fileName: string; status: string; frameCount: number; width: number; height: number };

describe('demo of other annotation types', () => {
  let platform: Platform;
  let admin: string;
  let projects: { id: string; title: string }[];

  beforeAll(async () => {
    ({ platform, admin } = await startDemo({ otherTypes: true }));
    projects = (await call(platform, 'GET', '/manage/projects?tab=going', { token: admin })).body.data.items;
    // Every type's projects, the LiDAR street's twenty clouds and forty camera images among them.
  }, 300_000);
  afterAll(async () => platform?.stop());

  const projectId = (title: string) => projects.find((p) => p.title === title)!.id;
  const items = async (title: string): Promise<Item[]> => (await call(platform, 'GET', `/manage/items/projects/${projectId(title)}?limit=100`, { token: admin })).body.data.items;
  const exported = async (title: string) => {
    const [record] = (await call(platform, 'GET', `/manage/projects/${projectId(title)}/exports`, { token: admin })).body.data.items;
    expect(record.status).toBe('succeeded');
    const archive = Buffer.from(await (await fetch(`${platform.baseUrl}/manage/exports/${record.exportId}/download`, { headers: { authorization: `Bearer ${admin}` } })).arrayBuffer());
    return zipEntries(archive);
  };

  it('makes each folder of frames one sequence item, and tracks the cars of one through inspection into MOT', async () => {
    const sequences = await items(demoSequenceProject.title);
    expect(sequences.map((i) => [i.fileName, i.frameCount]).sort()).toEqual(demoSequences.map((s) => [s.folder, s.frames]).sort());
    const worked = sequences.find((i) => i.status === 'finished')!;
    const frames = (await call(platform, 'GET', `/manage/items/${worked.id}/frames`, { token: admin })).body.data.frames;
    expect(frames).toHaveLength(worked.frameCount);

    const entries = await exported(demoSequenceProject.title);
    const gt = [...entries.entries()].find(([name]) => name.endsWith('gt/gt.txt'))![1].toString();
    const lines = gt.trim().split('\n').map((line) => line.split(','));
    const framesOf = (id: string) => lines.filter((l) => l[1] === id).map((l) => Number(l[0]));
    const ids = [...new Set(lines.map((l) => l[1]))];
    expect(ids).toHaveLength(2);
    // The crossing car is in every frame; the leaving one only until the middle of the sequence.
    const [crossing, leaving] = ids.map(framesOf).sort((a, b) => b.length - a.length);
    expect(crossing).toEqual(Array.from({ length: worked.frameCount }, (_, i) => i + 1));
    expect(leaving).toEqual(Array.from({ length: Math.ceil(worked.frameCount / 2) }, (_, i) => i + 1));
  });

  it('decodes the dashcam clip into its frames, and exports its tracks as COCO video', async () => {
    const [clip] = await items(demoVideoProject.title);
    expect(clip).toMatchObject({ fileName: 'dashcam.mp4', frameCount: demoVideoFrames, status: 'finished' });
    const media = await fetch(`${platform.baseUrl}/manage/items/${clip.id}/frames/${demoVideoFrames - 1}/media`, { headers: { authorization: `Bearer ${admin}` } });
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toMatch(/^image\//);

    const entries = await exported(demoVideoProject.title);
    const coco = JSON.parse(entries.get('annotations/video_instances.json')!.toString());
    expect(coco.videos).toHaveLength(1);
    expect(coco.images).toHaveLength(demoVideoFrames);
    expect(coco.tracks).toHaveLength(2);
    expect(coco.annotations).toHaveLength(demoVideoFrames + Math.ceil(demoVideoFrames / 2));
  });

  it('imports the street LiDAR with its two cameras, and tracks the car ahead in 3D through inspection, sampling and acceptance into KITTI 3D', async () => {
    const clouds = await items(demoFusionTitle);
    const folders = [...demoFusionItems, demoFusionLater].map((d) => d.folder);
    expect(clouds.map((i) => [i.fileName, i.frameCount, i.width, i.height]).sort()).toEqual(folders.map((folder) => [folder, demoFusionFrames, 960, 540]).sort());
    // One item waits for a newcomer to annotate, one for a newcomer to sample; the first went through every gate.
    const byFolder = new Map(clouds.map((i) => [i.fileName, i]));
    expect(folders.map((folder) => byFolder.get(folder)!.status)).toEqual(['finished', 'waiting', 'finished']);
    const worked = byFolder.get(demoFusionItems[0].folder)!;
    const frames = (await call(platform, 'GET', `/manage/items/${worked.id}/frames`, { token: admin })).body.data;
    expect(frames.sensors.cameras.map((c: { name: string; distortion: { model: string } }) => [c.name, c.distortion.model])).toEqual([['front', 'none'], ['front_left', 'radtan']]);
    const get = (url: string) => fetch(`${platform.baseUrl}${url}`, { headers: { authorization: `Bearer ${admin}` } });
    const cloud = decodePointCloud(new Uint8Array(await (await get(`/manage/items/${worked.id}/frames/${demoFusionFrames - 1}/points`)).arrayBuffer()))!;
    expect(cloud.count).toBe(100_000);
    // Lane marks shine back: the road's brightest points are far above its median.
    expect(Math.max(...cloud.intensity!.subarray(0, 50_000))).toBeGreaterThan(0.8);
    expect((await get(`/manage/items/${worked.id}/frames/0/cameras/front_left/media`)).headers.get('content-type')).toBe('image/png');
    const { result } = (await call(platform, 'GET', `/manage/items/${worked.id}`, { token: admin })).body.data.result;
    expect(result.objects).toHaveLength(1);
    expect(result.objects[0]).toMatchObject({ templateType: 'cuboid', attributes: { category: 'car' } });
    expect(result.objects[0].keyframes.map((k: { frame: number }) => k.frame)).toEqual([0, demoFusionFrames - 1]);

    const fusionId = projectId(demoFusionTitle);
    const sampling = (await call(platform, 'GET', `/manage/quality/projects/${fusionId}/sampling`, { token: admin })).body.data.items;
    expect(sampling.map((t: { status: string }) => t.status)).toEqual(['passed']);
    const [acceptance] = (await call(platform, 'GET', `/manage/quality/projects/${fusionId}/acceptance`, { token: admin })).body.data.items;
    const accepted = (await call(platform, 'GET', `/manage/quality/acceptance/${acceptance.batchId}`, { token: admin })).body.data;
    expect(accepted).toMatchObject({ batch: { status: 'passed' }, items: [{ itemId: worked.id, outcome: 'passed' }] });
    const records = (await call(platform, 'GET', `/manage/projects/${fusionId}/exports`, { token: admin })).body.data.items as { exportId: string; format: string; status: string }[];
    expect(records.map((r) => [r.format, r.status]).sort()).toEqual([['kitti_3d', 'succeeded'], ['nuscenes', 'succeeded'], ['openlabel', 'succeeded']]);
    // The accepted item alone in KITTI 3D: a label line for the car at each of its frames.
    const kitti = await zipEntries(Buffer.from(await (await get(`/manage/exports/${records.find((r) => r.format === 'kitti_3d')!.exportId}/download`)).arrayBuffer()));
    const labels = [...kitti.entries()].filter(([name]) => name.includes('/label_2/'));
    expect(labels.map(([, content]) => content.toString().trim().split('\n').length)).toEqual(Array(demoFusionFrames).fill(1));

    const [frame] = await items(demoSegmentationTitle);
    expect(frame).toMatchObject({ fileName: 'street-frame', frameCount: 1 });
  });

  it('paints one panoptic frame whole, a car an instance each, and exports its segments as COCO panoptic', async () => {
    const frames = await items(demoPanopticTitle);
    const painted = frames.find((i) => i.status === 'finished')!;
    const { result } = (await call(platform, 'GET', `/manage/items/${painted.id}`, { token: admin })).body.data.result;
    const areas = result.objects.map((o: { keyframes: { shape: { counts: number[] } }[] }) => maskArea(o.keyframes[0].shape));
    expect(areas.reduce((sum: number, a: number) => sum + a, 0)).toBe(painted.width * painted.height);

    const entries = await exported(demoPanopticTitle);
    const panoptic = JSON.parse(entries.get('annotations/panoptic.json')!.toString());
    expect(panoptic.annotations).toHaveLength(1);
    expect(panoptic.annotations[0].segments_info).toHaveLength(result.objects.length);
    expect([...entries.keys()].filter((name) => name.startsWith('panoptic/') && name.endsWith('.png'))).toHaveLength(1);
  });

  it('paints a panoptic drive with a keyframe of each region on every frame, the leaving car outside from the middle, and exports every frame', async () => {
    const [drive] = await items(demoPanopticSequenceTitle);
    expect(drive).toMatchObject({ fileName: 'panoptic-drive', frameCount: 4, status: 'finished' });
    const { result } = (await call(platform, 'GET', `/manage/items/${drive.id}`, { token: admin })).body.data.result;
    const objects = result.objects as ResultObject[];
    for (let frame = 0; frame < drive.frameCount; frame++) {
      const painted = objects.flatMap((o) => {
        const shape = shapeAt(o, frame);
        return shape?.type === 'mask' ? [maskArea(shape)] : [];
      });
      expect(painted.reduce((sum, area) => sum + area, 0), `frame ${frame}`).toBe(drive.width * drive.height);
    }
    const leaving = objects.find((o) => o.id === 'leaving')!;
    expect(leaving.keyframes.map((k) => [k.frame, k.outside])).toEqual([[0, false], [1, false], [2, true]]);

    const entries = await exported(demoPanopticSequenceTitle);
    const panoptic = JSON.parse(entries.get('annotations/panoptic.json')!.toString());
    expect(panoptic.annotations.map((a: { file_name: string }) => a.file_name)).toEqual([0, 1, 2, 3].map((n) => `Panoptic drive 1/panoptic-drive/00000${n}.png`));
    expect(panoptic.annotations.map((a: { segments_info: unknown[] }) => a.segments_info.length)).toEqual([4, 4, 3, 3]);
  });

  // Last: the command signs the admin in again, which signs this file's admin session out.
  it('is left as it is when the demo command runs again against the running platform, which prints its sign-ins', async () => {
    const env = { ...process.env, DATABASE_URL: platform.database.url, MAIL_URL: undefined };
    const printed: string[] = [];
    const counts = async (token: string) => {
      const going: { id: string; title: string }[] = (await call(platform, 'GET', '/manage/projects?tab=going', { token })).body.data.items;
      const pages = await Promise.all(going.map(async (p) => [p.title, (await call(platform, 'GET', `/manage/items/projects/${p.id}?limit=100`, { token })).body.data.items.length] as const));
      return pages.sort();
    };
    const before = await counts(admin);
    expect(await demoCommand(['--api', platform.baseUrl], env, (line) => printed.push(line))).toBe(0);
    expect(printed).toContain('  internal pm@example.com / Demo@2026');
    expect(printed).toContain('  client   client@example.com / Demo@2026');
    expect(await counts(await signInAdmin(platform))).toEqual(before);
  }, 120_000);

  it('refuses options that are not its own, and a platform that sends its sign-in codes by mail', async () => {
    const printed: string[] = [];
    expect(await demoCommand([], process.env, (line) => printed.push(line))).toBe(2);
    expect(await demoCommand(['--api', 'platform:3000'], process.env, (line) => printed.push(line))).toBe(2);
    expect(await demoCommand(['--api', platform.baseUrl, '--verbose'], process.env, (line) => printed.push(line))).toBe(2);
    expect(printed.filter((line) => line.startsWith('usage:'))).toHaveLength(3);
    const mailed = await demoCommand(['--api', platform.baseUrl], { ...process.env, MAIL_URL: 'smtp://mail.example.com:587' }, (line) => printed.push(line));
    expect(mailed).toBe(1);
    expect(printed.at(-1)).toMatch(/^MAIL_URL is set/);
  });
});
