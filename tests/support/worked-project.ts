// A published project whose items are finished through the real work loop over HTTP, for the quality gates' tests:
// the PM (the admin) makes it with the demo catalog's tools, one tagger annotates, another inspects and passes.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { AppConfig } from '@annot/core';
import { demoToolStep, seedDemoCatalog } from '../../scripts/src/seed-demo-catalog';
import { sampleFrames, sampleZip } from '../../scripts/src/sample-images';
import { upload } from './batches';
import { boxResult } from './demo';
import { createPerson } from './people';
import { call, eventually, type Platform, startPlatform } from './platform';
import { signIn, signInAdmin } from './sign-in';

export interface Person {
  id: string;
  token: string;
}

export interface WorkedProject {
  platform: Platform;
  /** The admin's token: the PM of the project. */
  admin: string;
  projectId: string;
  links: { annotation: string; inspection: string };
  toolId: string;
  /** An error group of the demo catalog, for marks. */
  errorGroupId: string;
  tagger: Person;
  inspector: Person;
  /** The data batches, in the order given, with their items' ids. */
  dataBatches: { id: string; itemIds: string[] }[];
}

export interface ProjectPermissions {
  inspectorMayModify: boolean;
  repairAfterAcceptance: boolean;
  reacceptPassed: boolean;
}

const noPermissions: ProjectPermissions = { inspectorMayModify: false, repairAfterAcceptance: false, reacceptPassed: false };

/** Answers the data of a call that must succeed. */
export async function ok<T = any>(platform: Platform, method: string, path: string, token: string, body?: unknown): Promise<T> {
  const answer = await call<T>(platform, method, path, { token, body });
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.data;
}

/** Signs up a person of a role as the admin would, and signs them in on their tab. */
export async function person(platform: Platform, admin: string, role: '40' | '50', name: string): Promise<Person> {
  const account = `${name.toLowerCase().replace(/\W+/g, '-')}@example.com`;
  const id = await createPerson(platform, admin, { role, name, account, password: 'Person@123' });
  return { id, token: await signIn(platform, account, 'Person@123', role === '50' ? 3 : 1) };
}

/** The basics of the project as the wizard's first step sends them. */
export function projectBasics(permissions: ProjectPermissions) {
  const today = new Date().toISOString().slice(0, 10);
  return {
    title: 'Quality gates',
    type: 'formal',
    annotationType: 'picture_single_frame',
    startDate: today,
    endDate: today,
    unitPrice: 0.35,
    reworkMaxCount: 3,
    autoRecycle: { enabled: false, timeoutMinutes: null },
    permissions,
  };
}

/**
 * A published project with an annotation and an inspection link, its taggers and inspectors on them and past the
 * annotation rule (no countdown), marking with the given error groups or else every group of the catalogue; answers
 * its id and its links.
 */
export async function publishProject(
  platform: Platform,
  admin: string,
  setup: { basics: object; tools: unknown; ruleId: string; errorGroupIds?: string[]; taggers: Person[]; inspectors: Person[] },
): Promise<{ projectId: string; links: { annotation: string; inspection: string } }> {
  const errorGroupIds = setup.errorGroupIds ?? (await ok<{ id: string }[]>(platform, 'GET', '/manage/error-groups', admin)).map((group) => group.id);
  const projectId = (await ok<{ id: string }>(platform, 'POST', '/manage/projects', admin, setup.basics)).id;
  const links = { annotation: randomUUID(), inspection: randomUUID() };
  await ok(platform, 'PUT', `/manage/projects/${projectId}/tools`, admin, setup.tools);
  await ok(platform, 'PUT', `/manage/projects/${projectId}/links`, admin, {
    links: [
      { id: links.annotation, type: 'annotation', name: 'Annotation' },
      { id: links.inspection, type: 'inspection', name: 'Inspection' },
    ],
  });
  await ok(platform, 'PUT', `/manage/projects/${projectId}/rules`, admin, { annotationRule: { ruleId: setup.ruleId, ruleVersion: 1 }, countdownSeconds: 0, rereadByAnnotator: false, dataRule: null, errorGroupIds });
  await ok(platform, 'POST', `/manage/projects/${projectId}/publish`, admin);
  await ok(platform, 'PUT', `/manage/projects/${projectId}/links/${links.annotation}/members`, admin, { teamIds: [], taggerIds: setup.taggers.map((p) => p.id) });
  if (setup.inspectors.length > 0) await ok(platform, 'PUT', `/manage/projects/${projectId}/links/${links.inspection}/members`, admin, { teamIds: [], taggerIds: setup.inspectors.map((p) => p.id) });
  for (const who of [...setup.taggers, ...setup.inspectors]) await ok(platform, 'POST', `/manage/items/projects/${projectId}/rule-readings`, who.token);
  return { projectId, links };
}

