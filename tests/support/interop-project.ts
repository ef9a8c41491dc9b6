// A published picture project with the tools a format's tests name, and batches of generated images named as a data
// set ships them, for the annotation import and export tests of each format: upload annotations, read the results
// back, export them again.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ExportView } from '@annot/workflows';
import { seedDemoCatalog } from '../../scripts/src/seed-demo-catalog';
import { jpeg, png, upload, zipOf } from './batches';
import { call, eventually, type Platform, startPlatform } from './platform';
import { signInAdmin } from './sign-in';
import { ok, projectBasics, publishProject } from './worked-project';
import { zipEntries } from './zip-entries';

export interface InteropProject {
  platform: Platform;
  admin: string;
  projectId: string;
  annotationLink: string;
  tools: Map<string, string>;
  stop(): Promise<void>;
}

/** An image of the batch, by its path as the data set names it; its format follows the name's extension. */
export interface ImageSpec {
  name: string;
  width: number;
  height: number;
}

export interface ItemResult {
  id: string;
  fileName: string;
  objects: { id: string; toolId: string; attributes: Record<string, unknown>; keyframes: { frame: number; shape: any; attributes: Record<string, unknown>; outside: boolean }[] }[];
}

/** Starts a platform with a project of the given tools (by their definitions); its annotation link takes every batch. */
export async function startInteropProject(title: string, tools: Record<string, unknown>[], annotationType = 'picture_single_frame'): Promise<InteropProject> {
  const platform = await startPlatform();
  const admin = await signInAdmin(platform);
  const catalog = await seedDemoCatalog(async (method, path, body, token) => (await call(platform, method, path, { body, token })).body, admin);
  const made = new Map<string, string>();
  for (const tool of tools) made.set(String(tool.name), (await ok<{ id: string }>(platform, 'POST', '/manage/tools', admin, tool)).id);
  const { projectId, links } = await publishProject(platform, admin, {
    basics: { ...projectBasics({ inspectorMayModify: false, repairAfterAcceptance: false, reacceptPassed: false }), title, annotationType },
    tools: { tools: [...made.values()].map((toolId) => ({ toolId, toolVersion: 1 })), groups: [] },
    ruleId: catalog.ruleId,
    taggers: [],
    inspectors: [],
  });
  return { platform, admin, projectId, annotationLink: links.annotation, tools: made, stop: () => platform.stop() };
}

/** The migration tests' batch: three 200 x 100 pictures, a.jpg, b.jpg and c.jpg, in a batch named Street. */
export const streetPictures = (project: InteropProject): Promise<string> =>
  imageBatch(project, 'Street', ['a.jpg', 'b.jpg', 'c.jpg'].map((name) => ({ name, width: 200, height: 100 })));

/** A batch of generated images under the names given, imported and listed. */
export async function imageBatch(project: InteropProject, name: string, images: ImageSpec[]): Promise<string> {
  const { platform, admin, projectId } = project;
  const batch = await ok<{ id: string }>(platform, 'POST', `/manage/projects/${projectId}/batches`, admin, { name, priority: 10, uploadType: 'zip' });
  const entries = images.map((image, i) => ({ name: image.name, content: /\.jpe?g$/i.test(image.name) ? jpeg(image.width, image.height, i + 1) : png(image.width, image.height, i + 1) }));
  const uploaded = await upload(platform, admin, batch.id, [{ name: 'images.zip', content: await zipOf(entries) }]);
  if (uploaded.status !== 200) throw new Error(JSON.stringify(uploaded.body));
  await eventually(
    () => ok<{ importing: unknown; items: number }>(platform, 'GET', `/manage/batches/${batch.id}`, admin),
    (b) => b.importing === null && b.items === images.length,
    60_000,
  );
  return batch.id;
}

/** Every item of a batch with its latest result, by file name. */
export async function batchResults(project: InteropProject, batchId: string): Promise<Map<string, ItemResult>> {
  const { platform, admin, projectId, annotationLink } = project;
  const listed = (await call(platform, 'GET', `/manage/items/projects/${projectId}?batchId=${batchId}&limit=100&linkId=${annotationLink}`, { token: admin })).body.data.items as { id: string; fileName: string }[];
  const results = new Map<string, ItemResult>();
  for (const item of listed) {
    const detail = (await call(platform, 'GET', `/manage/items/${item.id}`, { token: admin })).body.data;
    results.set(item.fileName, { id: item.id, fileName: item.fileName, objects: detail.result?.result.objects ?? [] });
  }
  return results;
}

/** The archive of an export of the batches in a format, by entry name; with their pictures where asked. */
export async function exportArchive(project: InteropProject, format: string, batchIds: string[], withMedia = false): Promise<Map<string, Buffer>> {
  const { platform, admin, projectId } = project;
  const asked = await call(platform, 'POST', `/manage/projects/${projectId}/exports`, { token: admin, body: { format, scope: { batchIds, gate: 'any', effectiveness: 'all' }, ...(withMedia ? { withMedia } : {}) } });
  if (asked.status !== 200) throw new Error(JSON.stringify(asked.body));
  const record = await eventually(
    async () => (await call(platform, 'GET', `/manage/exports/${asked.body.data.exportId}`, { token: admin })).body.data as ExportView,
    (r) => r.status === 'succeeded' || r.status === 'failed',
    60_000,
  );
  if (record.status !== 'succeeded') throw new Error(JSON.stringify(record));
  const archive = Buffer.from(await (await fetch(`${platform.baseUrl}/manage/exports/${record.exportId}/download`, { headers: { authorization: `Bearer ${admin}` } })).arrayBuffer());
  return zipEntries(archive);
}

/** The text of an archive's entries whose names match, by name. */
export function textEntries(entries: Map<string, Buffer>, pattern: RegExp): Map<string, string> {
  return new Map([...entries].filter(([name]) => pattern.test(name)).map(([name, content]) => [name, content.toString('utf8')]));
}

/** The files of a fixture folder under tests/fixtures, by their path inside it, for a zip or an upload. */
export function fixtureFiles(folder: string): { name: string; content: Buffer }[] {
  const root = join(__dirname, '..', 'fixtures', folder);
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => ({ name: relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'), content: readFileSync(join(entry.parentPath, entry.name)) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
