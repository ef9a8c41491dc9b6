// A project between two moments: an auditor finds the items whose place or result changed since acceptance, with
// what changed and who changed it, by link, person and batch and "changed after acceptance"; it searches its own
// projects for the log, and its log shows the events naming its projects among several, never the staff's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDiffPage, ProjectPastView } from '@annot/workflows';
import { type Auditor, createAuditor } from '../support/auditors';
import { boxResult } from '../support/demo';
import { eventually } from '../support/eventually';
import { call, type Platform } from '../support/platform';
import { replayVerifies } from '../support/replay';
import { acceptFirstBatch, finishItems, ok, type Person, startWorkedProject, type WorkedProject } from '../support/worked-project';

const en = { 'x-language': 'en_US' };

describe('a project between two moments', () => {
  let project: WorkedProject;
  let platform: Platform;
  let admin: string;
  let auditor: Auditor;
  let stranger: Auditor;
  let client: Person;
  /** Moved after acceptance; sent back without a change; claimed from the second batch. */
  let moved: string;
  let returned: string;
  let claimed: string;
  /** The moment both items of the first batch had been accepted. */
  let accepted: string;
  const diff = (query: string, token = auditor.token) => call<ProjectDiffPage>(platform, 'GET', `/manage/past/projects/${project.projectId}/diff${query}`, { token, headers: en });
  const diffOk = async (query: string) => {
    const answer = await diff(query);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const ids = (page: ProjectDiffPage) => page.rows.map((r) => r.itemId).sort();

  beforeAll(async () => {
    project = await startWorkedProject({ frames: [2, 1] });
    ({ platform, admin } = project);
    const finished = await finishItems(project, 2);
    expect(finished.sort()).toEqual([...project.dataBatches[0].itemIds].sort());
    client = await acceptFirstBatch(project, finished);
    auditor = await createAuditor(platform, admin, [project.projectId]);
    stranger = await createAuditor(platform, admin, [], 'stranger-auditor@example.com');
    accepted = (await ok<ProjectPastView>(platform, 'GET', `/manage/past/projects/${project.projectId}/counts`, auditor.token)).moment.position!;

    // After acceptance the PM sends one accepted item back keeping its result; the tagger takes it with the second
    // batch's item and moves its box; then the PM sends the other accepted item back too, changing nothing else.
    [moved, returned] = finished;
    [claimed] = project.dataBatches[1].itemIds;
    await ok(platform, 'POST', `/manage/items/${moved}/recycle`, admin, { target: 'annotation_pool', keepResult: true });
    const taken = (await ok<{ items: string[] }>(platform, 'POST', `/manage/items/links/${project.links.annotation}/claims`, project.tagger.token, { count: 2 })).items;
    expect(taken.sort()).toEqual([moved, claimed].sort());
    await ok(platform, 'PUT', `/manage/items/${moved}/result`, project.tagger.token, { result: boxResult(project.toolId, { x: 30 }) });
    await ok(platform, 'PUT', `/manage/items/${claimed}/result`, project.tagger.token, { result: boxResult(project.toolId) });
    await ok(platform, 'POST', `/manage/items/${returned}/recycle`, admin, { target: 'annotation_pool', keepResult: true });
  }, 300_000);
  afterAll(async () => platform?.stop());

  it('lists the items that changed since acceptance with what changed and who changed it', async () => {
    const page = await diffOk(`?from=position:${accepted}&to=now`);
    expect(page.from).toBe(`position:${accepted}`);
    expect(page.to).toMatch(/^position:\d+$/);
    // Over the three items: a box on each accepted item then, and now one more on the item claimed since.
    expect(page.totals).toEqual({ items: 3, moved: 3, results: 2, classes: [{ toolId: project.toolId, className: null, before: 2, after: 3 }] });
    expect(ids(page)).toEqual([moved, returned, claimed].sort());
    const row = (id: string) => page.rows.find((r) => r.itemId === id)!;

    expect(row(moved)).toMatchObject({
      batchId: project.dataBatches[0].id,
      from: { status: 'finished', resultVersion: 1 },
      to: { status: 'claimed', linkId: project.links.annotation, resultVersion: 2 },
      objects: { added: 0, removed: 0, changed: 1 },
      aspects: ['moved'],
      counts: [],
      changedAfterAcceptance: true,
    });
    // The PM sent it back; the tagger claimed it and moved the box.
    expect(row(moved).changes.map((c) => [c.type, c.actorName === 'Annotating Tagger'])).toEqual([
      ['ItemRecycled', false],
      ['ItemClaimed', true],
      ['ResultSaved', true],
    ]);
    expect(row(moved).changes[0].actorId).not.toBeNull();
    expect(row(returned)).toMatchObject({ from: { status: 'finished', resultVersion: 1 }, to: { status: 'pooled', resultVersion: 1 }, objects: { added: 0, removed: 0, changed: 0 }, changedAfterAcceptance: false });
    expect(row(returned).changes.map((c) => c.actorName)).not.toContain('Annotating Tagger');
    expect(row(claimed)).toMatchObject({
      batchId: project.dataBatches[1].id,
      from: { status: 'pooled', resultVersion: 0 },
      to: { status: 'claimed', resultVersion: 1 },
      objects: { added: 1, removed: 0, changed: 0 },
      counts: [{ toolId: project.toolId, className: null, before: 0, after: 1 }],
      changedAfterAcceptance: false,
    });

    // The same two moments asked the other way round read from the earlier to the later.
    const swapped = await diffOk(`?from=${page.to}&to=position:${accepted}`);
    expect([swapped.from, swapped.to, ids(swapped)]).toEqual([page.from, page.to, ids(page)]);
    // A moment against itself: nothing changed.
    expect((await diffOk(`?from=position:${accepted}&to=position:${accepted}`)).rows).toEqual([]);
  });

  it('narrows by link, person, batch and changes after acceptance, page by page', async () => {
    const from = `from=position:${accepted}`;
    expect(ids(await diffOk(`?${from}&afterAcceptance=true`))).toEqual([moved]);
    expect(ids(await diffOk(`?${from}&personId=${project.tagger.id}`))).toEqual([moved, claimed].sort());
    expect(ids(await diffOk(`?${from}&personId=${project.inspector.id}`))).toEqual([]);
    expect(ids(await diffOk(`?${from}&batchId=${project.dataBatches[1].id}`))).toEqual([claimed]);
    expect(ids(await diffOk(`?${from}&linkId=${project.links.inspection}`))).toEqual([moved, returned].sort());
    const after = await diffOk(`?${from}&afterAcceptance=true&personId=${project.tagger.id}`);
    expect([ids(after), after.totals.items]).toEqual([[moved], 1]);

    const first = await diffOk(`?${from}&limit=2`);
    expect(first.rows.length).toBe(2);
    const second = await diffOk(`?from=${first.from}&to=${first.to}&limit=2&cursor=${first.nextCursor}`);
    expect([second.rows.length, second.nextCursor]).toEqual([1, null]);
    expect([...first.rows, ...second.rows].map((r) => r.itemId).sort()).toEqual([moved, returned, claimed].sort());
  });

  it('refuses a bad moment or filter in the envelope, and a reader it may not show', async () => {
    const fieldsOf = (answer: Awaited<ReturnType<typeof diff>>) => (answer.body.data as unknown as { fields: { field: string; message: string }[] }).fields;
    const version = await diff('?from=version:1');
    expect([version.status, fieldsOf(version)]).toEqual([400, [{ field: 'from', message: 'A project has no result version: name a log position or a time' }]]);
    const word = await diff('?to=yesterday');
    expect([word.status, fieldsOf(word).map((f) => f.field)]).toEqual([400, ['to']]);
    expect((await diff('?personId=someone')).body.errCode).toBe('VALIDATION_FAILED');
    expect((await diff('?afterAcceptance=maybe')).status).toBe(400);
    expect((await diff('', stranger.token)).status).toBe(404);
    expect((await diff('', project.tagger.token)).body.errCode).toBe('FORBIDDEN');
    expect((await diff('', client.token)).body.errCode).toBe('FORBIDDEN');
  });

  it('lets an auditor change nothing it reads here: not the items, not whose projects are whose', async () => {
    const refused = async (method: string, path: string, body?: unknown) => {
      const answer = await call(platform, method, path, { token: auditor.token, body, headers: en });
      expect([path, answer.status, answer.body.errCode]).toEqual([path, 403, 'FORBIDDEN']);
    };
    await refused('POST', `/manage/items/${returned}/recycle`, { target: 'annotation_pool', keepResult: true });
    await refused('PUT', `/manage/people/${auditor.id}/projects`, { projectIds: [] });
    await refused('PUT', `/manage/people/${stranger.id}/projects`, { projectIds: [project.projectId] });
    await refused('GET', `/manage/people/${auditor.id}/projects`);
    await refused('POST', `/manage/projects/${project.projectId}/clone`);
    expect(await ok(platform, 'GET', `/manage/people/${auditor.id}/projects`, admin)).toEqual({ projectIds: [project.projectId] });
  });

  it("searches an auditor's own projects for the log, page by page, and no one else's", async () => {
    const clone = async () => (await ok<{ id: string }>(platform, 'POST', `/manage/projects/${project.projectId}/clone`, admin)).id;
    const [mine, others] = [await clone(), await clone()];
    await ok(platform, 'PUT', `/manage/people/${auditor.id}/projects`, admin, { projectIds: [project.projectId, mine] });
    const title = (await ok<{ title: string }>(platform, 'GET', `/manage/projects/${mine}`, admin)).title;
    const search = (query: string) => ok<{ items: { id: string }[]; nextCursor: string | null }>(platform, 'GET', `/manage/projects?${query}`, auditor.token);
    const found = await search(`keyword=${encodeURIComponent(title)}`);
    expect(found.items.map((p) => p.id)).toEqual([mine]);
    expect((await ok(platform, 'GET', `/manage/projects?keyword=${encodeURIComponent(title)}`, admin)).items.map((p: { id: string }) => p.id)).toContain(others);
    const first = await search('limit=1');
    const second = await search(`limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect([...first.items, ...second.items].map((p) => p.id).sort()).toEqual([project.projectId, mine].sort());
    expect(second.nextCursor).toBeNull();
  });

  it("shows an auditor the events naming its projects among several and its own assignments, never the other events of no project", async () => {
    type Log = { list: { event_type: string; id: string }[]; total: number };
    const log = (token: string, query = '') => call<Log>(platform, 'GET', `/manage/history/getoperatehistory?limit=100${query}`, { token });
    // Another auditor is given this project and another: the event names both.
    const other = await createAuditor(platform, admin, [project.projectId], 'other-auditor@example.com');
    const types = (answer: Awaited<ReturnType<typeof log>>) => answer.body.data.list.map((e) => e.event_type);
    const mine = await eventually(
      () => log(auditor.token),
      (answer) => types(answer).filter((t) => t === 'AuditorProjectsAssigned').length >= 3 && types(answer).includes('ProjectDrafted'),
    );
    // Its own two assignments and the other auditor's, and the clone made from its project; no account's creation.
    expect(types(mine).filter((t) => t === 'AuditorProjectsAssigned').length).toBe(3);
    expect(types(mine)).not.toContain('AccountCreated');
    // The staff read the same rows when they ask for the project, and every other event besides.
    const staff = await log(admin, `&projectId=${project.projectId}`);
    expect(types(staff).filter((t) => t === 'AuditorProjectsAssigned').length).toBe(3);
    expect(types(await log(admin))).toContain('AccountCreated');
    // An auditor with no project sees its own assignment only once it names one; the empty one stays its own.
    await ok(platform, 'PUT', `/manage/people/${stranger.id}/projects`, admin, { projectIds: [] });
    const strangers = await eventually(
      () => log(stranger.token),
      (answer) => answer.body.data.total > 0,
    );
    expect(types(strangers)).toEqual(['AuditorProjectsAssigned']);
    expect(types(await log(other.token)).filter((t) => t === 'AuditorProjectsAssigned').length).toBeGreaterThanOrEqual(1);
    expect(await replayVerifies(platform)).toEqual({ code: 0, differences: [] });
  });
});
