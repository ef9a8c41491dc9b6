// The demo's point clouds: a fusion project over the generated street (LiDAR sequences of ten frames with two cameras
// each) with a cuboid tool, its items at each stage of the work, and a small LiDAR segmentation project.
import { type Call, ok } from './seed-demo-call';
import { ensure } from './seed-demo-catalog';
import { seedDemoExports } from './seed-demo-exports';
import { ensureDemoProject, uploadZipBatch } from './seed-demo-project';
import { acceptBatch, judgeSampleRound } from './seed-demo-quality';
import type { DemoCrewMembers } from './seed-demo-sequences';
import { type DemoCrew, demoCrew, dismissCrew, importedItems } from './seed-demo-work';
import { sampleZip } from './sample-images';
import { streetObjects, streetUpload } from './sample-point-clouds';

const option = (name: string, hotkey?: string) => ({ name, displayName: name[0].toUpperCase() + name.slice(1), exportName: name, ...(hotkey ? { hotkey } : {}) });

export const demoFusionTitle = 'Demo: street LiDAR fusion';
export const demoSegmentationTitle = 'Demo: LiDAR segmentation';
/**
 * The fusion project's first batch: one item read from KITTI files, tracked, inspected, sampled, accepted and exported;
 * one read from PCD files, waiting for a newcomer to annotate. Ten frames each.
 */
export const demoFusionItems = [
  { folder: 'street-kitti', format: 'kitti' as const, seed: 1 },
  { folder: 'street-pcd', format: 'pcd' as const, seed: 2 },
];
/** The second batch, taken before the first's waiting item (a larger priority): tracked and inspected, waiting to be sampled. */
export const demoFusionLater = { batch: 'Street LiDAR 2', priority: 20, folder: 'street-kitti-2', format: 'kitti' as const, seed: 4 };
export const demoFusionFrames = 10;
/** The PM's deliveries of the fusion project: what the client accepted in KITTI 3D, every item as nuScenes and OpenLABEL. */
export const demoFusionExports = [
  { format: 'kitti_3d', scope: { gate: 'accepted', effectiveness: 'valid' }, naming: '{project}_accepted_{format}_{date}' },
  { format: 'nuscenes', scope: { gate: 'any', effectiveness: 'valid' }, naming: '{project}_{format}_{date}', withMedia: false },
  { format: 'openlabel', scope: { gate: 'any', effectiveness: 'valid' }, naming: '{project}_{format}_{date}', withMedia: false },
];

/** Who works the demo point clouds: the demo crew and the client acceptor. */
export interface DemoPointCloudPeople extends DemoCrewMembers {
  client: { id: string; account: string; password: string };
}

const cuboidTool = {
  name: 'Vehicle 3D',
  templateType: 'cuboid',
  description: 'A cuboid around every car, truck and pedestrian, tracked through the frames',
  rangeCircles: '20,40,60',
  pointCloudOverlayFrames: 5,
  autoTrackFrames: 10,
  sameBoxSizeCount: 1,
  attributes: [{ name: 'category', displayName: 'Category', exportName: 'category', type: 'single', required: true, hotkey: 'c', options: [option('car', '1'), option('truck', '2'), option('pedestrian', '3')] }],
};
const segmentTools = ['road', 'car', 'pedestrian'].map((name) => ({ name: `Segment ${name}`, templateType: 'segment', description: `Points of the ${name}` }));

export async function seedDemoPointClouds(call: Call, people: DemoPointCloudPeople): Promise<void> {
  const vehicle = await ensure(call, people.admin, '/manage/tools', cuboidTool);
  const fusion = await ensureDemoProject(call, people.admin, people, {
    title: demoFusionTitle,
    annotationType: 'point_cloud_fusion_continuous_frame',
    description: 'Cars and pedestrians boxed in 3D on a LiDAR sequence and seen projected in a front and a front-left camera.',
    tools: () => ({ tools: [{ toolId: vehicle.id, toolVersion: vehicle.toolVersion ?? 1 }], groups: [] }),
    countdownSeconds: 3,
  });
  if (fusion.batches.length === 0) {
    const entries = demoFusionItems.flatMap(({ folder, format, seed }) => streetUpload({ folder, format, seed, frames: demoFusionFrames }).entries);
    await uploadZipBatch(call, people.admin, fusion.projectId, { name: 'Street LiDAR 1', priority: 10 }, await sampleZip(entries), 'street-lidar.zip');
  }
  await workFusion(call, people, fusion.projectId, { toolId: vehicle.id, toolVersion: vehicle.toolVersion ?? 1 });
  await seedDemoExports(call, people.pm, fusion.projectId, demoFusionExports);

  const segments: { toolId: string; toolVersion: number }[] = [];
  for (const tool of segmentTools) {
    const { id, toolVersion } = await ensure(call, people.admin, '/manage/tools', tool);
    segments.push({ toolId: id, toolVersion: toolVersion ?? 1 });
  }
  const segmentation = await ensureDemoProject(call, people.admin, people, {
    title: demoSegmentationTitle,
    annotationType: 'point_cloud_semantic_segmentation',
    description: 'Every point of a LiDAR frame labelled road, car or pedestrian.',
    tools: () => ({ tools: segments, groups: [] }),
    countdownSeconds: 3,
  });
  if (segmentation.batches.length === 0) {
    const { entries } = streetUpload({ folder: 'street-frame', format: 'pcd', seed: 3, frames: 1, cameras: false });
    await uploadZipBatch(call, people.admin, segmentation.projectId, { name: 'Street frame 1', priority: 10 }, await sampleZip(entries.filter((entry) => !entry.name.endsWith('timestamps.txt'))), 'street-frame.zip');
  }
}

