// The demo algorithm: the demo detector registered by the admin, cited by the demo project's algorithm config, and
// called on a batch of its own with a quarter held out; the tagger then starts from its boxes where there are some
// and draws the vehicles where there are none, and the inspector passes them, so the analysis page has a comparison.
import { type Call, ok } from './seed-demo-call';
import { demoBatch4, uploadBatch } from './seed-demo-project';
import { importedItems } from './seed-demo-work';
import { sceneFrames } from './sample-scenes';

export const demoAlgorithm = {
  interfaceName: 'demo-detector',
  nameZh: '演示车辆检测器',
  nameEn: 'Demo vehicle detector',
  developer: 'Annotation Platform',
  description: 'A classical detector shipped with the platform: saturated colour regions, connected components and their bounding boxes.',
  version: '1.0',
  controlGroupRatio: 25,
  concurrency: 4,
  timeoutMs: 10_000,
};

/** Frames the demo tagger annotates from the call, before the rest is left for a newcomer. */
const workedFrames = 6;

export interface DemoAlgorithmPeople {
  admin: string;
  projectId: string;
  detectorUrl: string;
  tagger: { account: string; password: string };
  inspector: { account: string; password: string };
}

export async function seedDemoAlgorithms(call: Call, people: DemoAlgorithmPeople): Promise<void> {
  const { admin, projectId } = people;
  const registered = ok(await call('GET', '/manage/algorithms', undefined, admin), 'algorithms').items as { interfaceName: string }[];
  if (registered.some((a) => a.interfaceName === demoAlgorithm.interfaceName)) return;
  const algorithmId: string = ok(await call('POST', '/manage/algorithms', { ...demoAlgorithm, endpoint: `${people.detectorUrl}/detect` }, admin), 'algorithm').id;

  const project = ok(await call('GET', `/manage/projects/${projectId}`, undefined, admin), 'project');
  const annotation = (project.links as { id: string; type: string }[]).find((l) => l.type === 'annotation')!;
  const algorithmConfig = { calls: [{ algorithmId, versionId: null, linkId: annotation.id, scoreThreshold: 0.5 }], controlGroupRatio: demoAlgorithm.controlGroupRatio };
  ok(await call('PUT', `/manage/projects/${projectId}/basics`, { ...project.basics, algorithmConfig }, admin), 'algorithm config');

  const batchId = await uploadBatch(call, admin, projectId, demoBatch4);
  if (!(await importedItems(call, admin, projectId))) return;
  const { callId } = ok(await call('POST', '/manage/algorithm-calls', { projectId, algorithmId, scope: { type: 'batch', batchId } }, admin), 'algorithm call');
  for (let tries = 0; ; tries++) {
    const state = ok(await call('GET', `/manage/algorithm-calls/${callId}`, undefined, admin), 'algorithm call');
    if (state.status === 'finished') break;
    if (state.status === 'stopped' || tries > 600) throw new Error(`demo algorithm call: ${state.reason ?? state.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await workFromCall(call, people, project.tools[0], batchId);
}

/** The tagger keeps what the detector found and draws the vehicles of held-out frames; the inspector passes them. */
async function workFromCall(call: Call, people: DemoAlgorithmPeople, tool: { toolId: string; toolVersion: number }, batchId: string): Promise<void> {
  const signIn = async (who: { account: string; password: string }) => ok(await call('POST', '/manage/auth/login', { ...who, role: 1, confirm: true }), 'sign-in').token as string;
  const tagger = await signIn(people.tagger);
  const inspector = await signIn(people.inspector);
  const project = ok(await call('GET', `/manage/projects/${people.projectId}`, undefined, people.admin), 'project');
  const [annotation, inspection] = project.links as { id: string }[];
  const truth = new Map(sceneFrames(demoBatch4.frames, 320, 240).map((f) => [f.name, f.objects]));
  // The batch has the highest priority, so the claim takes its frames first.
  const claimed = ok(await call('POST', `/manage/items/links/${annotation.id}/claims`, { count: workedFrames }, tagger), 'claim').items as string[];
  let submitted = 0;
  for (const itemId of claimed) {
    const item = ok(await call('GET', `/manage/items/${itemId}`, undefined, tagger), 'item');
    if (item.batchId !== batchId) continue;
    const result = item.result?.result ?? {
      frameCount: 1,
      objects: (truth.get(item.fileName) ?? []).map((o, i) => ({
        id: `vehicle-${i + 1}`,
        toolId: tool.toolId,
        toolVersion: tool.toolVersion,
        templateType: 'box',
        attributes: { category: 'car' },
        keyframes: [{ frame: 0, shape: { type: 'box', ...o.box }, attributes: {} }],
      })),
      attributes: {},
    };
    ok(await call('PUT', `/manage/items/${itemId}/result`, { result }, tagger), 'save');
    ok(await call('POST', `/manage/items/${itemId}/submit`, undefined, tagger), 'submit');
    submitted++;
  }
  const checked = ok(await call('POST', `/manage/items/links/${inspection.id}/claims`, { count: submitted }, inspector), 'inspection claim').items as string[];
  for (const itemId of checked) ok(await call('POST', `/manage/items/${itemId}/pass`, undefined, inspector), 'pass');
  await call('GET', '/manage/auth/logout', undefined, tagger);
  await call('GET', '/manage/auth/logout', undefined, inspector);
}
