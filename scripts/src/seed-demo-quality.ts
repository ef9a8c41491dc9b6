// Demo quality gates on the demo project, done through the API as its people would: a second batch is annotated,
// inspected and sampled over two rounds (the first fails an item, which is reworked), then split into acceptance
// batches for the demo client, who accepts the first; a third batch waits, finished, for a newcomer to sample.
import { type Call, ok } from './seed-demo-call';
import { demoBatch2, demoBatch3, uploadBatch } from './seed-demo-project';
import { importedItems } from './seed-demo-work';

export interface DemoQualityPeople {
  admin: string;
  projectId: string;
  tagger: { account: string; password: string };
  inspector: { account: string; password: string };
  client: { id: string; account: string; password: string };
}

const box = (toolId: string, toolVersion: number, x: number) => ({
  frameCount: 1,
  objects: [
    { id: 'car-1', toolId, toolVersion, templateType: 'box', attributes: { category: 'car' }, keyframes: [{ frame: 0, shape: { type: 'box', x, y: 60, width: 90, height: 50 }, attributes: {} }] },
  ],
  attributes: {},
});

export async function seedDemoQuality(call: Call, people: DemoQualityPeople): Promise<void> {
  const { admin, projectId } = people;
  const batches = ok(await call('GET', `/manage/projects/${projectId}/batches`, undefined, admin), 'batches') as { id: string; name: string }[];
  // Done before: a later start leaves the gates as they are.
  if (batches.some((b) => b.name === demoBatch2.name)) return;
  await uploadBatch(call, admin, projectId, demoBatch2);
  await uploadBatch(call, admin, projectId, demoBatch3);
  if (!(await importedItems(call, admin, projectId))) return;

  const project = ok(await call('GET', `/manage/projects/${projectId}`, undefined, admin), 'project');
  const [annotation, inspection] = project.links as { id: string }[];
  const tool = project.tools[0] as { toolId: string; toolVersion: number };
  const groups = ok(await call('GET', `/manage/error-groups?keyword=${encodeURIComponent('Demo box errors')}`, undefined, admin), 'error groups') as { id: string; name: string }[];
  const errorGroupId = groups.find((g) => g.name === 'Demo box errors')!.id;
  const signIn = async (who: { account: string; password: string }, role: number) =>
    ok(await call('POST', '/manage/auth/login', { ...who, role, confirm: true }), 'sign-in').token as string;
  const tagger = await signIn(people.tagger, 1);
  const inspector = await signIn(people.inspector, 1);
  const client = await signIn(people.client, 3);

  /** The tagger annotates and submits `count` items of the pool (its boxes `shift` further right), the inspector passes them: they finish. */
  const finish = async (count: number, shift = 0) => {
    const claimed = ok(await call('POST', `/manage/items/links/${annotation.id}/claims`, { count }, tagger), 'claim').items as string[];
    for (const [i, itemId] of claimed.entries()) {
      ok(await call('PUT', `/manage/items/${itemId}/result`, { result: box(tool.toolId, tool.toolVersion, 20 + i * 5 + shift) }, tagger), 'save');
      ok(await call('POST', `/manage/items/${itemId}/submit`, undefined, tagger), 'submit');
    }
    const inspected = ok(await call('POST', `/manage/items/links/${inspection.id}/claims`, { count: 100 }, inspector), 'inspection claim').items as string[];
    for (const itemId of inspected) ok(await call('POST', `/manage/items/${itemId}/pass`, undefined, inspector), 'pass');
  };
  await finish(demoBatch2.frames + demoBatch3.frames);

  const batch2 = (ok(await call('GET', `/manage/projects/${projectId}/batches`, undefined, admin), 'batches') as { id: string; name: string }[]).find((b) => b.name === demoBatch2.name)!;
  const taskId = ok(
    await call('POST', `/manage/quality/projects/${projectId}/sampling`, { scope: { kind: 'batch', batchId: batch2.id }, rule: { by: 'ratio', ratio: 50 } }, admin),
    'sampling task',
  ).taskId as string;
  const mark = { errorGroupId, value: 'loose box', objectId: 'car-1', comment: 'The box leaves a margin around the car' };
  await judgeSampleRound(call, taskId, inspector, mark);
  // The failed item is back with the tagger (batch 2 comes first in the pool), who moves its box: an auditor comparing
  // the version sampled with the one accepted sees it moved. After the rework a new round passes.
  await finish(1, 7);
  ok(await call('POST', `/manage/quality/sampling/${taskId}/rounds`, undefined, admin), 'next round');
  await judgeSampleRound(call, taskId, inspector, null);

  const created = ok(
    await call('POST', `/manage/quality/projects/${projectId}/acceptance`, { dataBatchIds: [batch2.id], split: { by: 'number', batches: 2 }, acceptorIds: [people.client.id] }, admin),
    'acceptance batches',
  ).created as { batchId: string }[];
  await acceptBatch(call, created[0].batchId, { client, pm: admin }, { ...mark, comment: 'Fit the box to the car before delivery' });
  for (const token of [tagger, inspector, client]) await call('GET', '/manage/auth/logout', undefined, token);
}

/** The inspector judges the round's whole sample: all pass, or the first fails with `failing`, a mark. */
export async function judgeSampleRound(call: Call, taskId: string, inspector: string, failing: object | null): Promise<void> {
  for (let judged = 0; ; judged++) {
    const claim = await call('POST', `/manage/quality/sampling/${taskId}/claim`, undefined, inspector);
    if (claim.code !== 200) return;
    const body = failing && judged === 0 ? { verdict: 'fail', marks: [failing] } : { verdict: 'pass', marks: [] };
    const answer = ok(await call('POST', `/manage/quality/sampling/${taskId}/items/${claim.data.itemId}/judge`, body, inspector), 'judge');
    if (answer.status !== 'open') return;
  }
}

/**
 * The client claims an acceptance batch, passes its items (or rejects the first with `rejecting`, a mark) and submits
 * it; the PM passes it.
 */
export async function acceptBatch(call: Call, batchId: string, tokens: { client: string; pm: string }, rejecting: object | null): Promise<void> {
  ok(await call('POST', `/manage/quality/acceptance/${batchId}/claim`, {}, tokens.client), 'acceptance claim');
  const items = ok(await call('GET', `/manage/quality/acceptance/${batchId}`, undefined, tokens.client), 'acceptance batch').items as { itemId: string }[];
  for (const [i, { itemId }] of items.entries()) {
    const body = rejecting && i === 0 ? { verdict: 'reject', marks: [rejecting] } : { verdict: 'pass', marks: [] };
    ok(await call('POST', `/manage/quality/acceptance/${batchId}/items/${itemId}/judge`, body, tokens.client), 'acceptance judge');
  }
  ok(await call('POST', `/manage/quality/acceptance/${batchId}/submit`, undefined, tokens.client), 'acceptance submit');
  ok(await call('POST', `/manage/quality/acceptance/${batchId}/pass`, undefined, tokens.pm), 'acceptance pass');
}
