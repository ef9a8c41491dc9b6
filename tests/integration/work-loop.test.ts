// The work loop over the API, as its people would run it: a tagger claims, saves and submits; an inspector rejects
// with marks; the tagger reworks and resubmits; another pass finishes the item; the PM reads every step.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxResult, startDemo } from '../support/demo';
import { createPerson } from '../support/people';
import { call, type Platform } from '../support/platform';
import { replayVerifies } from '../support/replay';
import { signIn } from '../support/sign-in';

describe('work loop', () => {
  let platform: Platform;
  let admin: string;
  let annotator: string;
  let inspector: string;
  let projectId: string;
  let links: { id: string; type: string }[];
  let toolId: string;
  let errorGroupId: string;
  const en = { 'x-language': 'en_US' };

  const box = (category: string | null) => boxResult(toolId, { category });

  beforeAll(async () => {
    ({ platform, admin, projectId, links, toolId } = await startDemo());
    annotator = await signIn(platform, 'tagger@example.com', 'Demo@2026', 1);
    // The demo tagger annotates and the demo inspector checks, since nobody inspects what they annotated; the demo
    // data has already done some work of each kind.
    inspector = await signIn(platform, 'inspector@example.com', 'Demo@2026', 1);
    const groups = await call(platform, 'GET', `/manage/error-groups?keyword=${encodeURIComponent('Demo box errors')}`, { token: admin });
    errorGroupId = groups.body.data[0].id;
  });
  afterAll(async () => platform?.stop());

  it('runs an item through claim, save, submit, rejection, rework, pass and finish, and the PM sees each step', async () => {
    const claim = await call(platform, 'POST', `/manage/items/links/${links[0].id}/claims`, { token: annotator, body: { count: 2 } });
    expect(claim.status).toBe(200);
    expect(claim.body.data.items).toHaveLength(2);
    // The demo's rejected item comes back to its annotator first; this test follows an item that is new to the loop.
    const views = await Promise.all((claim.body.data.items as string[]).map(async (id) => (await call(platform, 'GET', `/manage/items/${id}`, { token: annotator })).body.data));
    const itemId: string = views.find((v: { submissionCount: number }) => v.submissionCount === 0).id;

    const mine = await call(platform, 'GET', `/manage/items/projects/${projectId}?mine=true&status=claimed`, { token: annotator });
    expect(mine.body.data.items.map((i: { id: string }) => i.id)).toEqual(expect.arrayContaining(claim.body.data.items));

    // Submitting without the required category is refused, naming the object and the attribute.
    const saved = await call(platform, 'PUT', `/manage/items/${itemId}/result`, { token: annotator, body: { result: box(null) } });
    expect(saved.status).toBe(200);
    const incomplete = await call(platform, 'POST', `/manage/items/${itemId}/submit`, { token: annotator, headers: en });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.data.fields).toEqual([{ field: 'car-1.category', message: '1. Demo vehicle box: Category cannot be empty' }]);

    const item = await call(platform, 'GET', `/manage/items/${itemId}`, { token: annotator });
    const fixed = await call(platform, 'PUT', `/manage/items/${itemId}/result`, { token: annotator, body: { result: box('car') }, headers: { 'if-match': item.headers.get('etag')! } });
    expect(fixed.status).toBe(200);
    expect((await call(platform, 'POST', `/manage/items/${itemId}/submit`, { token: annotator })).body.data.status).toBe('pooled');

    // The annotator may not inspect its own work; the inspector claims it.
    const own = await call(platform, 'POST', `/manage/items/links/${links[1].id}/claims`, { token: annotator, body: { count: 5 } });
    expect(own.body.data?.items ?? []).not.toContain(itemId);
    const inspect = await call(platform, 'POST', `/manage/items/links/${links[1].id}/claims`, { token: inspector, body: { count: 5 } });
    expect(inspect.body.data.items).toContain(itemId);
    const rejected = await call(platform, 'POST', `/manage/items/${itemId}/reject`, {
      token: inspector,
      body: { marks: [{ errorGroupId, value: 'loose box', objectId: 'car-1', comment: 'too much road' }] },
    });
    expect(rejected.status).toBe(200);

    // Rework goes back to the same annotator first.
    const rework = await call(platform, 'POST', `/manage/items/links/${links[0].id}/claims`, { token: annotator, body: { count: 30 } });
    expect(rework.body.data.items).toContain(itemId);
    const view = (await call(platform, 'GET', `/manage/items/${itemId}`, { token: annotator })).body.data;
    expect(view).toMatchObject({ status: 'claimed', rework: true, reworkCount: 1, submissionCount: 1 });
    await call(platform, 'PUT', `/manage/items/${itemId}/result`, { token: annotator, body: { result: { ...box('car'), objects: [{ ...box('car').objects[0], keyframes: [{ ...box('car').objects[0].keyframes[0], shape: { type: 'box', x: 12, y: 12, width: 50, height: 36 } }] }] } } });
    expect((await call(platform, 'POST', `/manage/items/${itemId}/submit`, { token: annotator })).status).toBe(200);

    await call(platform, 'POST', `/manage/items/links/${links[1].id}/claims`, { token: inspector, body: { count: 5 } });
    const passed = await call(platform, 'POST', `/manage/items/${itemId}/pass`, { token: inspector });
    expect(passed.body.data.status).toBe('finished');

    const pm = await call(platform, 'GET', `/manage/items/${itemId}`, { token: admin });
    expect(pm.body.data).toMatchObject({ status: 'finished', reworkCount: 1, submissionCount: 2, resultVersion: 3, objectCount: 1 });
    expect(pm.body.data.result.result.objects[0].keyframes[0].shape).toEqual({ type: 'box', x: 12, y: 12, width: 50, height: 36 });
    const history = await call(platform, 'GET', `/manage/items/${itemId}/history`, { token: admin });
    expect(history.body.data.map((e: { type: string }) => e.type)).toEqual([
      'ItemClaimed',
      'ResultSaved',
      'ResultSaved',
      'ItemSubmitted',
      'ItemClaimed',
      'ItemRejected',
      'ItemClaimed',
      'ResultSaved',
      'ItemSubmitted',
      'ItemClaimed',
      'ItemPassed',
      'ItemFinished',
    ]);
    expect(await replayVerifies(platform)).toEqual({ code: 0, differences: [] });
  });

  it('refuses a claim from someone not on the link, and acts on an item only for its claimer', async () => {
    const outsiderId = await createPerson(platform, admin, { role: '40', name: 'Outsider', account: 'outsider@example.com', password: 'Tagger@123' });
    expect(outsiderId).toBeTruthy();
    const outsider = await signIn(platform, 'outsider@example.com', 'Tagger@123', 1);
    const refused = await call(platform, 'POST', `/manage/items/links/${links[0].id}/claims`, { token: outsider, body: { count: 1 }, headers: en });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You are not a member of this link');

    // The item's image, only for those who may read the item.
    const anyItem = (await call(platform, 'GET', `/manage/items/projects/${projectId}?limit=1`, { token: admin })).body.data.items[0].id;
    const image = await fetch(`${platform.baseUrl}/manage/items/${anyItem}/media`, { headers: { authorization: `Bearer ${admin}` } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('private, max-age=3600');
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(100);
    expect((await fetch(`${platform.baseUrl}/manage/items/${anyItem}/media`, { headers: { authorization: `Bearer ${outsider}` } })).status).toBe(404);
    expect((await fetch(`${platform.baseUrl}/manage/items/${anyItem}/media`)).status).toBe(403);

    const held = await call(platform, 'GET', `/manage/items/projects/${projectId}?mine=true&status=claimed&limit=1`, { token: annotator });
    const itemId: string = held.body.data.items[0].id;
    const stranger = await call(platform, 'POST', `/manage/items/${itemId}/submit`, { token: inspector, headers: en });
    expect(stranger.status).toBe(404);
    // The staff never hold an item, so working one in hand is refused as a role, saying who may; the item stays as it was.
    const history = async () => (await call(platform, 'GET', `/manage/items/${itemId}/history`, { token: admin })).body.data as unknown[];
    const before = await history();
    for (const [method, verb, body] of [['PUT', 'result', { result: box('car') }], ['POST', 'submit'], ['POST', 'pass'], ['POST', 'mark-valid']] as const) {
      const refusedToStaff = await call(platform, method, `/manage/items/${itemId}/${verb}`, { token: admin, body, headers: en });
      expect(refusedToStaff.status, verb).toBe(403);
      expect(refusedToStaff.body).toMatchObject({ errCode: 'FORBIDDEN', message: 'Not allowed: only the tagger may do this' });
    }
    expect(await history()).toEqual(before);
    const pmRelease = await call(platform, 'POST', `/manage/items/${itemId}/release`, { token: admin });
    expect(pmRelease.body.data.status).toBe('pooled');
  });

  it('bulk-releases within one link only, and bulk-rejects within one status and link only, in the seed\'s words', async () => {
    const items = async (query: string) => (await call(platform, 'GET', `/manage/items/projects/${projectId}?limit=100&${query}`, { token: admin })).body.data.items as { id: string; linkId: string; status: string }[];
    const claimed = await items(`status=claimed&linkId=${links[0].id}`);
    const waiting = await items(`status=waiting&linkId=${links[0].id}`);
    const finished = await items('status=finished');
    expect(claimed.length).toBeGreaterThan(1);
    expect(finished.length).toBeGreaterThan(0);

    const acrossLinks = { itemIds: [claimed[0].id, finished[0].id] };
    const en = await call(platform, 'POST', `/manage/items/projects/${projectId}/bulk-release`, { token: admin, body: acrossLinks, headers: { 'x-language': 'en_US' } });
    expect(en.status).toBe(400);
    expect(en.body.message).toBe('Only data within the same process can be released in bulk!');
    const zh = await call(platform, 'POST', `/manage/items/projects/${projectId}/bulk-release`, { token: admin, body: acrossLinks });
    expect(zh.body.message).toBe('只有同一环节的数据才能批量释放！');

    const mark = { errorGroupId, value: 'missed car', objectId: null, comment: '' };
    const mixed = await call(platform, 'POST', `/manage/items/projects/${projectId}/bulk-reject`, {
      token: admin,
      body: { itemIds: [claimed[0].id, waiting[0]?.id ?? finished[0].id], marks: [mark] },
      headers: { 'x-language': 'en_US' },
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe('Only data within the same status and process can be rejected in bulk!');

    const released = await call(platform, 'POST', `/manage/items/projects/${projectId}/bulk-release`, { token: admin, body: { itemIds: claimed.slice(0, 2).map((i) => i.id) } });
    expect(released.status).toBe(200);
    const after = await items(`linkId=${links[0].id}`);
    expect(after.filter((i) => claimed.slice(0, 2).some((c) => c.id === i.id)).map((i) => i.status)).toEqual(['waiting', 'waiting']);
  });

  it('asks a newcomer to read the annotation rule for its countdown before the first claim', async () => {
    const detail = await call(platform, 'GET', `/manage/projects/${projectId}`, { token: admin });
    const rules = detail.body.data.rules;
    const shorter = { annotationRule: rules.annotationRule, countdownSeconds: 2, rereadByAnnotator: rules.rereadByAnnotator, dataRule: rules.dataRule, errorGroupIds: rules.errorGroupIds };
    expect((await call(platform, 'PUT', `/manage/projects/${projectId}/rules`, { token: admin, body: shorter })).status).toBe(200);
    const newcomerId = await createPerson(platform, admin, { role: '40', name: 'Newcomer', account: 'newcomer@example.com', password: 'Tagger@123' });
    const members = detail.body.data.links[0].members;
    await call(platform, 'PUT', `/manage/projects/${projectId}/links/${links[0].id}/members`, { token: admin, body: { teamIds: members.teamIds, taggerIds: [...members.taggerIds, newcomerId] } });
    const newcomer = await signIn(platform, 'newcomer@example.com', 'Tagger@123', 1);
    const claim = () => call(platform, 'POST', `/manage/items/links/${links[0].id}/claims`, { token: newcomer, body: { count: 1 }, headers: en });

    const unread = await claim();
    expect(unread.status).toBe(409);
    expect(unread.body.message).toBe('Please read the annotation rule before claiming data');
    const reading = await call(platform, 'POST', `/manage/items/projects/${projectId}/rule-readings`, { token: newcomer });
    expect(reading.body.data).toMatchObject({ required: true, opened: true, countdownSeconds: 2 });
    const early = await claim();
    expect(early.body.message).toMatch(/^Please keep reading the annotation rule; you can claim data from /);
    await new Promise((resolve) => setTimeout(resolve, Date.parse(reading.body.data.readyAt) - Date.now() + 50));
    expect((await claim()).status).toBe(200);
  });

  it("offers the inspector the project's own error groups only, and refuses a mark naming another project's", async () => {
    const other = await call(platform, 'POST', '/manage/error-groups', { token: admin, body: { name: 'Lane lines', values: [{ name: 'broken lane', color: '#00aa00', type: 'line' }] } });
    const otherId: string = other.body.data.id;
    const names = async () => ((await call(platform, 'GET', `/manage/items/projects/${projectId}/error-groups`, { token: inspector })).body.data as { name: string }[]).map((g) => g.name);
    // The demo project chose the demo's two groups: a group added to the catalogue since is not among them.
    expect(await names()).toEqual(['Demo attribute errors', 'Demo box errors']);
    const saved = (await call(platform, 'GET', `/manage/projects/${projectId}`, { token: admin })).body.data.rules;
    const rules = { annotationRule: saved.annotationRule, countdownSeconds: saved.countdownSeconds, rereadByAnnotator: saved.rereadByAnnotator, dataRule: saved.dataRule };
    const unknown = await call(platform, 'PUT', `/manage/projects/${projectId}/rules`, { token: admin, body: { ...rules, errorGroupIds: [randomUUID()] }, headers: en });
    expect(unknown.body.data.fields).toEqual([{ field: 'errorGroupIds.0', message: 'This error group does not exist or was deleted' }]);
    expect((await call(platform, 'PUT', `/manage/projects/${projectId}/rules`, { token: admin, body: { ...rules, errorGroupIds: [errorGroupId] } })).status).toBe(200);
    expect(await names()).toEqual(['Demo box errors']);
    // The catalog's full list stays with the staff.
    expect((await call(platform, 'GET', '/manage/error-groups', { token: inspector })).status).toBe(403);
    expect((await call(platform, 'GET', '/manage/error-groups', { token: admin })).body.data.map((g: { name: string }) => g.name)).toContain('Lane lines');

    await call(platform, 'POST', `/manage/items/links/${links[1].id}/claims`, { token: inspector, body: { count: 1 } });
    const held = await call(platform, 'GET', `/manage/items/projects/${projectId}?mine=true&status=claimed&linkId=${links[1].id}`, { token: inspector });
    const itemId: string = held.body.data.items[0].id;
    const reject = (groupId: string, headers = {}) => call(platform, 'POST', `/manage/items/${itemId}/reject`, { token: inspector, body: { marks: [{ errorGroupId: groupId, value: 'broken lane' }] }, headers });
    const english = await reject(otherId, en);
    expect(english.status).toBe(400);
    expect(english.body).toMatchObject({ code: 400, errCode: 'VALIDATION_FAILED', message: 'This project does not use the error group of this mark; choose one of the project’s error groups' });
    expect(english.body.data.fields).toEqual([{ field: 'marks.0.errorGroupId', message: english.body.message }]);
    expect((await reject(otherId)).body.message).toBe('本项目未使用该标记的错误属性组，请选择项目的错误属性组');
    expect((await call(platform, 'GET', `/manage/items/${itemId}`, { token: inspector })).body.data.status).toBe('claimed');
    expect((await reject(errorGroupId)).status).toBe(200);
  });
});
