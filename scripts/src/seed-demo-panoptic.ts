// The demo's panoramic segmentation: a project of street frames whose every pixel is a car (one instance each), road
// or sky, with one frame painted by the tagger and passed by the inspector, and its masks exported.
import { encodeMask } from '@annot/workflows';
import { type Call, ok } from './seed-demo-call';
import { ensure } from './seed-demo-catalog';
import { seedDemoExports } from './seed-demo-exports';
import { type DemoMembers, ensureDemoProject, uploadBatch } from './seed-demo-project';
import { importedItems } from './seed-demo-work';
import { sceneFrame } from './sample-scenes';

const maskTools = [
  { name: 'Demo car mask', templateType: 'mask', countable: true, description: 'Each car, an instance of its own' },
  { name: 'Demo road mask', templateType: 'mask', countable: false, description: 'The road surface' },
  { name: 'Demo sky mask', templateType: 'mask', countable: false, description: 'Everything above the road' },
];

export const demoPanopticTitle = 'Demo: street panoptic';

export interface DemoPanopticWork extends DemoMembers {
  admin: string;
  pm: string;
  tagger: { account: string; password: string };
  inspector: { id: string; account: string; password: string };
}

export async function seedDemoPanoptic(call: Call, people: DemoPanopticWork): Promise<void> {
  const tools: { toolId: string; toolVersion: number }[] = [];
  for (const tool of maskTools) {
    const { id, toolVersion } = await ensure(call, people.admin, '/manage/tools', tool);
    tools.push({ toolId: id, toolVersion: toolVersion ?? 1 });
  }
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
async function paintOne(call: Call, people: DemoPanopticWork, projectId: string, tools: { toolId: string; toolVersion: number }[]): Promise<void> {
  const { admin } = people;
  if (!(await importedItems(call, admin, projectId))) return;
  const counts = ok(await call('GET', `/manage/tasks/projects/${projectId}/counts`, undefined, admin), 'counts') as { status: string }[];
  if (counts.some((c) => c.status !== 'waiting')) return;
  const project = ok(await call('GET', `/manage/projects/${projectId}`, undefined, admin), 'project');
  const [annotation, inspection] = project.links as { id: string }[];
  ok(await call('PUT', `/manage/projects/${projectId}/links/${inspection.id}/members`, { teamIds: [], taggerIds: [people.inspector.id] }, admin), 'inspectors');
  const signIn = async (who: { account: string; password: string }) => ok(await call('POST', '/manage/auth/login', { ...who, role: 1, confirm: true }), 'sign-in').token as string;
  const tagger = await signIn(people.tagger);
  const inspector = await signIn(people.inspector);
  const readings = await Promise.all([tagger, inspector].map(async (token) => ok(await call('POST', `/manage/tasks/projects/${projectId}/rule-readings`, undefined, token), 'rule reading')));
  const readyAt = Math.max(...readings.map((r: { readyAt: string | null }) => (r.readyAt ? Date.parse(r.readyAt) : 0)));
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, readyAt - Date.now()) + 100));

  const [itemId] = ok(await call('POST', `/manage/tasks/links/${annotation.id}/claims`, { count: 1 }, tagger), 'claim').items as string[];
  const item = ok(await call('GET', `/manage/tasks/items/${itemId}`, undefined, tagger), 'item');
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
  ok(await call('PUT', `/manage/tasks/items/${itemId}/result`, { result: { frameCount: 1, objects, attributes: {} } }, tagger), 'save');
  ok(await call('POST', `/manage/tasks/items/${itemId}/submit`, undefined, tagger), 'submit');
  const [checked] = ok(await call('POST', `/manage/tasks/links/${inspection.id}/claims`, { count: 1 }, inspector), 'inspection claim').items as string[];
  if (checked) ok(await call('POST', `/manage/tasks/items/${checked}/pass`, undefined, inspector), 'pass');
  await call('GET', '/manage/auth/logout', undefined, tagger);
  await call('GET', '/manage/auth/logout', undefined, inspector);
}
