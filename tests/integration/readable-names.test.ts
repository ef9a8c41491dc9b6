// What the API says of people, attributes and a team's work on the demo project: a refused submit names the object
// and the attribute's display name in the caller's language, an item's history names people only to those who may
// know them, and a supplier's items are the work its statistics count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxResult, type Demo, startDemo } from '../support/demo';
import { call } from '../support/platform';
import { signIn } from '../support/sign-in';
import { ok } from '../support/worked-project';

describe('readable names', () => {
  let demo: Demo;
  let tagger: string;
  let inspector: string;
  let supplier: string;

  beforeAll(async () => {
    demo = await startDemo();
    tagger = await signIn(demo.platform, 'tagger@example.com', 'Demo@2026', 1);
    inspector = await signIn(demo.platform, 'inspector@example.com', 'Demo@2026', 1);
    supplier = await signIn(demo.platform, 'supplier@example.com', 'Demo@2026', 2);
    // Seeding the demo once for the run takes a few minutes on a busy machine.
  }, 360_000);
  afterAll(async () => {
    await demo?.platform.stop();
  });

  const mine = async () =>
    (await ok<{ items: { id: string; rework: boolean }[] }>(demo.platform, 'GET', `/manage/items/projects/${demo.projectId}?mine=true&status=claimed&limit=100`, tagger)).items;

  it('refuses a submit naming the object as the editor numbers it and the attribute by its display name, with plurals', async () => {
    const item = (await mine()).find((i) => !i.rework)!;
    const result = boxResult(demo.toolId, { category: null });
    const two = { ...result, objects: [result.objects[0], { ...boxResult(demo.toolId, { id: 'car-2', category: null }).objects[0] }] };
    await ok(demo.platform, 'PUT', `/manage/items/${item.id}/result`, tagger, { result: two });
    const submit = (language: string) => call(demo.platform, 'POST', `/manage/items/${item.id}/submit`, { token: tagger, headers: { 'x-language': language } });
    const english = await submit('en_US');
    expect(english.status).toBe(400);
    expect(english.body.message).toBe('The result cannot be submitted: 2 problems');
    expect(english.body.data.fields.map((f: { message: string }) => f.message)).toEqual(['1. Demo vehicle box: Category cannot be empty', '2. Demo vehicle box: Category cannot be empty']);
    const chinese = await submit('zh_CN');
    expect(chinese.body.message).toBe('结果无法提交：2 个问题');
    expect(chinese.body.data.fields[0].message).toBe('1. Demo vehicle box：Category不能为空');

    await ok(demo.platform, 'PUT', `/manage/items/${item.id}/result`, tagger, { result });
    expect((await submit('en_US')).body.message).toBe('The result cannot be submitted: 1 problem');
  });

  it('names the people of an item\'s history to the PM, and leaves them out, ids and all, for the inspector', async () => {
    // The demo's inspector passed one item, which finished on the inspection link.
    const passed = (await ok<{ items: { id: string }[] }>(demo.platform, 'GET', `/manage/items/projects/${demo.projectId}?status=finished&limit=10`, demo.admin)).items[0];
    type Entry = { type: string; actorId: string | null; actorName: string | null; data: Record<string, unknown> };
    const asPm = await ok<Entry[]>(demo.platform, 'GET', `/manage/items/${passed.id}/history`, demo.admin);
    expect(asPm.find((e) => e.type === 'ItemSubmitted')!.actorName).toBe('Demo Tagger');
    expect(asPm.find((e) => e.type === 'ItemPassed')!.actorName).toBe('Demo Inspector');

    const people = (await ok<{ items: { id: string; account: string }[] }>(demo.platform, 'GET', '/manage/people?limit=100', demo.admin)).items;
    const taggerId = people.find((p) => p.account === 'tagger@example.com')!.id;
    const inspectorId = people.find((p) => p.account === 'inspector@example.com')!.id;
    const asInspector = await ok<Entry[]>(demo.platform, 'GET', `/manage/items/${passed.id}/history`, inspector);
    expect(asInspector.map((e) => e.type)).toEqual(asPm.map((e) => e.type));
    const text = JSON.stringify(asInspector);
    expect(text).not.toContain(taggerId);
    expect(text).not.toContain('Demo Tagger');
    expect(asInspector.find((e) => e.type === 'ItemSubmitted')).toMatchObject({ actorId: null, actorName: null });
    expect(asInspector.find((e) => e.type === 'ItemPassed')).toMatchObject({ actorId: inspectorId, actorName: 'Demo Inspector' });
  });

  it('shows a supplier the items its taggers worked on, wherever they went on to, where its statistics count their claims', async () => {
    const statistics = await ok<{ teams: { linkType: string | null; claimed: number }[] }>(demo.platform, 'GET', `/manage/projects/${demo.projectId}/statistics/team`, supplier);
    expect(statistics.teams.filter((t) => t.linkType === 'annotation').reduce((sum, t) => sum + t.claimed, 0)).toBeGreaterThan(0);
    // The team's tagger is the demo tagger: the items it claimed, as the PM reads their histories.
    const people = (await ok<{ items: { id: string; account: string }[] }>(demo.platform, 'GET', '/manage/people?limit=100', demo.admin)).items;
    const taggerId = people.find((p) => p.account === 'tagger@example.com')!.id;
    const all = (await ok<{ items: { id: string }[] }>(demo.platform, 'GET', `/manage/items/projects/${demo.projectId}?limit=100`, demo.admin)).items;
    const worked: string[] = [];
    for (const item of all) {
      const history = await ok<{ type: string; actorId: string }[]>(demo.platform, 'GET', `/manage/items/${item.id}/history`, demo.admin);
      if (history.some((e) => e.type === 'ItemClaimed' && e.actorId === taggerId)) worked.push(item.id);
    }
    expect(worked.length).toBeGreaterThan(0);
    const items = await ok<{ items: { id: string }[] }>(demo.platform, 'GET', `/manage/items/projects/${demo.projectId}?limit=100`, supplier);
    expect(items.items.map((i) => i.id).sort()).toEqual(worked.sort());
    const counts = await ok<{ count: number }[]>(demo.platform, 'GET', `/manage/items/projects/${demo.projectId}/counts`, supplier);
    expect(counts.reduce((sum, c) => sum + c.count, 0)).toBe(worked.length);
    // Each of them opens for the supplier.
    for (const id of worked) expect((await call(demo.platform, 'GET', `/manage/items/${id}`, { token: supplier })).status).toBe(200);
  });
});
