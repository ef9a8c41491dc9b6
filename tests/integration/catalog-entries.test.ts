// Error property groups and invalid-image reasons over the API: rules, unique names and codes, versions, deletion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startPlatform, type Platform } from '../support/platform';
import { signInAdmin } from '../support/sign-in';

const en = { 'x-language': 'en_US' };

describe('catalog entries', () => {
  let platform: Platform;
  let token: string;
  beforeAll(async () => {
    platform = await startPlatform({ worker: false });
    token = await signInAdmin(platform);
  });
  afterAll(async () => platform.stop());

  describe('error property groups', () => {
    const group = { name: 'Box errors', description: 'What a box gets wrong', values: [{ name: 'Too loose', color: '#ff0000', type: 'position' }, { name: 'Wrong label', color: '#00ff00', type: 'label' }] };

    it('saves a group with its values and refuses a second group of the same name', async () => {
      const created = await call(platform, 'POST', '/manage/error-groups', { token, body: group });
      expect(created.status).toBe(200);
      const listed = await call(platform, 'GET', '/manage/error-groups', { token });
      expect(listed.body.data).toEqual([expect.objectContaining({ id: created.body.data.id, name: 'Box errors', values: group.values.map((v) => ({ ...v, description: '' })) })]);
      const again = await call(platform, 'POST', '/manage/error-groups', { token, body: { ...group, name: 'box ERRORS' }, headers: en });
      expect(again.body.data.fields).toEqual([{ field: 'name', message: 'Error group name already exists' }]);
    });

    it('names each broken rule', async () => {
      const { body } = await call(platform, 'POST', '/manage/error-groups', {
        token,
        body: { name: '', values: [{ name: 'a', color: 'red', type: '' }, { name: 'a', color: '#000000', type: 't' }] },
      });
      expect(body.data.fields).toEqual([
        { field: 'name', message: '错误属性组名称不能为空' },
        { field: 'values.0.color', message: '颜色格式不正确' },
        { field: 'values.0.type', message: '错误类型不能为空' },
        { field: 'values.1.name', message: 'a 重复' },
      ]);
      const repeated = await call(platform, 'POST', '/manage/error-groups', { token, body: { name: 'R', values: [{ name: 'a', color: '#000000', type: 't' }, { name: 'a', color: '#000000', type: 't' }] }, headers: en });
      expect(repeated.body.data.fields).toEqual([{ field: 'values.1.name', message: 'a repeat' }]);
    });

    it('edits with If-Match and deletes', async () => {
      const id = (await call(platform, 'POST', '/manage/error-groups', { token, body: { ...group, name: 'Polygon errors' } })).body.data.id;
      const one = await call(platform, 'GET', `/manage/error-groups/${id}`, { token });
      const edited = await call(platform, 'PATCH', `/manage/error-groups/${id}`, { token, body: { ...group, name: 'Polygon errors', description: 'new' }, headers: { 'if-match': one.headers.get('etag')! } });
      expect(edited.status).toBe(200);
      const stale = await call(platform, 'PATCH', `/manage/error-groups/${id}`, { token, body: group, headers: { 'if-match': one.headers.get('etag')! } });
      expect(stale.body.errCode).toBe('VERSION_CONFLICT');
      expect((await call(platform, 'POST', `/manage/error-groups/${id}/delete`, { token })).status).toBe(200);
      expect((await call(platform, 'GET', `/manage/error-groups/${id}`, { token, headers: en })).body.message).toBe(`Error group not found: ${id}`);
      const twice = await call(platform, 'POST', `/manage/error-groups/${id}/delete`, { token });
      expect(twice.body.errCode).toBe('INVALID_TRANSITION');
    });
  });

  describe('invalid-image reasons', () => {
    it('keeps codes unique and well formed, and frees a deleted code', async () => {
      const first = await call(platform, 'POST', '/manage/invalid-reasons', { token, body: { code: 'BLUR', name: 'Blurred', description: 'Too blurred to annotate' } });
      expect(first.status).toBe(200);
      const clash = await call(platform, 'POST', '/manage/invalid-reasons', { token, body: { code: 'blur', name: 'Also blurred' }, headers: en });
      expect(clash.body.data.fields).toEqual([{ field: 'code', message: 'Reason code already exists' }]);
      const bad = await call(platform, 'POST', '/manage/invalid-reasons', { token, body: { code: 'a b', name: '' }, headers: en });
      expect(bad.body.data.fields).toEqual([
        { field: 'code', message: 'The reason code may hold letters, digits, underscores and hyphens only' },
        { field: 'name', message: 'Reason name cannot be empty' },
      ]);
      await call(platform, 'POST', `/manage/invalid-reasons/${first.body.data.id}/delete`, { token });
      expect((await call(platform, 'POST', '/manage/invalid-reasons', { token, body: { code: 'BLUR', name: 'Blurred again' } })).status).toBe(200);
      const listed = await call(platform, 'GET', '/manage/invalid-reasons', { token });
      expect(listed.body.data.map((r: { code: string; name: string }) => `${r.code} ${r.name}`)).toEqual(['BLUR Blurred again']);
    });
  });
});
