// An item as it was: an auditor given the project reads a result that changed after acceptance as of before and
// after the change, and the version the acceptor judged, exactly as the live read had it; everyone else is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemDiffView, ItemPastView, ItemTimelineView } from '@annot/workflows';
import { type Auditor, createAuditor } from '../support/auditors';
import { boxResult } from '../support/demo';
import { call, eventually, type Platform } from '../support/platform';
import { replayVerifies } from '../support/replay';
import { acceptFirstBatch, finishItems, ok, type Person, startWorkedProject, type WorkedProject } from '../support/worked-project';

const en = { 'x-language': 'en_US' };

describe('an item as of a moment', () => {
  let project: WorkedProject;
  let platform: Platform;
  let admin: string;
  let auditor: Auditor;
  let stranger: Auditor;
  let client: Person;
  let itemId: string;
  const past = (query = '', token = auditor.token) => call<ItemPastView>(platform, 'GET', `/manage/past/items/${itemId}${query}`, { token });
  const pastOk = async (query = '') => {
    const answer = await past(query);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };

  beforeAll(async () => {
    project = await startWorkedProject({ frames: [2] });
    ({ platform, admin } = project);
    const finished = await finishItems(project, 2);
    itemId = finished[0];
    client = await acceptFirstBatch(project, finished);
    auditor = await createAuditor(platform, admin, [project.projectId]);
    stranger = await createAuditor(platform, admin, [], 'stranger-auditor@example.com');
  }, 300_000);
  afterAll(async () => platform?.stop());

  it('shows the result changed after acceptance as of before and after the change, and the version the acceptor judged', async () => {
    const live = async () => (await ok(platform, 'GET', `/manage/items/${itemId}`, auditor.token)).result;
    const v1 = await live();
    expect(v1.version).toBe(1);
    const accepted = await pastOk();
    expect(accepted).toMatchObject({ itemId, projectId: project.projectId, status: 'finished', resultVersion: 1, moment: { asked: 'now' } });
    expect(accepted.result).toEqual(v1.result);

    // After acceptance the PM sends the item back keeping its result, and the tagger moves the box.
    await ok(platform, 'POST', `/manage/items/${itemId}/recycle`, admin, { target: 'annotation_pool', keepResult: true });
    const claimed = await ok<{ items: string[] }>(platform, 'POST', `/manage/items/links/${project.links.annotation}/claims`, project.tagger.token, { count: 1 });
    expect(claimed.items).toEqual([itemId]);
    await ok(platform, 'PUT', `/manage/items/${itemId}/result`, project.tagger.token, { result: boxResult(project.toolId, { x: 30 }) });
    const v2 = await live();
    expect([v2.version, v2.result.objects[0].keyframes[0].shape.x]).toEqual([2, 30]);

    const timeline = (await call<ItemTimelineView>(platform, 'GET', `/manage/past/items/${itemId}/timeline`, { token: auditor.token })).body.data;
    const saves = timeline.events.filter((e) => e.type === 'ResultSaved');
    expect(saves.map((e) => [e.resultVersion, e.actorName])).toEqual([
      [1, 'Annotating Tagger'],
      [2, 'Annotating Tagger'],
    ]);
    const acceptance = timeline.judgements.find((j) => j.gate === 'acceptance')!;
    expect(acceptance).toMatchObject({ verdict: 'pass', resultVersion: 1, judgeName: 'Client Acceptor', position: null });
    expect(timeline.judgements.find((j) => j.gate === 'inspection')).toMatchObject({ verdict: 'pass', resultVersion: 1, judgeName: 'Inspecting Tagger' });

    // Now: the past read of this moment is the live one.
    expect(await pastOk()).toMatchObject({ status: 'claimed', resultVersion: 2, result: v2.result, claimerId: project.tagger.id });

    // As of the event before the second save, and as of that save.
    const second = saves[1];
    const before = await pastOk(`?position=${BigInt(second.position) - 1n}`);
    expect(before).toMatchObject({ resultVersion: 1, result: v1.result, moment: { asked: 'position' } });
    expect(await pastOk(`?position=${second.position}`)).toMatchObject({ resultVersion: 2, result: v2.result, moment: { position: second.position } });
    // As of the acceptor's judgement, by its time; and the version judged, in one call.
    expect(await pastOk(`?at=${encodeURIComponent(acceptance.judgedAt)}`)).toMatchObject({ status: 'finished', resultVersion: 1, result: v1.result });
    const judged = await pastOk(`?version=${acceptance.resultVersion}`);
    expect(judged).toMatchObject({ status: 'finished', resultVersion: 1, result: v1.result, moment: { asked: 'version' } });
    // The PM reads the same past.
    expect((await call<ItemPastView>(platform, 'GET', `/manage/past/items/${itemId}?version=1`, { token: admin })).body.data).toEqual(judged);
  });

  it('finds the box moved after acceptance between the version judged and now, and who moved it', async () => {
    const diff = (query: string, token = auditor.token) => call<ItemDiffView>(platform, 'GET', `/manage/past/items/${itemId}/diff${query}`, { token, headers: en });
    const answer = await diff('?from=version:1&to=now');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { from, to, diff: changed, changes } = answer.body.data;
    expect([from.resultVersion, from.status, to.resultVersion, to.status]).toEqual([1, 'finished', 2, 'claimed']);
    expect(changed.objects).toEqual([expect.objectContaining({ kind: 'changed', aspects: ['moved'], frames: [0] })]);
    expect(changed.counts.map((c) => [c.before, c.after])).toEqual([[1, 1]]);
    expect(changes.map((c) => [c.type, c.resultVersion, c.actorName])).toEqual([['ResultSaved', 2, 'Annotating Tagger']]);
    // From the registration to the version judged: the box was drawn, by the first save.
    const registered = (await call<ItemTimelineView>(platform, 'GET', `/manage/past/items/${itemId}/timeline`, { token: auditor.token })).body.data.events[0];
    const drawn = (await diff(`?from=position:${BigInt(registered.position) - 1n}&to=version:1`)).body.data;
    expect(drawn.diff.objects.map((o) => o.kind)).toEqual(['added']);
    expect(drawn.changes.map((c) => c.resultVersion)).toEqual([1]);

    const unreadable = await diff('?from=yesterday');
    expect([unreadable.status, (unreadable.body.data as unknown as { fields: unknown }).fields]).toEqual([400, [{ field: 'from', message: expect.any(String) }]]);
    expect((await diff('?from=version:9')).body.message).toBe('This data item never had result version 9');
    expect((await diff('', stranger.token)).status).toBe(404);
  });

  it('answers within 200 ms', async () => {
    const timings: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      expect((await past('?version=1')).status).toBe(200);
      timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    // The best of five is what the read costs; the rest is what else the shared machine was doing meanwhile.
    console.info(`item as of a moment: best ${timings[0].toFixed(1)} ms, median ${timings[2].toFixed(1)} ms of 5`);
    expect(timings[0]).toBeLessThan(200);
  });

  it('says what is wrong with a moment, in English and in Chinese', async () => {
    const two = await call(platform, 'GET', `/manage/past/items/${itemId}?position=1&version=1`, { token: auditor.token, headers: en });
    expect(two.status).toBe(400);
    expect(two.body.data.fields).toEqual([{ field: 'position', message: 'Name one moment: a log position, a time, or a result version' }]);
    const early = await call(platform, 'GET', `/manage/past/items/${itemId}?position=1`, { token: auditor.token, headers: en });
    expect([early.status, early.body.message]).toEqual([404, 'This data item did not exist yet at that moment']);
    expect((await past('?position=1')).body.message).toBe('该时刻此数据尚未导入');
    const never = await call(platform, 'GET', `/manage/past/items/${itemId}?version=9`, { token: auditor.token, headers: en });
    expect([never.status, never.body.message]).toEqual([404, 'This data item never had result version 9']);
    expect((await past('?at=yesterday')).status).toBe(400);
  });

  it('shows an auditor only the projects given to it, and lets it change nothing', async () => {
    const mine = await ok(platform, 'GET', '/manage/projects', auditor.token);
    expect(mine.items.map((p: { id: string }) => p.id)).toEqual([project.projectId]);
    expect((await ok(platform, 'GET', '/manage/projects', stranger.token)).items).toEqual([]);
    expect((await past('', stranger.token)).status).toBe(404);
    expect((await call(platform, 'GET', `/manage/items/${itemId}`, { token: stranger.token })).status).toBe(404);
    // The statistics are a projection the worker writes: the auditor reads them once they have reached the project.
    const statistics = () => call(platform, 'GET', `/manage/projects/${project.projectId}/statistics`, { token: auditor.token });
    expect((await eventually(statistics, (answer) => answer.body.errCode !== 'NOT_FOUND')).status).toBe(200);

    const refused = await call(platform, 'POST', `/manage/items/${itemId}/recycle`, { token: auditor.token, body: { target: 'annotation_pool', keepResult: true }, headers: en });
    expect([refused.status, refused.body.errCode]).toEqual([403, 'FORBIDDEN']);
    const own = await call(platform, 'PUT', `/manage/people/${auditor.id}/projects`, { token: auditor.token, body: { projectIds: [] } });
    expect([own.status, own.body.errCode]).toEqual([403, 'FORBIDDEN']);
    // A tagger is no reader of the past.
    expect((await call(platform, 'GET', `/manage/past/items/${itemId}`, { token: project.tagger.token })).body.errCode).toBe('FORBIDDEN');
  });

  it("counts the project's items per link and status as of the acceptance and now, as the live counts have them now", async () => {
    const counts = (query: string, token = auditor.token) => call(platform, 'GET', `/manage/past/projects/${project.projectId}/counts${query}`, { token });
    const timeline = (await call<ItemTimelineView>(platform, 'GET', `/manage/past/items/${itemId}/timeline`, { token: auditor.token })).body.data;
    const acceptedAt = timeline.judgements.find((j) => j.gate === 'acceptance')!.judgedAt;
    const then = await counts(`?at=${encodeURIComponent(acceptedAt)}`);
    expect(then.body.data).toMatchObject({ items: 2, counts: [{ linkId: project.links.inspection, status: 'finished', count: 2 }] });
    const now = (await counts('')).body.data;
    const worked = now.counts.filter((c: { status: string }) => c.status === 'claimed' || c.status === 'finished');
    expect(worked).toEqual([
      { linkId: project.links.annotation, status: 'claimed', count: 1 },
      { linkId: project.links.inspection, status: 'finished', count: 1 },
    ]);
    const live = await ok<{ linkId: string; status: string; count: number }[]>(platform, 'GET', `/manage/items/projects/${project.projectId}/counts`, admin);
    expect(live.filter((c) => c.status === 'claimed' || c.status === 'finished').sort((a, b) => a.status.localeCompare(b.status))).toEqual(worked);
    expect((await counts('?position=1')).body.data).toMatchObject({ items: 0, counts: [] });
    expect((await counts('?version=1')).status).toBe(400);
    expect((await counts('', stranger.token)).status).toBe(404);
  });

  it('gives projects only to an auditor and only projects that exist, and rebuilds who reads what on replay', async () => {
    const toTagger = await call(platform, 'PUT', `/manage/people/${project.tagger.id}/projects`, { token: admin, body: { projectIds: [project.projectId] }, headers: en });
    expect([toTagger.status, toTagger.body.message]).toEqual([409, 'Only an auditor is given projects to read']);
    const unknown = await call(platform, 'PUT', `/manage/people/${stranger.id}/projects`, { token: admin, body: { projectIds: ['00000000-0000-4000-8000-000000000000'] } });
    expect(unknown.status).toBe(404);
    expect(await ok(platform, 'GET', `/manage/people/${auditor.id}/projects`, admin)).toEqual({ projectIds: [project.projectId] });
    await ok(platform, 'PUT', `/manage/people/${stranger.id}/projects`, admin, { projectIds: [project.projectId] });
    expect((await past('', stranger.token)).status).toBe(200);
    expect(await replayVerifies(platform)).toEqual({ code: 0, differences: [] });
  });
});
