// The wizard's server rules: a project takes batches before it is published, and its items are worked once it is;
// none once it is closed; and it takes only tools of the kinds its annotation type can use.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png, upload, zipOf } from '../support/batches';
import { call, eventually, startPlatform, type Platform } from '../support/platform';
import { signInAdmin } from '../support/sign-in';

const en = { 'x-language': 'en_US' };

describe('the wizard on the server', () => {
  let platform: Platform;
  let admin: string;
  const demo = {
    basics: { title: 'Roads', type: 'formal', annotationType: 'picture_single_frame', startDate: '2026-12-01', endDate: '2026-12-31', unitPrice: 0.5, reworkMaxCount: 2, autoRecycle: { enabled: false } },
    links: [{ type: 'annotation', name: 'Annotate' }, { type: 'inspection', name: 'Inspect' }],
    tools: [] as { toolId: string; toolVersion: number }[],
    rules: {} as { annotationRule: { ruleId: string; ruleVersion: number }; countdownSeconds: number; rereadByAnnotator: boolean; errorGroupIds: string[] },
  };

  beforeAll(async () => {
    platform = await startPlatform({ worker: true });
    admin = await signInAdmin(platform);
    const box = await call(platform, 'POST', '/manage/tools', { token: admin, body: { name: 'Car box', templateType: 'box' } });
    demo.tools.push({ toolId: box.body.data.id, toolVersion: 1 });
    const rule = await call(platform, 'POST', '/manage/annotation-rules', { token: admin, body: { name: 'Road rules', configId: 'ROAD' } });
    await call(platform, 'POST', `/manage/annotation-rules/${rule.body.data.id}/versions`, { token: admin, body: { html: '<p>Box every car</p>' } });
    const group = await call(platform, 'POST', '/manage/error-groups', { token: admin, body: { name: 'Road fit', values: [{ name: 'loose box', color: '#ff0000', type: 'geometry' }] } });
    demo.rules = { annotationRule: { ruleId: rule.body.data.id, ruleVersion: 1 }, countdownSeconds: 10, rereadByAnnotator: true, errorGroupIds: [group.body.data.id] };
  });
  afterAll(async () => platform?.stop());

  const draft = async (title: string, annotationType = 'picture_single_frame') => {
    const created = await call(platform, 'POST', '/manage/projects', { token: admin, body: { ...demo.basics, title, annotationType } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data.id as string;
  };
  const step = (id: string, name: string, body: unknown, headers: Record<string, string> = {}) => call(platform, 'PUT', `/manage/projects/${id}/${name}`, { token: admin, body, headers });
  const demoTools = () => ({ tools: demo.tools.map((t: { toolId: string; toolVersion: number }) => ({ toolId: t.toolId, toolVersion: t.toolVersion })) });

  describe('batches before publishing', () => {
    it('uploads to a project waiting for publish, whose items are in its first link once it is published', async () => {
      const id = await draft('Uploaded early');
      const links = demo.links.map((l: { type: string; name: string }) => ({ id: randomUUID(), type: l.type, name: l.name }));
      await step(id, 'tools', demoTools());
      await step(id, 'links', { links });
      await step(id, 'rules', demo.rules);
      expect((await call(platform, 'GET', `/manage/projects/${id}`, { token: admin })).body.data.status).toBe('waiting_for_publish');

      const batch = await call(platform, 'POST', `/manage/projects/${id}/batches`, { token: admin, body: { name: 'Early', priority: 1, uploadType: 'zip' } });
      expect(batch.status, JSON.stringify(batch.body)).toBe(200);
      await upload(platform, admin, batch.body.data.id, [{ name: 'early.zip', content: await zipOf([0, 1].map((i) => ({ name: `early/${i}.png`, content: png(8, 8, 700 + i) }))) }]);
      await eventually(async () => (await call(platform, 'GET', `/manage/batches/${batch.body.data.id}`, { token: admin })).body.data, (b: { items: number; importing: unknown }) => b.items === 2 && b.importing === null);
      const pooled = () => call(platform, 'GET', `/manage/items/projects/${id}?limit=10`, { token: admin }).then((a) => a.body.data.items as { linkId: string | null }[]);

      expect((await call(platform, 'POST', `/manage/projects/${id}/publish`, { token: admin })).status).toBe(200);
      expect((await eventually(pooled, (items) => items.length === 2)).map((i) => i.linkId)).toEqual([links[0].id, links[0].id]);
    });

    it('refuses a new batch in a closed project and changes nothing', async () => {
      const id = await draft('Closed early');
      expect((await call(platform, 'POST', `/manage/projects/${id}/close`, { token: admin })).status).toBe(200);
      const refused = await call(platform, 'POST', `/manage/projects/${id}/batches`, { token: admin, body: { name: 'Late', priority: 1, uploadType: 'zip' }, headers: en });
      expect(refused.status).toBe(409);
      expect(refused.body.errCode).toBe('INVALID_TRANSITION');
      expect((await call(platform, 'GET', `/manage/projects/${id}/batches`, { token: admin })).body.data).toEqual([]);
    });
  });

  describe('tools per annotation type', () => {
    let cuboid: { toolId: string; toolVersion: number };
    beforeAll(async () => {
      const created = await call(platform, 'POST', '/manage/tools', { token: admin, body: { name: 'Car cuboid', templateType: 'cuboid' } });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      cuboid = { toolId: created.body.data.id, toolVersion: 1 };
    });

    it('refuses a cuboid for a picture project in both languages, and keeps the tools as they were', async () => {
      const id = await draft('Flat pictures');
      const zh = await step(id, 'tools', { tools: [cuboid] });
      expect(zh.status).toBe(400);
      expect(zh.body.data.fields).toEqual([{ field: 'tools.0', message: '该类工具不能用于本项目的标注类型' }]);
      const english = await step(id, 'tools', { tools: [...demoTools().tools, cuboid] }, en);
      expect(english.body.data.fields).toEqual([{ field: `tools.${demo.tools.length}`, message: "This kind of tool cannot be used with the project's annotation type" }]);
      expect((await call(platform, 'GET', `/manage/projects/${id}`, { token: admin })).body.data.tools).toEqual([]);
      expect((await step(id, 'tools', demoTools())).status).toBe(200);
    });

    it('takes a cuboid for a point-cloud project, and refuses to turn it into a picture project while it holds one', async () => {
      const id = await draft('Lidar sweep', 'point_cloud_single_frame');
      expect((await step(id, 'tools', { tools: [cuboid] })).status).toBe(200);
      const refused = await step(id, 'basics', { ...demo.basics, title: 'Lidar sweep' }, en);
      expect(refused.status).toBe(400);
      expect(refused.body.data.fields).toEqual([{ field: 'annotationType', message: 'The chosen tools cannot be used with this annotation type: change the tools first' }]);
      expect((await call(platform, 'GET', `/manage/projects/${id}`, { token: admin })).body.data.basics.annotationType).toBe('point_cloud_single_frame');
    });
  });
});
