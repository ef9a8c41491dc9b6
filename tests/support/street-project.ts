// A fusion project over the generated street, as the point-cloud browser tests start from: the demo catalog, a cuboid
// tool "Car" (and further cuboid tools of the same definition by the names given), a tagger and an inspector on the
// project, and one batch of a single street item of `frames` LiDAR frames with two cameras (the demo's unless given), imported.
import { expect } from 'vitest';
import type { CameraCalibration } from '@annot/workflows';
import { seedDemoCatalog } from '../../scripts/src/seed-demo-catalog';
import { streetUpload } from '../../scripts/src/sample-point-clouds';
import { upload, zipOf } from './batches';
import { call, eventually, type Platform } from './platform';
import { ok, person, type Person, projectBasics, publishProject } from './worked-project';

export interface StreetProject {
  projectId: string;
  links: { annotation: string; inspection: string };
  batchId: string;
  toolId: string;
  /** Every cuboid tool of the project by name, the first one included. */
  tools: Map<string, string>;
  tagger: Person;
  inspector: Person;
}

export async function streetProject(platform: Platform, admin: string, options: { title: string; frames: number; pointsPerFrame: number; tool: Record<string, unknown>; moreTools?: string[]; rig?: CameraCalibration[] }): Promise<StreetProject> {
  const catalog = await seedDemoCatalog(async (method, path, body, token) => (await call(platform, method, path, { body, token })).body, admin);
  const tools = new Map<string, string>();
  for (const name of ['Car', ...(options.moreTools ?? [])]) tools.set(name, (await ok<{ id: string }>(platform, 'POST', '/manage/tools', admin, { name, templateType: 'cuboid', ...options.tool })).id);
  const tagger = await person(platform, admin, '40', 'Cloud Tagger');
  const inspector = await person(platform, admin, '40', 'Cloud Inspector');
  const basics = { ...projectBasics({ inspectorMayModify: false, repairAfterAcceptance: false, reacceptPassed: false }), title: options.title, annotationType: 'point_cloud_fusion_continuous_frame' };
  const project = await publishProject(platform, admin, { basics, tools: { tools: [...tools.values()].map((toolId) => ({ toolId, toolVersion: 1 })) }, ruleId: catalog.ruleId, taggers: [tagger], inspectors: [inspector] });

  const street = streetUpload({ folder: 'street', frames: options.frames, format: 'kitti', pointsPerFrame: options.pointsPerFrame, ...(options.rig ? { rig: options.rig } : {}) });
  const batch = await ok<{ id: string }>(platform, 'POST', `/manage/projects/${project.projectId}/batches`, admin, { name: 'Street', priority: 10, uploadType: 'zip' });
  const uploaded = await upload(platform, admin, batch.id, [{ name: 'street.zip', content: await zipOf(street.entries) }]);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
  await eventually(
    () => ok<{ importing: unknown; items: number }>(platform, 'GET', `/manage/batches/${batch.id}`, admin),
    (b) => b.importing === null && b.items === 1,
    90_000,
  );
  return { projectId: project.projectId, links: project.links, batchId: batch.id, toolId: tools.get('Car')!, tools, tagger, inspector };
}
