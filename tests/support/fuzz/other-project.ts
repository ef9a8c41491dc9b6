// A second project beside the demo's, whose people are none of the demo's (its own PM, team and supplier, tagger,
// inspector and client), with real objects of every kind an outsider might address: links, batches, items worked to
// the end, a sampling task, an acceptance batch and an export.
import { expect } from 'vitest';
import { sampleFrames, sampleZip } from '../../../scripts/src/sample-images';
import { upload } from '../batches';
import { createPerson } from '../people';
import { call, eventually, type Platform } from '../platform';
import { signIn, signInInternal } from '../sign-in';
import { finishItems, ok, type Person, projectBasics, publishProject } from '../worked-project';

/** The second project's ids, by the collection name the OpenAPI paths give them (the segment before the parameter). */
export type OtherProjectIds = Map<string, string[]>;

const password = 'Other@2026';

async function personOf(platform: Platform, admin: string, role: string, name: string, teamId: string | null, tab: 1 | 2 | 3 | 4): Promise<Person> {
  const account = `${name.toLowerCase().replace(/\W+/g, '-')}@example.com`;
  const id = await createPerson(platform, admin, { role, name, account, password, ...(tab === 4 ? { email: account } : {}), ...(teamId ? { teamId } : {}) });
  return { id, token: tab === 4 ? await signInInternal(platform, account, password) : await signIn(platform, account, password, tab) };
}

async function importedBatch(platform: Platform, pm: string, projectId: string, name: string, frames: number): Promise<{ id: string; itemIds: string[] }> {
  const batch = await ok<{ id: string }>(platform, 'POST', `/manage/projects/${projectId}/batches`, pm, { name, priority: 10, uploadType: 'zip' });
  const uploaded = await upload(platform, pm, batch.id, [{ name: 'frames.zip', content: await sampleZip(sampleFrames(frames, 160, 120)) }]);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
  await eventually(() => ok<{ importing: unknown; items: number }>(platform, 'GET', `/manage/batches/${batch.id}`, pm), (b) => b.importing === null && b.items === frames, 60_000);
  const items = await ok<{ items: { id: string }[] }>(platform, 'GET', `/manage/batches/${batch.id}/items?limit=100`, pm);
  return { id: batch.id, itemIds: items.items.map((item) => item.id) };
}

/** Makes the second project with the demo's catalog, as its own PM; the worker must still run (imports, the export). */
export async function startOtherProject(platform: Platform, admin: string, demoProjectId: string): Promise<OtherProjectIds> {
  const demo = await ok<{ tools: { toolId: string; toolVersion: number }[]; groups: unknown[]; rules: { annotationRule: { ruleId: string } } }>(platform, 'GET', `/manage/projects/${demoProjectId}`, admin);
  const team = await ok<{ id: string }>(platform, 'POST', '/manage/teams', admin, { name: 'Other Team', organisationId: 'OTHER-ORG', hiveId: '2000', size: 5, mobile: 'other-team@example.com' });
  const pm = await personOf(platform, admin, '10', 'Other PM', null, 4);
  const supplier = await personOf(platform, admin, '30', 'Other Supplier', team.id, 2);
  const tagger = await personOf(platform, admin, '40', 'Other Tagger', team.id, 1);
  const inspector = await personOf(platform, admin, '40', 'Other Inspector', team.id, 1);
  const client = await personOf(platform, admin, '50', 'Other Client', null, 3);

  const { projectId, links } = await publishProject(platform, pm.token, {
    basics: { ...projectBasics({ inspectorMayModify: false, repairAfterAcceptance: false, reacceptPassed: false }), title: 'Other people’s project' },
    tools: { tools: demo.tools.map(({ toolId, toolVersion }) => ({ toolId, toolVersion })), groups: demo.groups },
    ruleId: demo.rules.annotationRule.ruleId,
    taggers: [tagger],
    inspectors: [inspector],
  });
  await ok(platform, 'PUT', `/manage/projects/${projectId}/links/${links.annotation}/members`, pm.token, { teamIds: [team.id], taggerIds: [tagger.id] });

  // Two batches: the sampling task holds the first one's items, which acceptance then leaves out.
  const [sampled, accepted] = await Promise.all([importedBatch(platform, pm.token, projectId, 'Other batch 1', 2), importedBatch(platform, pm.token, projectId, 'Other batch 2', 2)]);
  const worked = { platform, admin: pm.token, projectId, links, toolId: demo.tools[0].toolId, errorGroupId: '', tagger, inspector, dataBatches: [sampled, accepted] };
  expect(await finishItems(worked, 4)).toHaveLength(4);
  const sampling = await ok<{ taskId: string }>(platform, 'POST', `/manage/quality/projects/${projectId}/sampling`, pm.token, { scope: { kind: 'batch', batchId: sampled.id }, rule: { by: 'count', count: 1 } });
  await ok(platform, 'POST', `/manage/quality/sampling/${sampling.taskId}/claim`, inspector.token);
  const acceptance = await ok<{ created: { batchId: string }[] }>(platform, 'POST', `/manage/quality/projects/${projectId}/acceptance`, pm.token, {
    dataBatchIds: [accepted.id],
    split: { by: 'number', batches: 1 },
    acceptorIds: [client.id],
  });
  await ok(platform, 'POST', `/manage/quality/acceptance/${acceptance.created[0].batchId}/claim`, client.token, {});
  const asked = await ok<{ exportId: string }>(platform, 'POST', `/manage/projects/${projectId}/exports`, pm.token, { format: 'coco', scope: { effectiveness: 'all' } });
  await eventually(async () => (await call(platform, 'GET', `/manage/exports/${asked.exportId}`, { token: pm.token })).body.data, (e: { status: string }) => e.status === 'succeeded', 60_000);

  const items = [...sampled.itemIds, ...accepted.itemIds];
  return new Map([
    ['projects', [projectId]],
    ['links', [links.annotation, links.inspection]],
    ['batches', [sampled.id, accepted.id]],
    ['items', items],
    ['algorithm-media', items],
    ['sampling', [sampling.taskId]],
    ['acceptance', [acceptance.created[0].batchId]],
    ['exports', [asked.exportId]],
    ['teams', [team.id]],
    ['people', [pm.id, supplier.id, tagger.id, inspector.id, client.id]],
  ]);
}
