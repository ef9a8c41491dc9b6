// Import/export data rules: versions whose JSON documents follow the published schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startPlatform, type Platform } from '../support/platform';
import { signInAdmin } from '../support/sign-in';

const en = { 'x-language': 'en_US' };
const document = {
  direction: 'export',
  format: 'coco',
  fieldMapping: { 'object.label': 'category_name' },
  naming: { pattern: '{batch}/{file}.json' },
  coordinates: { origin: 'top_left', unit: 'pixel', boxFormat: 'xywh', precision: 1 },
};

describe('data rules', () => {
  let platform: Platform;
  let token: string;
  beforeAll(async () => {
    platform = await startPlatform({ worker: false });
    token = await signInAdmin(platform);
  });
  afterAll(async () => platform.stop());

  it('publishes the schema a rule document follows', async () => {
    const { body } = await call(platform, 'GET', '/manage/data-rules/schema', { token });
    expect(body.data).toMatchObject({ type: 'object', required: ['direction', 'format'], additionalProperties: false });
    expect(body.data.properties.coordinates.properties.origin.enum).toEqual(['top_left', 'bottom_left', 'center']);
  });

  it('keeps versions of a rule, each checked against the schema', async () => {
    const created = await call(platform, 'POST', '/manage/data-rules', { token, body: { name: 'COCO export', description: 'For the client' } });
    const id = created.body.data.id;
    expect((await call(platform, 'POST', `/manage/data-rules/${id}/versions`, { token, body: { document, note: 'first' } })).status).toBe(200);
    const broken = await call(platform, 'POST', `/manage/data-rules/${id}/versions`, {
      token,
      body: { document: { ...document, format: 'yaml', coordinates: { origin: 'middle', unit: 'pixel' }, extra: true } },
      headers: en,
    });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('The rule document does not follow the rule schema');
    expect(broken.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['document', 'document.coordinates.origin', 'document.format']);
    expect((await call(platform, 'POST', `/manage/data-rules/${id}/versions`, { token, body: { document: { ...document, format: 'kitti' }, note: 'second' } })).status).toBe(200);
    const detail = await call(platform, 'GET', `/manage/data-rules/${id}`, { token });
    expect(detail.body.data).toMatchObject({ name: 'COCO export', latestVersion: 2 });
    expect(detail.body.data.versions.map((v: { ruleVersion: number; note: string; document: { format: string } }) => [v.ruleVersion, v.note, v.document.format])).toEqual([
      [2, 'second', 'kitti'],
      [1, 'first', 'coco'],
    ]);
  });

  it('keeps rule names unique and requires one', async () => {
    await call(platform, 'POST', '/manage/data-rules', { token, body: { name: 'KITTI import' } });
    const again = await call(platform, 'POST', '/manage/data-rules', { token, body: { name: 'kitti IMPORT' }, headers: en });
    expect(again.body.data.fields).toEqual([{ field: 'name', message: 'Data rule name already exists' }]);
    const empty = await call(platform, 'POST', '/manage/data-rules', { token, body: { name: '' } });
    expect(empty.body.data.fields).toEqual([{ field: 'name', message: '数据规则名称不能为空' }]);
  });
});
