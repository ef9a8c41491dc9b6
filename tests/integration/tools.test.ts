// Tool configuration over the API: every rule with its message in both languages, versions, export and import.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { call, eventually, startPlatform, type Platform } from '../support/platform';
import { signInAdmin } from '../support/sign-in';

const en = { 'x-language': 'en_US' };
const attribute = { name: 'occluded', displayName: 'Occluded', exportName: 'occluded', type: 'single', hotkey: 'O', options: [{ name: 'yes' }, { name: 'no' }] };
const tool = { name: 'Car box', templateType: 'box', rangeCircles: '30,50*80', aspectRatio: '2:1', autoTrackFrames: 15, attributes: [attribute] };

describe('tools', () => {
  let platform: Platform;
  let token: string;
  beforeAll(async () => {
    platform = await startPlatform({ worker: true });
    token = await signInAdmin(platform);
  });
  afterAll(async () => platform.stop());

  const create = (body: unknown, headers: Record<string, string> = {}) => call(platform, 'POST', '/manage/tools', { token, body, headers });

  it('saves a tool with attributes and lists it, not yet used by any project', async () => {
    const { status, body } = await create(tool);
    expect(status, JSON.stringify(body)).toBe(200);
    const list = await call(platform, 'GET', '/manage/tools', { token });
    expect(list.body.data).toContainEqual(expect.objectContaining({ id: body.data.id, name: 'Car box', templateType: 'box', toolVersion: 1, attributes: 1, usedByProject: false }));
  });

  it('refuses a second tool of the same name: "Tool name already exists"', async () => {
    const zh = await create({ ...tool, name: 'car BOX' });
    expect(zh.body.data.fields).toEqual([{ field: 'name', message: '工具名称已存在' }]);
    const english = await create({ ...tool, name: 'Car box' }, en);
    expect(english.body.data.fields).toEqual([{ field: 'name', message: 'Tool name already exists' }]);
  });

  it('names each broken rule in the caller’s language', async () => {
    const broken = {
      name: '',
      templateType: 'box',
      rangeCircles: '1,2,3,4,5,6',
      aspectRatio: '2：1',
      pointCloudOverlayFrames: 21,
      autoTrackFrames: 25,
      sameBoxSizeCount: 1.5,
    };
    const english = await create(broken, en);
    expect(english.status).toBe(400);
    expect(english.body.data.fields).toEqual([
      { field: 'name', message: 'Tool name cannot be empty' },
      { field: 'rangeCircles', message: 'Range circles: an integer or integer*integer, several separated by commas, at most 5' },
      { field: 'aspectRatio', message: 'Aspect ratio like 2:1 with an English colon; empty means no limit' },
      { field: 'pointCloudOverlayFrames', message: 'Point cloud overlay: at most 20 frames' },
      { field: 'autoTrackFrames', message: 'Auto-track: 10 to 20 frames' },
      { field: 'sameBoxSizeCount', message: 'Same 3D box sizes: 0 means no check, a positive integer is the number of sizes allowed' },
    ]);
    const zhBroken = await create(broken);
    expect(zhBroken.body.data.fields.map((f: { message: string }) => f.message)).toEqual([
      '工具名称不能为空',
      '范围圈为整数或“整数*整数”，多个用英文逗号分隔，最多5个',
      '宽高比格式如 2:1（英文冒号），为空表示不限制',
      '点云叠加帧数最多20帧',
      '自动追踪帧数为10到20帧',
      '相同3D框尺寸数量：0表示不检查，正整数表示允许的尺寸数量',
    ]);
    const chars = await create({ ...tool, name: 'Plates', attributes: [{ name: 'plate', displayName: 'Plate', exportName: 'plate', type: 'input', minChars: 0, maxChars: 3 }] });
    expect(chars.body.data.fields).toEqual([{ field: 'attributes.0.minChars', message: 'attributes.0.minChars只能输入正整数' }]);
    const repeats = await create({ ...tool, name: 'Repeats', attributes: [attribute, { ...attribute, exportName: 'x', hotkey: 'o' }] }, en);
    expect(repeats.body.data.fields).toEqual([
      { field: 'attributes.1.name', message: 'occluded repeat' },
      { field: 'attributes.1.hotkey', message: 'Shortcut key o repeat' },
    ]);
    const zhRepeats = await create({ ...tool, name: 'Repeats', attributes: [attribute, { ...attribute, exportName: 'x', hotkey: 'o' }] });
    expect(zhRepeats.body.data.fields.map((f: { message: string }) => f.message)).toEqual(['occluded 重复', '快捷键 o 重复']);
    const zh = await create({ ...tool, name: 'Other', attributes: [{ ...attribute, displayName: ' ', options: [] }] });
    expect(zh.body.data.fields).toEqual([
      { field: 'attributes.0.displayName', message: '显示名称不能为空' },
      { field: 'attributes.0.options', message: '选项不能为空' },
    ]);
  });

  it('makes a new version on every edit, keeping the old ones for the projects that cite them', async () => {
    const { body } = await create({ ...tool, name: 'Truck box' });
    const id = body.data.id;
    const first = await call(platform, 'GET', `/manage/tools/${id}`, { token });
    const edited = await call(platform, 'PATCH', `/manage/tools/${id}`, {
      token,
      body: { ...tool, name: 'Truck box', autoTrackFrames: 12 },
      headers: { 'if-match': first.headers.get('etag')! },
    });
    expect(edited.status).toBe(200);
    const stale = await call(platform, 'PATCH', `/manage/tools/${id}`, { token, body: { ...tool, name: 'Truck box' }, headers: { 'if-match': first.headers.get('etag')! } });
    expect(stale.body.errCode).toBe('VERSION_CONFLICT');
    const after = await call(platform, 'GET', `/manage/tools/${id}`, { token });
    expect(after.body.data).toMatchObject({ toolVersion: 2, definition: { autoTrackFrames: 12 } });
    expect(after.body.data.versions.map((v: { toolVersion: number }) => v.toolVersion)).toEqual([2, 1]);
  });

  it('refuses to delete a tool a project uses, and deletes one no project uses', async () => {
    const used = (await create({ ...tool, name: 'Cited box' })).body.data.id;
    await sql`INSERT INTO tool_citations (tool_id, tool_version, project_id) VALUES (${used}, 1, gen_random_uuid())`.execute(platform.database.db);
    const refused = await call(platform, 'POST', `/manage/tools/${used}/delete`, { token, headers: en });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errCode: 'TOOL_IN_USE', message: 'This tool is used by a project and cannot be deleted' });
    expect((await call(platform, 'GET', '/manage/tools', { token })).body.data.find((t: { id: string }) => t.id === used).usedByProject).toBe(true);

    const free = (await create({ ...tool, name: 'Free box' })).body.data.id;
    expect((await call(platform, 'POST', `/manage/tools/${free}/delete`, { token })).status).toBe(200);
    expect((await call(platform, 'GET', `/manage/tools/${free}`, { token })).status).toBe(404);
    expect((await create({ ...tool, name: 'Free box' })).status).toBe(200);
  });

  it('exports a tool as a JSON file that imports again under a new name', async () => {
    const id = (await create({ ...tool, name: 'Export me' })).body.data.id;
    const response = await fetch(`${platform.baseUrl}/manage/tools/${id}/export`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.headers.get('content-disposition')).toContain('attachment');
    const file = (await response.json()) as Record<string, unknown>;
    expect(file).toMatchObject({ name: 'Export me', templateType: 'box', attributes: [expect.objectContaining({ name: 'occluded', hotkey: 'O' })] });
    const again = await call(platform, 'POST', '/manage/tools/import', { token, body: { content: JSON.stringify({ ...file, name: 'Imported' }) } });
    expect(again.status).toBe(200);
    const imported = await call(platform, 'GET', `/manage/tools/${again.body.data.id}`, { token });
    expect(imported.body.data.definition).toEqual({ ...file, name: 'Imported' });
  });

  it('reports import errors one per line under "The import failed with the following error."', async () => {
    const failing = async (content: string) => (await call(platform, 'POST', '/manage/tools/import', { token, body: { content }, headers: en })).body;
    expect(await failing('')).toMatchObject({ code: 400, errCode: 'IMPORT_FAILED', message: 'The import failed with the following error.', data: { errors: ['Empty content'] } });
    expect((await failing(JSON.stringify([tool, tool]))).data.errors).toEqual(['Only one allowed']);
    expect((await failing('{"name":')).data.errors).toEqual(['The file is not valid JSON']);
    expect((await failing(JSON.stringify({ ...tool, name: 'X', attributes: 'none' }))).data.errors).toEqual(['attributes: Type error']);
    expect((await failing(JSON.stringify({ ...tool, name: 'Car box' }))).data.errors).toEqual(['name: Tool name already exists']);
    const hotkeys = await failing(JSON.stringify({ ...tool, name: 'Y', attributes: [attribute, { ...attribute, name: 'other', hotkey: 'O' }] }));
    expect(hotkeys.data.errors).toEqual(['attributes.1.hotkey: Shortcut key O repeat']);
  });

  it('records each change in the management log with its actor', async () => {
    const expected = ['Admin: Created the tool Car box', 'Admin: Edited the tool Truck box (version 2)', 'Admin: Deleted the tool Free box'];
    const described = (answer: { body: { data: any } }) =>
      answer.body.data.list.map((e: { user_name: string; operation: string }) => `${e.user_name}: ${e.operation}`) as string[];
    const log = await eventually(
      () => call(platform, 'GET', '/manage/history/getoperatehistory?limit=100&offset=0', { token, headers: en }),
      (answer) => expected.every((line) => described(answer).includes(line)),
    );
    expect(described(log)).toEqual(expect.arrayContaining(expected));
  });
});
