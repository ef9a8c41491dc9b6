// The demo a newcomer gets from `npm run up`: a tool of every template with attributes of every kind, the vehicle
// group of body and wheel boxes, error property groups and invalid-image reasons; the group rule on its saves; and
// a message center with something in it for the demo's PM, tagger and acceptor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo } from '../support/demo';
import { call, eventually, type Platform } from '../support/platform';
import { signIn, signInInternal } from '../support/sign-in';

type Tool = { toolId: string; toolVersion: number; name: string; templateType: string };

describe('demo catalog', () => {
  let platform: Platform;
  let admin: string;
  let projectId: string;
  let tools: Tool[];
  let groups: { name: string; toolIds: string[] }[];

  beforeAll(async () => {
    ({ platform, admin, projectId } = await startDemo());
    ({ tools, groups } = (await call(platform, 'GET', `/manage/projects/${projectId}`, { token: admin })).body.data);
  });
  afterAll(async () => platform?.stop());

  const tool = (name: string) => tools.find((t) => t.name === name)!;

  it('offers a tool of every template, the vehicle box first, and the vehicle group of body and wheels', () => {
    expect(tools[0].name).toBe('Demo vehicle box');
    expect(new Set(tools.map((t) => t.templateType))).toEqual(new Set(['box', 'polygon', 'line', 'curve', 'point']));
    expect(groups).toEqual([{ name: 'vehicle', toolIds: [tool('Demo vehicle box').toolId, tool('Demo wheel box').toolId] }]);
  });

  it('gives the tools attributes of every kind: tiled and dropdown choices, multiple, input with limits, required, hotkeys, defaults', async () => {
    const definitions = await Promise.all(tools.map(async (t) => (await call(platform, 'GET', `/manage/tools/${t.toolId}`, { token: admin })).body.data));
    const attributes = definitions.flatMap((d) => d.definition.attributes as Record<string, any>[]);
    expect(attributes.some((a) => a.type === 'single' && a.display === 'tiled')).toBe(true);
    expect(attributes.some((a) => a.type === 'single' && a.display === 'dropdown')).toBe(true);
    expect(attributes.some((a) => a.type === 'multiple')).toBe(true);
    expect(attributes.some((a) => a.type === 'input' && a.minChars && a.maxChars)).toBe(true);
    expect(attributes.some((a) => a.required)).toBe(true);
    expect(attributes.some((a) => a.defaultItem)).toBe(true);
    expect(attributes.some((a) => a.options.some((o: { hotkey?: string }) => o.hotkey))).toBe(true);
  });

  it('gives each role its own help documents: taggers the annotation guide, acceptors theirs, the staff the handbook', async () => {
    const help = async (token: string) => ((await call(platform, 'GET', '/manage/documents/help', { token })).body.data as { name: string }[]).map((d) => d.name);
    expect(await help(await signIn(platform, 'tagger@example.com', 'Demo@2026', 1))).toEqual(['Annotation guide']);
    expect(await help(await signIn(platform, 'supplier@example.com', 'Demo@2026', 2))).toEqual(['Annotation guide']);
    expect(await help(await signIn(platform, 'client@example.com', 'Demo@2026', 3))).toEqual(['Acceptance guide']);
    expect(await help(admin)).toEqual(['PM handbook']);
  });

  it("fills the message centers: the PM's exports that ended, the tagger's rejected items, the acceptor's given batches", async () => {
    // The messages projection runs on the worker: it may still be reading the demo's last events.
    const kinds = (token: string) => async () => new Set(((await call(platform, 'GET', '/manage/messages?limit=100', { token })).body.data.items as { kind: string }[]).map((m) => m.kind));
    const has = (wanted: string) => (found: Set<string>) => found.has(wanted);
    await eventually(kinds(await signInInternal(platform, 'pm@example.com', 'Demo@2026')), has('export_succeeded'));
    await eventually(kinds(await signIn(platform, 'tagger@example.com', 'Demo@2026', 1)), has('item_rejected'));
    await eventually(kinds(await signIn(platform, 'client@example.com', 'Demo@2026', 3)), has('acceptance_assigned'));
  });

  it('has error property groups and invalid-image reasons to choose from', async () => {
    expect((await call(platform, 'GET', '/manage/error-groups', { token: admin })).body.data.map((g: { name: string }) => g.name)).toEqual(
      expect.arrayContaining(['Demo box errors', 'Demo attribute errors']),
    );
    expect((await call(platform, 'GET', '/manage/invalid-reasons', { token: admin })).body.data.map((r: { code: string }) => r.code)).toEqual(
      expect.arrayContaining(['BLURRED', 'TOO_DARK', 'NO_ROAD']),
    );
  });

  it("refuses a tool step whose group names a tool the project does not use, or one tool twice, in the seed's words in both languages", async () => {
    const step = { tools: tools.map(({ toolId, toolVersion }) => ({ toolId, toolVersion })) };
    const outside = { ...step, tools: step.tools.slice(0, 1), groups: [{ name: 'vehicle', toolIds: groups[0].toolIds }] };
    const refused = await call(platform, 'PUT', `/manage/projects/${projectId}/tools`, { token: admin, body: outside });
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields).toEqual([{ field: 'groups.0.toolIds', message: '组元素与图形配置的工具应保持一致！' }]);
    const twice = { ...step, groups: [{ name: 'vehicle', toolIds: [groups[0].toolIds[1], groups[0].toolIds[1]] }] };
    const english = await call(platform, 'PUT', `/manage/projects/${projectId}/tools`, { token: admin, body: twice, headers: { 'x-language': 'en_US' } });
    expect(english.body.data.fields).toEqual([{ field: 'groups.0.toolIds', message: 'The tools configured for group elements and graphics should be consistent!' }]);
  });

  it("saves a vehicle of its body and wheels, and refuses a group with another tool in the seed's words", async () => {
    const tagger = await signIn(platform, 'tagger@example.com', 'Demo@2026', 1);
    const held = await call(platform, 'GET', `/manage/items/projects/${projectId}?mine=true&status=claimed&limit=1`, { token: tagger });
    const itemId: string = held.body.data.items[0].id;
    const object = (id: string, t: Tool, shape: Record<string, unknown>, attributes: Record<string, unknown>) => ({
      id,
      toolId: t.toolId,
      toolVersion: t.toolVersion,
      templateType: t.templateType,
      attributes,
      group: { id: 'vehicle-1', name: 'vehicle' },
      keyframes: [{ frame: 0, shape: { type: t.templateType, ...shape } }],
    });
    const body = object('body', tool('Demo vehicle box'), { x: 40, y: 60, width: 90, height: 50 }, { category: 'car' });
    const wheel = object('wheel', tool('Demo wheel box'), { x: 50, y: 100, width: 16, height: 12 }, { side: 'left' });
    const saved = await call(platform, 'PUT', `/manage/items/${itemId}/result`, { token: tagger, body: { result: { objects: [body, wheel] } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const light = object('light', tool('Demo traffic light'), { x: 10, y: 10 }, { state: 'red' });
    const refused = await call(platform, 'PUT', `/manage/items/${itemId}/result`, { token: tagger, body: { result: { objects: [body, light] } }, headers: { 'x-language': 'en_US' } });
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields).toContainEqual({ field: 'light', message: 'The tools configured for group elements and graphics should be consistent!' });
  });
});
