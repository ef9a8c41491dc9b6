// The demo's point clouds: a fusion project over the generated street (two LiDAR sequences of ten frames with two
// cameras each) with a cuboid tool and one tracked car inspected, and a small LiDAR segmentation project.
import { type Call, ok } from './seed-demo-call';
import { ensure } from './seed-demo-catalog';
import { ensureDemoProject } from './seed-demo-project';
import type { DemoCrewMembers } from './seed-demo-sequences';
import { demoCrew, dismissCrew } from './seed-demo-work';
import { sampleZip } from './sample-images';
import { streetObjects, streetUpload } from './sample-point-clouds';

const option = (name: string, hotkey?: string) => ({ name, displayName: name[0].toUpperCase() + name.slice(1), exportName: name, ...(hotkey ? { hotkey } : {}) });

export const demoFusionTitle = 'Demo: street LiDAR fusion';
export const demoSegmentationTitle = 'Demo: LiDAR segmentation';
/** The fusion project's items: one read from KITTI files, one from PCD files, ten frames each. */
export const demoFusionItems = [
  { folder: 'street-kitti', format: 'kitti' as const, seed: 1 },
  { folder: 'street-pcd', format: 'pcd' as const, seed: 2 },
];
export const demoFusionFrames = 10;

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

export async function seedDemoPointClouds(call: Call, people: DemoCrewMembers): Promise<void> {
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
    await upload(call, people.admin, fusion.projectId, 'Street LiDAR 1', await sampleZip(entries), 'street-lidar.zip');
  }
  await trackOne(call, people, fusion.projectId, vehicle.id, vehicle.toolVersion ?? 1);

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
    await upload(call, people.admin, segmentation.projectId, 'Street frame 1', await sampleZip(entries.filter((entry) => !entry.name.endsWith('timestamps.txt'))), 'street-frame.zip');
  }
}

async function upload(call: Call, token: string, projectId: string, name: string, zip: Buffer, fileName: string): Promise<void> {
  const batch = ok(await call('POST', `/manage/projects/${projectId}/batches`, { name, priority: 10, uploadType: 'zip' }, token), 'batch');
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), fileName);
  ok(await call('POST', `/manage/batches/${batch.id}/upload`, form, token), 'upload');
}

/** The tagger tracks the car ahead through the first item with a keyframe at each end; the inspector passes it. */
async function trackOne(call: Call, people: DemoCrewMembers, projectId: string, toolId: string, toolVersion: number): Promise<void> {
  const crew = await demoCrew(call, { ...people, projectId });
  if (!crew) return;
  const { tagger, inspector } = crew;
  const [itemId] = ok(await call('POST', `/manage/tasks/links/${crew.annotationLinkId}/claims`, { count: 1 }, tagger), 'claim').items as string[];
  const item = ok(await call('GET', `/manage/tasks/items/${itemId}`, undefined, tagger), 'item');
  const frameCount: number = item.frameCount;
  const last = frameCount - 1;
  // Both items show the same street at ten frames a second.
  const keyframe = (frame: number) => ({ frame, shape: streetObjects(frame / 10).ahead.box, attributes: {} });
  const result = {
    frameCount,
    objects: [{ id: 'car-ahead', toolId, toolVersion, templateType: 'cuboid', attributes: { category: 'car' }, keyframes: [keyframe(0), keyframe(last)] }],
    attributes: {},
  };
  ok(await call('PUT', `/manage/tasks/items/${itemId}/result`, { result }, tagger), 'save');
  ok(await call('POST', `/manage/tasks/items/${itemId}/submit`, undefined, tagger), 'submit');
  const [checked] = ok(await call('POST', `/manage/tasks/links/${crew.inspectionLinkId}/claims`, { count: 1 }, inspector), 'inspection claim').items as string[];
  if (checked) ok(await call('POST', `/manage/tasks/items/${checked}/pass`, undefined, inspector), 'pass');
  await dismissCrew(call, crew);
}
