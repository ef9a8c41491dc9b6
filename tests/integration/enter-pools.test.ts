// Items imported into a draft before it had links wait with no link; publishing puts them into the first link's pool.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png, upload, zipOf } from '../support/batches';
import { startDemo } from '../support/demo';
import { call, eventually, type Platform } from '../support/platform';
import { replayVerifies } from '../support/replay';

describe('publishing a project with waiting items', () => {
  let platform: Platform;
  let admin: string;

  let demoId: string;

  beforeAll(async () => {
    ({ platform, admin, projectId: demoId } = await startDemo());
  });
  afterAll(async () => platform?.stop());

  it('moves the items of a batch imported before the links into the first link\'s pool', async () => {
    const demo = (await call(platform, 'GET', `/manage/projects/${demoId}`, { token: admin })).body.data;
    const draft = await call(platform, 'POST', '/manage/projects', { token: admin, body: { ...demo.basics, title: 'Early data' } });
    const projectId: string = draft.body.data.id;
    const batch = await call(platform, 'POST', `/manage/projects/${projectId}/batches`, { token: admin, body: { name: 'Before links', priority: 1, uploadType: 'zip' } });
    await upload(platform, admin, batch.body.data.id, [{ name: 'early.zip', content: await zipOf([0, 1, 2].map((i) => ({ name: `early/${i}.png`, content: png(8, 8, 900 + i) }))) }]);
    const items = () => call(platform, 'GET', `/manage/items/projects/${projectId}?limit=10`, { token: admin }).then((a) => a.body.data.items as { linkId: string | null }[]);
    const imported = await eventually(async () => (await call(platform, 'GET', `/manage/batches/${batch.body.data.id}`, { token: admin })).body.data, (b: { items: number; importing: unknown }) => b.items === 3 && b.importing === null);
    expect(imported.items).toBe(3);
    // Without links nobody sees them in a pool yet.
    expect(await items()).toEqual([]);

    const links = demo.links.map((l: { type: string; name: string }) => ({ id: randomUUID(), type: l.type, name: l.name }));
    await call(platform, 'PUT', `/manage/projects/${projectId}/tools`, { token: admin, body: { tools: demo.tools.map((t: { toolId: string; toolVersion: number }) => ({ toolId: t.toolId, toolVersion: t.toolVersion })) } });
    await call(platform, 'PUT', `/manage/projects/${projectId}/links`, { token: admin, body: { links } });
    const { annotationRule, countdownSeconds, rereadByAnnotator, dataRule, errorGroupIds } = demo.rules;
    await call(platform, 'PUT', `/manage/projects/${projectId}/rules`, { token: admin, body: { annotationRule, countdownSeconds, rereadByAnnotator, dataRule, errorGroupIds } });
    expect((await call(platform, 'POST', `/manage/projects/${projectId}/publish`, { token: admin })).status).toBe(200);

    const pooled = await eventually(items, (list) => list.length === 3);
    expect(pooled.map((i) => i.linkId)).toEqual([links[0].id, links[0].id, links[0].id]);
    expect(await replayVerifies(platform)).toEqual({ code: 0, differences: [] });
  });
});
