// Client acceptance over the API, as its people would run it: the PM makes acceptance batches from items finished
// through the work loop, client acceptors see only their own, claim, judge with marks and submit, and the PM passes,
// rejects (returning items for rework when repair is allowed) or withdraws; every refusal in both languages.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Platform } from '../support/platform';
import { createPerson } from '../support/people';
import { replayVerifies } from '../support/replay';
import { signInInternal } from '../support/sign-in';
import { finishItems, ok, type Person, person, startWorkedProject, type WorkedProject } from '../support/worked-project';

const en = { 'x-language': 'en_US' };

describe('client acceptance', () => {
  let project: WorkedProject;
  let platform: Platform;
  let admin: string;
  /** A PM who is not the project's: the role is refused before any membership is asked. */
  let pm: string;
  let client1: Person;
  let client2: Person;
  let client3: Person;
  /** The acceptance batches in the order the tests make them: b[1] is sequence 1. */
  const b: string[] = [];

  const acceptance = () => `/manage/quality/projects/${project.projectId}/acceptance`;
  const create = (body: unknown, headers?: Record<string, string>) => call(platform, 'POST', acceptance(), { token: admin, body, headers });
  const detail = (batchId: string, token = admin) => ok(platform, 'GET', `/manage/quality/acceptance/${batchId}`, token);
  const act = (batchId: string, verb: string, token: string, body?: unknown, headers?: Record<string, string>) =>
    call(platform, 'POST', `/manage/quality/acceptance/${batchId}/${verb}`, { token, body, headers });
  const judge = (batchId: string, itemId: string, token: string, verdict: 'pass' | 'reject', headers?: Record<string, string>) =>
    act(batchId, `items/${itemId}/judge`, token, { verdict, marks: verdict === 'reject' ? [mark()] : [] }, headers);
  const mark = () => ({ errorGroupId: project.errorGroupId, value: 'loose box', objectId: 'car-1', comment: 'The box leaves a margin around the car' });
  const eligible = () => ok(platform, 'GET', `${acceptance()}/eligible`, admin);
  const permissions = async (changes: Record<string, boolean>) => {
    const { basics } = await ok(platform, 'GET', `/manage/projects/${project.projectId}`, admin);
    await ok(platform, 'PUT', `/manage/projects/${project.projectId}/basics`, admin, { ...basics, permissions: { ...basics.permissions, ...changes } });
  };
  /** The acceptor claims the batch, judges every item (rejecting those named) and submits it. */
  const acceptAll = async (batchId: string, who: Person, rejected: string[] = []) => {
    await ok(platform, 'POST', `/manage/quality/acceptance/${batchId}/claim`, who.token, {});
    for (const item of (await detail(batchId, who.token)).items) {
      expect((await judge(batchId, item.itemId, who.token, rejected.includes(item.itemId) ? 'reject' : 'pass')).status).toBe(200);
    }
    await ok(platform, 'POST', `/manage/quality/acceptance/${batchId}/submit`, who.token);
  };
  const history = async (itemId: string) => (await ok<{ type: string; data: any }[]>(platform, 'GET', `/manage/items/${itemId}/history`, admin));

  beforeAll(async () => {
    project = await startWorkedProject({ frames: [10, 6] });
    ({ platform, admin } = project);
    expect(await finishItems(project, 16)).toHaveLength(16);
    client1 = await person(platform, admin, '50', 'Client One');
    client2 = await person(platform, admin, '50', 'Client Two');
    client3 = await person(platform, admin, '50', 'Client Three');
    await createPerson(platform, admin, { role: '10', name: 'Other PM', account: 'other-pm@example.com', email: 'other-pm@example.com', password: 'Manage@123' });
    pm = await signInInternal(platform, 'other-pm@example.com', 'Manage@123');
  });
  afterAll(async () => platform?.stop());

  it("refuses unreasonable splits and acceptors with the seed's words, in Chinese by default and in English", async () => {
    const [batchA, batchB] = project.dataBatches;
    expect(await eligible()).toEqual({
      count: 16,
      byBatch: [
        { batchId: batchA.id, batchName: 'Batch 1', count: 10 },
        { batchId: batchB.id, batchName: 'Batch 2', count: 6 },
      ],
    });
    const acceptorIds = [client1.id];
    const refusals: [unknown, string, string, string][] = [
      [{ by: 'number', batches: 0 }, 'split.batches', 'Please enter a reasonable number of batches', '请输入合理的批次数量'],
      [{ by: 'number', batches: 17 }, 'split', 'Please enter a reasonable number of batches', '请输入合理的批次数量'],
      [{ by: 'amount', amount: 0 }, 'split.amount', 'Please enter a reasonable single batch amount', '请输入合理的单批数量'],
      [{ by: 'amount', amount: 16 }, 'split', 'Acceptance batch data count must be less than selected data', '验收批次数据量必须小于所选数据量'],
    ];
    for (const [split, field, english, chinese] of refusals) {
      const inEnglish = await create({ split, acceptorIds }, en);
      expect(inEnglish.status).toBe(400);
      expect(inEnglish.body.errCode).toBe('VALIDATION_FAILED');
      expect(inEnglish.body.data.fields).toEqual([{ field, message: english }]);
      expect((await create({ split, acceptorIds })).body.data.fields).toEqual([{ field, message: chinese }]);
    }
    // The planner's own refusals are the envelope's message too, for a form that shows one line.
    expect((await create({ split: { by: 'amount', amount: 16 }, acceptorIds }, en)).body.message).toBe('Acceptance batch data count must be less than selected data');

    const nobody = await create({ split: { by: 'number', batches: 1 }, acceptorIds: [] }, en);
    expect(nobody.status).toBe(400);
    expect(nobody.body.data.fields).toEqual([{ field: 'acceptorIds', message: 'Choose at least one client acceptor for the acceptance batches' }]);
    expect((await create({ split: { by: 'number', batches: 1 }, acceptorIds: [] })).body.data.fields[0].message).toBe('请至少选择一名验收员');
    const tagger = await create({ split: { by: 'number', batches: 1 }, acceptorIds: [client1.id, project.tagger.id] }, en);
    expect(tagger.status).toBe(400);
    expect(tagger.body.data.fields).toEqual([{ field: 'acceptorIds.1', message: 'This account is not an active client acceptor' }]);
    expect((await create({ split: { by: 'number', batches: 1 }, acceptorIds: [project.tagger.id] })).body.message).toBe('该账号不是有效的验收员');
    expect((await eligible()).count).toBe(16);
  });

  it('makes batches by number from one data batch and by single batch amount from another, numbered in the project', async () => {
    const [batchA, batchB] = project.dataBatches;
    const byNumber = await ok(platform, 'POST', acceptance(), admin, { dataBatchIds: [batchA.id], split: { by: 'number', batches: 2 }, acceptorIds: [client1.id] });
    expect(byNumber).toEqual({ created: [expect.objectContaining({ sequence: 1, itemCount: 5 }), expect.objectContaining({ sequence: 2, itemCount: 5 })], leftOut: 0 });
    const byAmount = await ok(platform, 'POST', acceptance(), admin, { dataBatchIds: [batchB.id], split: { by: 'amount', amount: 4 }, acceptorIds: [client2.id] });
    expect(byAmount).toEqual({ created: [expect.objectContaining({ sequence: 3, itemCount: 4 }), expect.objectContaining({ sequence: 4, itemCount: 2 })], leftOut: 0 });
    b.push('', ...[...byNumber.created, ...byAmount.created].map((c: { batchId: string }) => c.batchId));

    // Every finished item is in an open batch now: a new selection has nothing left.
    const none = await create({ split: { by: 'number', batches: 1 }, acceptorIds: [client1.id] }, en);
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ errCode: 'ITEM_REFUSED', message: 'None of the selected data can be put in an acceptance batch' });
    expect((await create({ split: { by: 'number', batches: 1 }, acceptorIds: [client1.id] })).body.message).toBe('所选数据中没有可验收的数据');

    const list = await ok(platform, 'GET', acceptance(), admin);
    expect(list.eligible).toBe(0);
    expect(list.items.map((row: { sequence: number }) => row.sequence)).toEqual([1, 2, 3, 4]);
    expect(list.items[0]).toMatchObject({ batchId: b[1], status: 'pending', itemCount: 5, judgedCount: 0, acceptors: [{ id: client1.id, name: 'Client One' }], claimer: null, claimedAt: null, submittedAt: null, costSeconds: null });
    const inA = [...(await detail(b[1])).items, ...(await detail(b[2])).items].map((i: { itemId: string }) => i.itemId);
    expect(inA.sort()).toEqual([...batchA.itemIds].sort());
    expect((await detail(b[1])).items[0]).toMatchObject({ fileName: expect.stringMatching(/\.png$/), resultVersion: 1, verdict: null, marks: [], judgedAt: null, outcome: null });
  });

  it('shows an acceptor only the batches naming them, and nothing internal of their items', async () => {
    const projects = await ok(platform, 'GET', '/manage/quality/acceptance/projects', client1.token);
    expect(projects.items).toEqual([{ projectId: project.projectId, projectName: 'Quality gates', batches: 2, pending: 2, accepting: 0, submitted: 0, passed: 0, rejected: 0 }]);
    expect((await ok(platform, 'GET', '/manage/quality/acceptance/projects', client3.token)).items).toEqual([]);
    const area = `/manage/quality/acceptance/projects/${project.projectId}`;
    expect((await ok(platform, 'GET', `${area}/batches`, client1.token)).items.map((row: { sequence: number }) => row.sequence)).toEqual([1, 2]);
    expect((await ok(platform, 'GET', `${area}/batches`, client2.token)).items.map((row: { sequence: number }) => row.sequence)).toEqual([3, 4]);
    expect((await call(platform, 'GET', `${area}/batches`, { token: client3.token })).status).toBe(404);
    expect((await call(platform, 'GET', `/manage/quality/acceptance/${b[3]}`, { token: client1.token })).status).toBe(404);
    expect((await call(platform, 'GET', acceptance(), { token: client1.token })).body.errCode).toBe('FORBIDDEN');

    // Every item of their batches, a page at a time.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { itemId: string; sequence: number }[]; nextCursor: string | null } = await ok(platform, 'GET', `${area}/items?limit=4${cursor ? `&cursor=${cursor}` : ''}`, client1.token);
      seen.push(...page.items.map((i) => i.itemId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual([...project.dataBatches[0].itemIds].sort());
    expect((await call(platform, 'GET', `${area}/items?cursor=not-a-cursor`, { token: client1.token })).status).toBe(400);

    const itemId: string = (await detail(b[1], client1.token)).items[0].itemId;
    const item = await call(platform, 'GET', `/manage/items/${itemId}`, { token: client1.token });
    expect(item.status).toBe(200);
    expect(Object.keys(item.body.data).sort()).toEqual(['effective', 'fileName', 'frameCount', 'height', 'id', 'mediaType', 'objectCount', 'projectId', 'result', 'resultVersion', 'version', 'width']);
    expect(Object.keys(item.body.data.result).sort()).toEqual(['result', 'version']);
    const text = JSON.stringify([item.body, projects, await detail(b[1], client1.token)]);
    for (const internal of [project.tagger.id, project.inspector.id, 'Annotating Tagger', 'Inspecting Tagger', project.links.annotation, 'unitPrice']) expect(text).not.toContain(internal);
    const media = await fetch(`${platform.baseUrl}/manage/items/${itemId}/media`, { headers: { authorization: `Bearer ${client1.token}` } });
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('image/png');
    expect((await fetch(`${platform.baseUrl}/manage/items/${itemId}/thumbnail`, { headers: { authorization: `Bearer ${client1.token}` } })).status).toBe(200);
    expect((await call(platform, 'GET', `/manage/items/projects/${project.projectId}/tools`, { token: client1.token })).status).toBe(200);
    expect((await call(platform, 'GET', `/manage/items/${itemId}/history`, { token: client1.token })).status).toBe(403);
    // Another client's item, and one of no batch of theirs, are not there for them.
    expect((await call(platform, 'GET', `/manage/items/${itemId}`, { token: client2.token })).status).toBe(404);
    expect((await fetch(`${platform.baseUrl}/manage/items/${itemId}/media`, { headers: { authorization: `Bearer ${client3.token}` } })).status).toBe(404);
    expect((await call(platform, 'GET', `/manage/items/projects/${project.projectId}/tools`, { token: client3.token })).status).toBe(404);
  });

  it('takes a batch through claim, verdicts with marks and submission to the PM, who passes it; each refused edge says what the caller may do', async () => {
    const items: string[] = (await detail(b[1])).items.map((i: { itemId: string }) => i.itemId);
    // Acceptance is the client's word: the staff are refused as a role, with who may, and the batch stays as it was.
    const before = (await detail(b[1])).batch;
    for (const [verb, body] of [['claim', {}], [`items/${items[0]}/judge`, { verdict: 'pass', marks: [] }], ['submit', undefined]] as const) {
      for (const staff of [admin, pm]) {
        const refused = await act(b[1], verb, staff, body, en);
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({ errCode: 'FORBIDDEN', message: 'Not allowed: only the acceptor may do this' });
      }
    }
    expect((await act(b[1], 'claim', pm, {})).body.message).toBe('没有权限：只有验收员可以执行此操作');
    expect((await detail(b[1])).batch).toEqual(before);
    const early = await judge(b[1], items[0], client1.token, 'pass', en);
    expect(early.body).toMatchObject({ errCode: 'INVALID_TRANSITION', message: '"judge an item" is not allowed while "waiting for acceptance"; allowed: claim the acceptance batch' });
    expect((await judge(b[1], items[0], client1.token, 'pass')).body.message).toBe('当前状态“待验收”不允许操作“验收数据”，允许的操作：领取验收批次');

    expect((await act(b[1], 'claim', client1.token, {})).status).toBe(200);
    const claimed = await detail(b[1], client1.token);
    expect(claimed.batch).toMatchObject({ status: 'accepting', claimer: { id: client1.id, name: 'Client One' }, claimedAt: expect.any(String) });
    expect(claimed.allowed).toEqual(['acceptance.judge']);
    const tooSoon = await act(b[1], 'pass', admin, undefined, en);
    expect(tooSoon.body).toMatchObject({ errCode: 'INVALID_TRANSITION', message: '"pass the acceptance batch" is not allowed while "accepting"; allowed: withdraw the acceptance batch' });
    const unjudged = await act(b[1], 'submit', client1.token, undefined, en);
    expect(unjudged.body).toMatchObject({ errCode: 'ITEM_REFUSED', message: '5 data items of this batch are not judged yet; judge every item before submitting' });
    const noMarks = await act(b[1], `items/${items[0]}/judge`, client1.token, { verdict: 'reject', marks: [] }, en);
    expect(noMarks.status).toBe(400);
    expect(noMarks.body.data.fields).toEqual([{ field: 'marks', message: 'Please mark at least one error before rejecting' }]);
    // The acceptor marks with the project's error groups, read from the project; a group it does not use is refused.
    const groups = await ok(platform, 'GET', `/manage/items/projects/${project.projectId}/error-groups`, client1.token);
    expect(groups.map((g: { id: string }) => g.id)).toContain(project.errorGroupId);
    const foreign = await act(b[1], `items/${items[0]}/judge`, client1.token, { verdict: 'reject', marks: [{ ...mark(), errorGroupId: randomUUID() }] }, en);
    expect(foreign.body).toMatchObject({ code: 400, errCode: 'VALIDATION_FAILED', message: 'This project does not use the error group of this mark; choose one of the project’s error groups' });

    for (const itemId of items) expect((await judge(b[1], itemId, client1.token, itemId === items[0] ? 'reject' : 'pass')).status).toBe(200);
    const judged = await detail(b[1], client1.token);
    expect(judged.batch).toMatchObject({ judgedCount: 5, passedCount: 4, rejectedCount: 1 });
    expect(judged.items[0]).toMatchObject({ itemId: items[0], verdict: 'reject', marks: [expect.objectContaining({ value: 'loose box', objectId: 'car-1' })], judgedAt: expect.any(String) });
    expect(judged.allowed).toEqual(['acceptance.judge', 'acceptance.submit']);

    expect((await act(b[1], 'submit', client1.token)).status).toBe(200);
    const submitted = await detail(b[1]);
    expect(submitted.batch).toMatchObject({ status: 'submitted', submittedAt: expect.any(String), costSeconds: expect.any(Number) });
    expect(submitted.allowed).toEqual(['acceptance.pass', 'acceptance.reject', 'acceptance.withdraw']);
    const late = await judge(b[1], items[1], client1.token, 'reject', en);
    expect(late.body).toMatchObject({ errCode: 'INVALID_TRANSITION', message: '"judge an item" is not allowed while "submitted to the PM"; allowed: -' });
    expect((await act(b[1], 'pass', client1.token)).body.errCode).toBe('FORBIDDEN');

    expect(await ok(platform, 'POST', `/manage/quality/acceptance/${b[1]}/pass`, admin)).toMatchObject({ status: 'passed' });
    const passed = await detail(b[1]);
    expect(passed.batch).toMatchObject({ status: 'passed', decidedAt: expect.any(String) });
    // Repair after acceptance is off: the rejected item stays rejected, finished where it was.
    expect(passed.items.map((i: { outcome: string }) => i.outcome)).toEqual(['rejected', 'passed', 'passed', 'passed', 'passed']);
    expect((await ok(platform, 'GET', `/manage/items/${items[0]}`, admin)).status).toBe('finished');
    expect((await history(items[0])).map((e) => e.type)).not.toContain('ItemReturned');
    const again = await act(b[1], 'pass', admin, undefined, en);
    expect(again.body).toMatchObject({ errCode: 'INVALID_TRANSITION', message: '"pass the acceptance batch" is not allowed while "passed"; allowed: -' });
  });

  it('keeps passed items out of new batches while "accepted-passed data can be re-accepted" is off', async () => {
    const [batchA] = project.dataBatches;
    expect(await eligible()).toEqual({ count: 0, byBatch: [] });
    await permissions({ reacceptPassed: true });
    expect(await eligible()).toEqual({ count: 4, byBatch: [{ batchId: batchA.id, batchName: 'Batch 1', count: 4 }] });
    // The rejected item and those of batch 2, still open, are left out of the selection.
    const again = await ok(platform, 'POST', acceptance(), admin, { dataBatchIds: [batchA.id], split: { by: 'number', batches: 1 }, acceptorIds: [client1.id] });
    expect(again).toEqual({ created: [expect.objectContaining({ sequence: 5, itemCount: 4 })], leftOut: 6 });
    b.push(again.created[0].batchId);
    await permissions({ reacceptPassed: false });
  });

  it("withdraws a batch, freeing its items for another and taking them out of the acceptor's sight", async () => {
    expect((await act(b[2], 'claim', client1.token, {})).status).toBe(200);
    const itemId: string = (await detail(b[2])).items[0].itemId;
    expect(await ok(platform, 'POST', `/manage/quality/acceptance/${b[2]}/withdraw`, admin)).toMatchObject({ status: 'withdrawn' });
    expect((await eligible()).count).toBe(5);
    const gone = await judge(b[2], itemId, client1.token, 'pass', en);
    expect(gone.body).toMatchObject({ errCode: 'INVALID_TRANSITION', message: '"judge an item" is not allowed while "withdrawn"; allowed: -' });
    expect((await act(b[2], 'withdraw', admin, undefined, en)).body.errCode).toBe('INVALID_TRANSITION');
    expect((await call(platform, 'GET', `/manage/items/${itemId}`, { token: client1.token })).status).toBe(404);
    const projects = await ok(platform, 'GET', '/manage/quality/acceptance/projects', client1.token);
    expect(projects.items[0]).toMatchObject({ batches: 2, pending: 1, accepting: 0, passed: 1 });
  });

  it("asks a second acceptor to confirm before taking over another's claim, and then discards the earlier verdicts", async () => {
    const made = await ok(platform, 'POST', acceptance(), admin, { split: { by: 'number', batches: 1 }, acceptorIds: [client1.id, client2.id] });
    expect(made.created).toEqual([expect.objectContaining({ sequence: 6, itemCount: 5 })]);
    b.push(made.created[0].batchId);
    await ok(platform, 'POST', `/manage/quality/acceptance/${b[6]}/claim`, client1.token, {});
    const itemId: string = (await detail(b[6])).items[0].itemId;
    expect((await judge(b[6], itemId, client1.token, 'pass')).status).toBe(200);

    const asked = await act(b[6], 'claim', client2.token, {}, en);
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({ errCode: 'ACCEPTANCE_CLAIMED', message: 'Acceptance batch already claimed by another inspector: confirm before overwriting existing results' });
    expect((await act(b[6], 'claim', client2.token, {})).body.message).toBe('该验收批次已被其他验收员领取，确认后将覆盖已有验收结果');
    expect((await detail(b[6], client2.token)).allowed).toEqual(['acceptance.take_over']);
    expect((await act(b[6], 'claim', client3.token, { confirmTakeover: true })).status).toBe(404);

    expect((await act(b[6], 'claim', client2.token, { confirmTakeover: true })).status).toBe(200);
    const taken = await detail(b[6], client2.token);
    expect(taken.batch).toMatchObject({ status: 'accepting', claimer: { id: client2.id, name: 'Client Two' }, judgedCount: 0 });
    expect(taken.items[0].verdict).toBeNull();
    const former = await judge(b[6], itemId, client1.token, 'pass', en);
    expect(former.body).toMatchObject({ errCode: 'ITEM_REFUSED', message: 'This acceptance batch is not claimed by you' });
  });

  it('returns the items of a rejected batch for rework when repair is allowed, and leaves them rejected when it is not', async () => {
    await permissions({ repairAfterAcceptance: true });
    const items: string[] = (await detail(b[3])).items.map((i: { itemId: string }) => i.itemId);
    await acceptAll(b[3], client2, [items[0]]);
    expect(await ok(platform, 'POST', `/manage/quality/acceptance/${b[3]}/reject`, admin)).toMatchObject({ status: 'rejected' });
    expect((await detail(b[3])).items.map((i: { outcome: string }) => i.outcome)).toEqual(['returned', 'returned', 'returned', 'returned']);
    for (const itemId of items) {
      const item = await ok(platform, 'GET', `/manage/items/${itemId}`, admin);
      expect(item).toMatchObject({ status: 'waiting', linkId: project.links.annotation, rework: true, preferredClaimerId: project.tagger.id });
      const returned = (await history(itemId)).at(-1)!;
      expect(returned).toMatchObject({ type: 'ItemReturned', data: { gate: 'acceptance', gateId: b[3], toLinkId: project.links.annotation } });
      expect(returned.data.marks).toHaveLength(itemId === items[0] ? 1 : 0);
    }
    expect((await eligible()).count).toBe(0);
    // Reworked and finished again, they may be accepted again.
    expect((await finishItems(project, 4)).sort()).toEqual([...items].sort());
    expect((await eligible()).count).toBe(4);

    await permissions({ repairAfterAcceptance: false });
    const kept: string[] = (await detail(b[4])).items.map((i: { itemId: string }) => i.itemId);
    await acceptAll(b[4], client2);
    expect(await ok(platform, 'POST', `/manage/quality/acceptance/${b[4]}/reject`, admin)).toMatchObject({ status: 'rejected' });
    expect((await detail(b[4])).items.map((i: { outcome: string }) => i.outcome)).toEqual(['rejected', 'rejected']);
    for (const itemId of kept) {
      expect((await ok(platform, 'GET', `/manage/items/${itemId}`, admin)).status).toBe('finished');
      expect((await history(itemId)).map((e) => e.type)).not.toContain('ItemReturned');
    }
    expect((await eligible()).count).toBe(4);
  });

  it("gives an acceptor's statistics over their own batches", async () => {
    const stats = await ok(platform, 'GET', `/manage/quality/acceptance/projects/${project.projectId}/statistics`, client2.token);
    expect(stats).toMatchObject({ itemCount: 11, judgedCount: 6, passedCount: 5, rejectedCount: 1, passRate: 5 / 6, secondsPerItem: expect.any(Number) });
    expect(stats.byBatch.map((row: { sequence: number; status: string }) => [row.sequence, row.status])).toEqual([
      [3, 'rejected'],
      [4, 'rejected'],
      [6, 'accepting'],
    ]);
    const days = stats.byDay as { day: string; judged: number; passed: number; rejected: number }[];
    expect(days.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.day))).toBe(true);
    const total = (pick: (d: (typeof days)[number]) => number) => days.reduce((sum, d) => sum + pick(d), 0);
    expect([total((d) => d.judged), total((d) => d.passed), total((d) => d.rejected)]).toEqual([6, 5, 1]);
  });

  it('leaves out items a sampling task still holds, until it passes', async () => {
    const batchB = project.dataBatches[1];
    expect(await eligible()).toEqual({ count: 4, byBatch: [{ batchId: batchB.id, batchName: 'Batch 2', count: 4 }] });
    const { taskId } = await ok(platform, 'POST', `/manage/quality/projects/${project.projectId}/sampling`, admin, { scope: { kind: 'batch', batchId: batchB.id }, rule: { by: 'ratio', ratio: 50 } });
    expect(await eligible()).toEqual({ count: 0, byBatch: [] });
    const none = await create({ split: { by: 'number', batches: 1 }, acceptorIds: [client1.id] }, en);
    expect(none.body.message).toBe('None of the selected data can be put in an acceptance batch');
    for (let status = 'open'; status === 'open'; ) {
      const { itemId } = await ok(platform, 'POST', `/manage/quality/sampling/${taskId}/claim`, project.inspector.token);
      ({ status } = await ok(platform, 'POST', `/manage/quality/sampling/${taskId}/items/${itemId}/judge`, project.inspector.token, { verdict: 'pass', marks: [] }));
    }
    expect((await ok(platform, 'GET', `/manage/quality/sampling/${taskId}`, admin)).task.status).toBe('passed');
    expect((await eligible()).count).toBe(4);
  });

  it('rebuilds the acceptance tables identically from the log', async () => {
    expect(await replayVerifies(platform)).toEqual({ code: 0, differences: [] });
  });
});
