// The demo's panoramic segmentation: a project of street frames whose every pixel is a car (one instance each), road
// or sky, with one frame painted by the tagger and passed by the inspector, and its masks exported.
import { encodeMask } from '@annot/workflows';
import { type Call, ok } from './seed-demo-call';
import { ensure } from './seed-demo-catalog';
import { seedDemoExports } from './seed-demo-exports';
import { ensureDemoProject, uploadBatch } from './seed-demo-project';
import type { DemoCrewMembers } from './seed-demo-sequences';
import { demoCrew, dismissCrew } from './seed-demo-work';
import { sceneFrame } from './sample-scenes';

const maskTools = [
  { name: 'Demo car mask', templateType: 'mask', countable: true, description: 'Each car, an instance of its own' },
  { name: 'Demo road mask', templateType: 'mask', countable: false, description: 'The road surface' },
  { name: 'Demo sky mask', templateType: 'mask', countable: false, description: 'Everything above the road' },
];

export const demoPanopticTitle = 'Demo: street panoptic';

/** The demo's car, road and sky mask tools, made once; both panoptic projects paint with them. */
export async function ensureMaskTools(call: Call, admin: string): Promise<{ toolId: string; toolVersion: number }[]> {
  const tools: { toolId: string; toolVersion: number }[] = [];
  for (const tool of maskTools) {
    const { id, toolVersion } = await ensure(call, admin, '/manage/tools', tool);
    tools.push({ toolId: id, toolVersion: toolVersion ?? 1 });
  }
  return tools;
}

export async function seedDemoPanoptic(call: Call, people: DemoCrewMembers): Promise<void> {
  const tools = await ensureMaskTools(call, people.admin);
  const { projectId, batches } = await ensureDemoProject(call, people.admin, people, {
    title: demoPanopticTitle,
    annotationType: 'panoramic_semantic_segmentation',
    description: 'Every pixel of a street frame a car, the road or the sky; each car an instance of its own.',
    tools: () => ({ tools, groups: [] }),
    countdownSeconds: 3,
  });
  if (batches.length === 0) await uploadBatch(call, people.admin, projectId, { name: 'Panoptic 1', priority: 10, frames: 4 });
  await paintOne(call, people, projectId, tools);
  await seedDemoExports(call, people.pm, projectId, [{ format: 'coco_panoptic', scope: { gate: 'any', effectiveness: 'valid' }, naming: '{project}_{format}_{date}' }]);
}

/** The tagger paints the first claimed frame from the scene's own geometry: its cars, the road below them, the sky. */
async function paintOne(call: Call, people: DemoCrewMembers, projectId: string, tools: { toolId: string; toolVersion: number }[]): Promise<void> {
  const crew = await demoCrew(call, { ...people, projectId });
  if (!crew) return;
  const { tagger, inspector } = crew;
  const [itemId] = ok(await call('POST', `/manage/items/links/${crew.annotationLinkId}/claims`, { count: 1 }, tagger), 'claim').items as string[];
  const item = ok(await call('GET', `/manage/items/${itemId}`, undefined, tagger), 'item');
  // The batch's frames are the sample scenes in upload order, named frame_0001.png on.
  const index = Number(/frame_(\d+)/.exec(item.fileName)?.[1] ?? 1);
  const { width, height } = item as { width: number; height: number };
  const scene = sceneFrame(index, width, height);
  const roadTop = Math.floor(height * 0.45);
  const inCar = (x: number, y: number) => scene.objects.findIndex(({ box }) => x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height);
  const region = (painted: (x: number, y: number) => boolean) => encodeMask(width, height, (offset) => painted(offset % width, Math.floor(offset / width)));
  const [car, road, sky] = tools;
  const object = (id: string, tool: typeof car, shape: unknown) => ({ id, toolId: tool.toolId, toolVersion: tool.toolVersion, templateType: 'mask', attributes: {}, keyframes: [{ frame: 0, shape, attributes: {} }] });
  const objects = [
    ...scene.objects.map((_, n) => object(`car-${n + 1}`, car, region((x, y) => inCar(x, y) === n))),
    object('road', road, region((x, y) => y >= roadTop && inCar(x, y) < 0)),
    object('sky', sky, region((x, y) => y < roadTop && inCar(x, y) < 0)),
  ];
  ok(await call('PUT', `/manage/items/${itemId}/result`, { result: { frameCount: 1, objects, attributes: {} } }, tagger), 'save');
  ok(await call('POST', `/manage/items/${itemId}/submit`, undefined, tagger), 'submit');
  const [checked] = ok(await call('POST', `/manage/items/links/${crew.inspectionLinkId}/claims`, { count: 1 }, inspector), 'inspection claim').items as string[];
  if (checked) ok(await call('POST', `/manage/items/${checked}/pass`, undefined, inspector), 'pass');
  await dismissCrew(call, crew);
}