/**
 * The first batch's first item through every gate: tracked and inspected, sampled and passed by the inspector, accepted
 * by the client and passed by the PM. Then a second batch's item tracked and inspected, left for a newcomer to sample.
 * Work done before is left as it is.
 */
async function workFusion(call: Call, people: DemoPointCloudPeople, projectId: string, tool: { toolId: string; toolVersion: number }): Promise<void> {
  const crew = await demoCrew(call, { ...people, projectId });
  if (!crew) return;
  await trackAndInspect(call, crew, tool);
  const [first] = ok(await call('GET', `/manage/projects/${projectId}/batches`, undefined, people.admin), 'batches') as { id: string }[];
  const taskId = ok(await call('POST', `/manage/quality/projects/${projectId}/sampling`, { scope: { kind: 'batch', batchId: first.id }, rule: { by: 'ratio', ratio: 100 } }, people.admin), 'sampling task')
    .taskId as string;
  await judgeSampleRound(call, taskId, crew.inspector, null);
  const [accepted] = ok(
    await call('POST', `/manage/quality/projects/${projectId}/acceptance`, { dataBatchIds: [first.id], split: { by: 'number', batches: 1 }, acceptorIds: [people.client.id] }, people.admin),
    'acceptance batch',
  ).created as { batchId: string }[];
  const client = ok(await call('POST', '/manage/auth/login', { account: people.client.account, password: people.client.password, role: 3, confirm: true }), 'client sign-in').token as string;
  await acceptBatch(call, accepted.batchId, { client, pm: people.admin }, null);
  await call('GET', '/manage/auth/logout', undefined, client);

  const { batch, priority, ...later } = demoFusionLater;
  await uploadZipBatch(call, people.admin, projectId, { name: batch, priority }, await sampleZip(streetUpload({ ...later, frames: demoFusionFrames }).entries), 'street-lidar-2.zip');
  if (await importedItems(call, people.admin, projectId)) await trackAndInspect(call, crew, tool);
  await dismissCrew(call, crew);
}

/** The tagger tracks the car ahead through the next item of the pool with a keyframe at each end; the inspector passes it. */
async function trackAndInspect(call: Call, crew: DemoCrew, tool: { toolId: string; toolVersion: number }): Promise<void> {
  const { tagger, inspector } = crew;
  const [itemId] = ok(await call('POST', `/manage/items/links/${crew.annotationLinkId}/claims`, { count: 1 }, tagger), 'claim').items as string[];
  const item = ok(await call('GET', `/manage/items/${itemId}`, undefined, tagger), 'item');
  const frameCount: number = item.frameCount;
  const last = frameCount - 1;
  // Every item shows the same street at ten frames a second.
  const keyframe = (frame: number) => ({ frame, shape: streetObjects(frame / 10).ahead.box, attributes: {} });
  const result = {
    frameCount,
    objects: [{ id: 'car-ahead', ...tool, templateType: 'cuboid', attributes: { category: 'car' }, keyframes: [keyframe(0), keyframe(last)] }],
    attributes: {},
  };
  ok(await call('PUT', `/manage/items/${itemId}/result`, { result }, tagger), 'save');
  ok(await call('POST', `/manage/items/${itemId}/submit`, undefined, tagger), 'submit');
  const [checked] = ok(await call('POST', `/manage/items/links/${crew.inspectionLinkId}/claims`, { count: 1 }, inspector), 'inspection claim').items as string[];
  if (checked) ok(await call('POST', `/manage/items/${checked}/pass`, undefined, inspector), 'pass');
}
