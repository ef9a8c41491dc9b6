// The demo project of `npm run up`: a published project citing the demo catalog, with an annotation and an inspection
// link, its members, and a batch of generated images uploaded as a zip, all made through the API.
import { randomUUID } from 'node:crypto';
import { type Call, ok } from './seed-demo-call';
import { type DemoCatalog, demoToolStep, seedDemoCatalog } from './seed-demo-catalog';
import { sampleZip } from './sample-images';
import { sceneFrames } from './sample-scenes';

export type { Answer, Call } from './seed-demo-call';

export const demoProjectTitle = 'Demo: urban street objects';

/** What sets one demo project apart from another. */
export interface DemoProjectSpec {
  title: string;
  annotationType: string;
  description: string;
  /** The tool step, from the demo catalog. */
  tools: (catalog: DemoCatalog) => unknown;
  /** How long the annotation rule must be read before a first claim; 10 seconds unless given. */
  countdownSeconds?: number;
}

export const streetObjects: DemoProjectSpec = {
  title: demoProjectTitle,
  annotationType: 'picture_single_frame',
  description: 'Road users, drivable area, lane lines, road edges and traffic lights in street-level camera frames.',
  tools: demoToolStep,
};

/** Adds the demo project and its first batch once; a later start finds them and leaves them as they are. */
/** Answers the project's id. */
export async function seedDemoProject(call: Call, token: string, members: DemoMembers): Promise<string> {
  const { projectId, batches } = await ensureDemoProject(call, token, members, streetObjects);
  if (batches.length === 0) await uploadBatch(call, token, projectId, demoBatch1);
  return projectId;
}

export interface DemoMembers {
  teamId: string;
  taggerId: string;
}

/** Finds a demo project by its title or makes it; answers its id and its batches. */
export async function ensureDemoProject(call: Call, token: string, members: DemoMembers | null, spec: DemoProjectSpec): Promise<{ projectId: string; batches: { id: string; name: string }[] }> {
  const existing = ok(await call('GET', `/manage/projects?keyword=${encodeURIComponent(spec.title)}`, undefined, token), 'projects');
  const projectId: string = existing.items.find((p: { title: string }) => p.title === spec.title)?.id ?? (await createProject(call, token, members, spec));
  const batches = ok(await call('GET', `/manage/projects/${projectId}/batches`, undefined, token), 'batches');
  return { projectId, batches };
}

/** A project without members (`null`) takes items and imports, and nobody claims its work. */
async function createProject(call: Call, token: string, members: DemoMembers | null, spec: DemoProjectSpec): Promise<string> {
  const catalog = await seedDemoCatalog(call, token);
  const today = new Date().toISOString().slice(0, 10);
  const end = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const basics = {
    title: spec.title,
    type: 'formal',
    annotationType: spec.annotationType,
    startDate: today,
    endDate: end,
    description: spec.description,
    unitPrice: 0.35,
    reworkMaxCount: 3,
    autoRecycle: { enabled: true, timeoutMinutes: 120 },
    permissions: { inspectorMayModify: true, repairAfterAcceptance: false, reacceptPassed: false },
  };
  const projectId: string = ok(await call('POST', '/manage/projects', basics, token), 'project').id;
  const step = async (name: string, body: unknown) => ok(await call('PUT', `/manage/projects/${projectId}/${name}`, body, token), `project ${name}`);
  const annotation = { id: randomUUID(), type: 'annotation', name: 'Annotation' };
  const inspection = { id: randomUUID(), type: 'inspection', name: 'Inspection' };
  await step('tools', spec.tools(catalog));
  await step('links', { links: [annotation, inspection] });
  await step('rules', { annotationRule: { ruleId: catalog.ruleId, ruleVersion: 1 }, countdownSeconds: spec.countdownSeconds ?? 10, rereadByAnnotator: false, dataRule: null, errorGroupIds: catalog.errorGroupIds });
  ok(await call('POST', `/manage/projects/${projectId}/publish`, undefined, token), 'publish');
  if (members) {
    await step(`links/${annotation.id}/members`, { teamIds: [members.teamId], taggerIds: [members.taggerId] });
    await step(`links/${inspection.id}/members`, { teamIds: [], taggerIds: [members.taggerId] });
  }
  return projectId;
}

export interface DemoBatch {
  name: string;
  /** Larger first in the pools. */
  priority: number;
  frames: number;
}

export const demoBatch1: DemoBatch = { name: 'Demo batch 1', priority: 10, frames: 24 };
/** Taken through sampling and client acceptance by the demo's people. */
export const demoBatch2: DemoBatch = { name: 'Demo batch 2', priority: 20, frames: 12 };
/** Finished and not yet sampled: the quality gates for a newcomer to try. */
export const demoBatch3: DemoBatch = { name: 'Demo batch 3', priority: 15, frames: 6 };
/** Pre-annotated by the demo detector, a quarter held out as its control group, and partly worked from there. */
export const demoBatch4: DemoBatch = { name: 'Demo batch 4', priority: 30, frames: 12 };

/** A batch uploaded as a zip package like a PM would; answers its id. */
export async function uploadZipBatch(call: Call, token: string, projectId: string, batch: { name: string; priority: number }, zip: Buffer, fileName: string): Promise<string> {
  const made = ok(await call('POST', `/manage/projects/${projectId}/batches`, { name: batch.name, priority: batch.priority, uploadType: 'zip' }, token), 'batch');
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), fileName);
  ok(await call('POST', `/manage/batches/${made.id}/upload`, form, token), 'upload');
  return made.id;
}

/** A batch of generated street frames with vehicles; answers its id. */
export async function uploadBatch(call: Call, token: string, projectId: string, demo: DemoBatch): Promise<string> {
  return uploadZipBatch(call, token, projectId, demo, await sampleZip(sceneFrames(demo.frames, 320, 240)), 'demo-frames.zip');
}
