// Demo work on the demo project, done through the API as its people would: the tagger claims and submits boxes, the
// inspector passes one and rejects one with a mark, so a newcomer sees every state of the loop right away.
import { type Call, ok } from './seed-demo-call';
import { sceneFrame } from './sample-scenes';

/** The demo scenes' size: the demo project's frames are drawn at it. */
const scene = { width: 320, height: 240 };

/**
 * The tagger's box on a demo frame: around the frame's first vehicle, as the scene drew it; a loose one leaves a margin
 * round it, for the inspector to mark.
 */
function vehicleBox(fileName: string, loose: boolean): { x: number; y: number; width: number; height: number } {
  const index = Number(/frame_(\d+)/.exec(fileName)?.[1] ?? 1);
  const { box } = sceneFrame(index, scene.width, scene.height).objects[0];
  if (!loose) return box;
  const margin = 10;
  const x = Math.max(0, box.x - margin);
  const y = Math.max(0, box.y - margin);
  return { x, y, width: Math.min(scene.width, box.x + box.width + margin) - x, height: Math.min(scene.height, box.y + box.height + margin) - y };
}

/** How many of the claimed frames the tagger submits, and which of them gets the loose box. */
const submitted = 5;
const looseOne = 1;

/** A small import is in within a second or two: asked this often, the demo's work starts soon after. */
const importPollMs = 250;

/** The import runs in the worker; the work waits for its items, for at most two minutes. */
export async function importedItems(call: Call, token: string, projectId: string): Promise<boolean> {
  for (let waited = 0; waited < 120_000; waited += importPollMs) {
    const batches = ok(await call('GET', `/manage/projects/${projectId}/batches`, undefined, token), 'batches') as { importing: unknown; items: number }[];
    if (batches.length > 0 && batches.every((b) => b.importing === null && b.items > 0)) return true;
    await new Promise((resolve) => setTimeout(resolve, importPollMs));
  }
  return false;
}

export interface DemoWorkers {
  admin: string;
  tagger: { account: string; password: string };
  inspector: { id: string; account: string; password: string };
  projectId: string;
}

/** The demo's tagger and inspector signed in to work on a project, its links and its project detail. */
export interface DemoCrew {
  tagger: string;
  inspector: string;
  annotationLinkId: string;
  inspectionLinkId: string;
  project: { links: { id: string }[]; tools: { toolId: string; toolVersion: number }[] };
}

/**
 * Gets a demo project's people to work: once its import is in, the inspector on its inspection link, both signed
 * in and past the annotation rule's countdown. Null when the import did not come in or work was done before, so a
 * later start leaves that work as it is.
 */
export async function demoCrew(call: Call, people: DemoWorkers): Promise<DemoCrew | null> {
  const { admin, projectId } = people;
  if (!(await importedItems(call, admin, projectId))) return null;
  const counts = ok(await call('GET', `/manage/items/projects/${projectId}/counts`, undefined, admin), 'counts') as { status: string }[];
  if (counts.some((c) => c.status !== 'waiting')) return null;
  const project = ok(await call('GET', `/manage/projects/${projectId}`, undefined, admin), 'project');
  const [annotation, inspection] = project.links as { id: string }[];
  ok(await call('PUT', `/manage/projects/${projectId}/links/${inspection.id}/members`, { teamIds: [], taggerIds: [people.inspector.id] }, admin), 'inspectors');
  const signIn = async (who: { account: string; password: string }) => ok(await call('POST', '/manage/auth/login', { ...who, role: 1, confirm: true }), 'sign-in').token as string;
  const tagger = await signIn(people.tagger);
  const inspector = await signIn(people.inspector);
  // Both read the annotation rule for its countdown first, as the console makes them.
  const readings = await Promise.all([tagger, inspector].map(async (token) => ok(await call('POST', `/manage/items/projects/${projectId}/rule-readings`, undefined, token), 'rule reading')));
  const readyAt = Math.max(...readings.map((r: { readyAt: string | null }) => (r.readyAt ? Date.parse(r.readyAt) : 0)));
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, readyAt - Date.now()) + 100));
  return { tagger, inspector, annotationLinkId: annotation.id, inspectionLinkId: inspection.id, project };
}

export async function dismissCrew(call: Call, crew: DemoCrew): Promise<void> {
  await call('GET', '/manage/auth/logout', undefined, crew.tagger);
  await call('GET', '/manage/auth/logout', undefined, crew.inspector);
}

export async function seedDemoWork(call: Call, people: DemoWorkers): Promise<void> {
  const crew = await demoCrew(call, people);
  if (!crew) return;
  const { tagger, inspector } = crew;
  const tool = crew.project.tools[0];
  // The demo catalog made the error groups with the project.
  const groups = ok(await call('GET', `/manage/error-groups?keyword=${encodeURIComponent('Demo box errors')}`, undefined, people.admin), 'error groups') as { id: string; name: string }[];
  const group = groups.find((g) => g.name === 'Demo box errors')!;
  const claimed = ok(await call('POST', `/manage/items/links/${crew.annotationLinkId}/claims`, { count: 8 }, tagger), 'claim').items as string[];
  for (const [i, itemId] of claimed.slice(0, submitted).entries()) {
    const { fileName } = ok(await call('GET', `/manage/items/${itemId}`, undefined, tagger), 'item') as { fileName: string };
    const shape = vehicleBox(fileName, i === looseOne);
    const result = {
      frameCount: 1,
      objects: [{ id: `box-${i + 1}`, toolId: tool.toolId, toolVersion: tool.toolVersion, templateType: 'box', attributes: { category: 'car' }, keyframes: [{ frame: 0, shape: { type: 'box', ...shape }, attributes: {} }] }],
      attributes: {},
    };
    ok(await call('PUT', `/manage/items/${itemId}/result`, { result }, tagger), 'save');
    ok(await call('POST', `/manage/items/${itemId}/submit`, undefined, tagger), 'submit');
  }

  const checked = ok(await call('POST', `/manage/items/links/${crew.inspectionLinkId}/claims`, { count: 3 }, inspector), 'inspection claim').items as string[];
  if (checked[0]) ok(await call('POST', `/manage/items/${checked[0]}/pass`, undefined, inspector), 'pass');
  if (checked[1]) {
    const item = ok(await call('GET', `/manage/items/${checked[1]}`, undefined, inspector), 'item') as { result: { result: { objects: { id: string }[] } } | null };
    const objectId = item.result?.result.objects[0]?.id;
    const mark = { errorGroupId: group.id, value: 'loose box', ...(objectId ? { objectId } : {}), comment: 'Fit the box to the car' };
    ok(await call('POST', `/manage/items/${checked[1]}/reject`, { marks: [mark] }, inspector), 'reject');
  }
  await dismissCrew(call, crew);
}