/** Starts a platform with a published project of data batches of `frames` images each, their items waiting to be worked. */
export async function startWorkedProject(options: { frames: number[]; permissions?: Partial<ProjectPermissions>; config?: Partial<AppConfig> }): Promise<WorkedProject> {
  const platform = await startPlatform({ config: options.config });
  const admin = await signInAdmin(platform);
  const seederCall = async (method: string, path: string, body?: unknown, token?: string) => (await call(platform, method, path, { body, token })).body;
  const catalog = await seedDemoCatalog(seederCall, admin);
  const groups = await ok<{ id: string; name: string }[]>(platform, 'GET', '/manage/error-groups', admin);
  const tagger = await person(platform, admin, '40', 'Annotating Tagger');
  const inspector = await person(platform, admin, '40', 'Inspecting Tagger');

  const { projectId, links } = await publishProject(platform, admin, {
    basics: projectBasics({ ...noPermissions, ...options.permissions }),
    tools: demoToolStep(catalog),
    ruleId: catalog.ruleId,
    taggers: [tagger],
    inspectors: [inspector],
  });

  const dataBatches: WorkedProject['dataBatches'] = [];
  for (const [i, frames] of options.frames.entries()) {
    const batch = await ok<{ id: string }>(platform, 'POST', `/manage/projects/${projectId}/batches`, admin, { name: `Batch ${i + 1}`, priority: 10, uploadType: 'zip' });
    const uploaded = await upload(platform, admin, batch.id, [{ name: 'frames.zip', content: await sampleZip(sampleFrames(frames, 160, 120)) }]);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    await eventually(
      () => ok<{ importing: unknown; items: number }>(platform, 'GET', `/manage/batches/${batch.id}`, admin),
      (b) => b.importing === null && b.items === frames,
      60_000,
    );
    const items = await ok<{ items: { id: string }[] }>(platform, 'GET', `/manage/batches/${batch.id}/items?limit=100`, admin);
    dataBatches.push({ id: batch.id, itemIds: items.items.map((item) => item.id) });
  }
  const toolId = demoToolStep(catalog).tools[0].toolId;
  return { platform, admin, projectId, links, toolId, errorGroupId: groups[0].id, tagger, inspector, dataBatches };
}

/**
 * Takes up to `count` items of the annotation pool (rework first, then by batch) through the work loop: the tagger
 * claims, saves a box and submits, the inspector claims and passes, and the item finishes. Answers the finished ids.
 */
export async function finishItems(project: WorkedProject, count: number): Promise<string[]> {
  const { platform, links, tagger, inspector } = project;
  const claimed = (await ok<{ items: string[] }>(platform, 'POST', `/manage/items/links/${links.annotation}/claims`, tagger.token, { count })).items;
  for (const itemId of claimed) {
    await ok(platform, 'PUT', `/manage/items/${itemId}/result`, tagger.token, { result: boxResult(project.toolId) });
    await ok(platform, 'POST', `/manage/items/${itemId}/submit`, tagger.token);
  }
  const inspected = (await ok<{ items: string[] }>(platform, 'POST', `/manage/items/links/${links.inspection}/claims`, inspector.token, { count: 100 })).items;
  for (const itemId of inspected) expect((await ok<{ status: string }>(platform, 'POST', `/manage/items/${itemId}/pass`, inspector.token)).status).toBe('finished');
  return inspected;
}

/**
 * A client acceptor, signed up by the admin, passes the finished items of the project's first batch in one acceptance
 * batch, which the admin then passes. Answers the acceptor.
 */
export async function acceptFirstBatch(project: WorkedProject, finished: string[]): Promise<Person> {
  const { platform, admin } = project;
  const client = await person(platform, admin, '50', 'Client Acceptor');
  const made = await ok(platform, 'POST', `/manage/quality/projects/${project.projectId}/acceptance`, admin, {
    dataBatchIds: [project.dataBatches[0].id],
    split: { by: 'number', batches: 1 },
    acceptorIds: [client.id],
  });
  const batchId = made.created[0].batchId;
  await ok(platform, 'POST', `/manage/quality/acceptance/${batchId}/claim`, client.token, {});
  for (const id of finished) await ok(platform, 'POST', `/manage/quality/acceptance/${batchId}/items/${id}/judge`, client.token, { verdict: 'pass', marks: [] });
  await ok(platform, 'POST', `/manage/quality/acceptance/${batchId}/submit`, client.token);
  await ok(platform, 'POST', `/manage/quality/acceptance/${batchId}/pass`, admin);
  return client;
}
