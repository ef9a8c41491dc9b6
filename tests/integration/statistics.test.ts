// Statistics on a constructed project whose figures are known in advance: three people work five items through the
// real work loop, and the async projection's figures are read back per role, per granularity and across time zones.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStore, noStream } from '@annot/core';
import { itemStreamId } from '@annot/workflows';
import { boxResult } from '../support/demo';
import { testMetadata } from '../support/events';
import { createPerson } from '../support/people';
import { call, eventually } from '../support/platform';
import { replayVerifies } from '../support/replay';
import { signIn } from '../support/sign-in';
import { finishItems, ok, type Person, startWorkedProject, type WorkedProject } from '../support/worked-project';

describe('statistics', () => {
  let project: WorkedProject;
  let supplier: string;
  let teamTagger: Person;
  let teamId: string;
  const statistics = (token: string, query = '', path = '') => call(project.platform, 'GET', `/manage/projects/${project.projectId}/statistics${path}${query ? `?${query}` : ''}`, { token });
  const figures = async (token: string, query = '', path = '') => {
    const answer = await statistics(token, query, path);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };

  /** The places of an answer that carry money: the unit price and costs are the staff's only. */
  const moneyIn = (value: unknown, at = ''): string[] => {
    if (Array.isArray(value)) return value.flatMap((v, i) => moneyIn(v, `${at}[${i}]`));
    if (value === null || typeof value !== 'object') return [];
    return Object.entries(value).flatMap(([key, v]) => [...(['unitPrice', 'cost'].includes(key) ? [`${at}.${key}`] : []), ...moneyIn(v, `${at}.${key}`)]);
  };

  beforeAll(async () => {
    project = await startWorkedProject({ frames: [3, 2] });
    const { platform, admin, projectId, links, tagger, inspector } = project;
    teamId = (await ok<{ id: string }>(platform, 'POST', '/manage/teams', admin, { name: 'Night Crew', organisationId: 'ORG-N', hiveId: '3000', size: 5, mobile: 'n@example.com' })).id;
    await createPerson(platform, admin, { role: '30', name: 'Night Supplier', account: 'night-supplier@example.com', password: 'Supply@123', teamId });
    supplier = await signIn(platform, 'night-supplier@example.com', 'Supply@123', 2);
    const teamTaggerId = await createPerson(platform, admin, { role: '40', name: 'Night Tagger', account: 'night-tagger@example.com', password: 'Tagger@123', teamId });
    teamTagger = { id: teamTaggerId, token: await signIn(platform, 'night-tagger@example.com', 'Tagger@123', 1) };
    await ok(platform, 'PUT', `/manage/projects/${projectId}/links/${links.annotation}/members`, admin, { teamIds: [teamId], taggerIds: [tagger.id] });
    // A team's taggers work on a link through a group its supplier makes.
    await ok(platform, 'POST', `/manage/projects/${projectId}/links/${links.annotation}/groups`, supplier, { name: 'night', taggerIds: [teamTaggerId] });
    await ok(platform, 'POST', `/manage/items/projects/${projectId}/rule-readings`, teamTagger.token);

    // A and B: the tagger annotates, the inspector passes; both finish.
    expect(await finishItems(project, 2)).toHaveLength(2);
    // C: the team's tagger submits, is rejected, reworks and passes.
    const claim = async (who: Person, linkId: string) => (await ok<{ items: string[] }>(platform, 'POST', `/manage/items/links/${linkId}/claims`, who.token, { count: 1 })).items;
    const [c] = await claim(teamTagger, links.annotation);
    await ok(platform, 'PUT', `/manage/items/${c}/result`, teamTagger.token, { result: boxResult(project.toolId) });
    await ok(platform, 'POST', `/manage/items/${c}/submit`, teamTagger.token);
    expect(await claim(inspector, links.inspection)).toEqual([c]);
    await ok(platform, 'POST', `/manage/items/${c}/reject`, inspector.token, { marks: [{ errorGroupId: project.errorGroupId, value: 'loose box' }] });
    expect(await claim(teamTagger, links.annotation)).toEqual([c]);
    await ok(platform, 'POST', `/manage/items/${c}/submit`, teamTagger.token);
    expect(await claim(inspector, links.inspection)).toEqual([c]);
    await ok(platform, 'POST', `/manage/items/${c}/pass`, inspector.token);
    // D: the tagger marks it invalid and submits it; it waits for inspection. E waits to be annotated.
    const reason = await ok<{ id: string }>(platform, 'POST', '/manage/invalid-reasons', admin, { code: 'BLUR', name: 'Blurred', description: 'Too blurred' });
    const [d] = await claim(tagger, links.annotation);
    await ok(platform, 'POST', `/manage/items/${d}/mark-invalid`, tagger.token, { reasonId: reason.id });
    await ok(platform, 'POST', `/manage/items/${d}/submit`, tagger.token);
    // The figures answer 404 until the statistics projection has read the project, then count what it has read.
    await eventually(
      () => statistics(admin),
      ({ status, body }) => status === 200 && body.data.totals.submitted === 5 && body.data.links[1]?.waiting === 1,
      20_000,
    );
  }, 240_000);
  afterAll(async () => project?.platform.stop());

  it('gives the PM the project’s totals, cost, progress per link and batch, and pass rates', async () => {
    const { admin, links, dataBatches, tagger, inspector } = project;
    const f = await figures(admin, 'granularity=day&tz=UTC');
    expect(f.totals).toMatchObject({ claimed: 9, submitted: 5, reworked: 1, invalid: 1, objects: 4, passed: 3, rejected: 1, finished: 3, finishedValid: 3, cost: 1.05 });
    expect(f.project.unitPrice).toBe(0.35);
    expect(f.links).toEqual([
      { linkId: links.annotation, name: 'Annotation', type: 'annotation', waiting: 1, claimed: 0, held: 0, done: 4, total: 5 },
      { linkId: links.inspection, name: 'Inspection', type: 'inspection', waiting: 1, claimed: 0, held: 0, done: 3, total: 5 },
    ]);
    const byBatch = Object.fromEntries(f.batches.map((b: { batchId: string }) => [b.batchId, b]));
    expect(byBatch[dataBatches[0].id]).toMatchObject({ name: 'Batch 1', items: 3, finished: 3 });
    expect(byBatch[dataBatches[1].id]).toMatchObject({ name: 'Batch 2', items: 2, finished: 0, links: [{ linkId: links.annotation, done: 1 }, { linkId: links.inspection, done: 0 }] });
    expect(f.inspections).toEqual([{ linkId: links.inspection, linkName: 'Inspection', passed: 3, rejected: 1, passRate: 0.75 }]);
    const person = (id: string, linkId: string) => f.people.find((p: { personId: string; linkId: string }) => p.personId === id && p.linkId === linkId);
    expect(person(tagger.id, links.annotation)).toMatchObject({ name: 'Annotating Tagger', claimed: 3, submitted: 3, invalid: 1, passed: 2, rejected: 0, finishedValid: 2, cost: 0.7, teamId: null });
    expect(person(teamTagger.id, links.annotation)).toMatchObject({ name: 'Night Tagger', teamName: 'Night Crew', claimed: 2, submitted: 2, reworked: 1, passed: 1, rejected: 1, passRate: 0.5, cost: 0.35 });
    expect(person(inspector.id, links.inspection)).toMatchObject({ claimed: 4, passed: 3, rejected: 1, submitted: 0 });
    expect(f.teams).toEqual([expect.objectContaining({ teamId, teamName: 'Night Crew', linkId: links.annotation, submitted: 2, finishedValid: 1, cost: 0.35 })]);
    expect(f.classes).toHaveLength(1);
    expect(f.classes[0].objects).toBe(4);
    expect(f.series).toHaveLength(1);
    expect(f.series[0]).toMatchObject({ submitted: 5, objects: 4 });
    // The time per item is the mean from each claim to the submission that ended it, as the log recorded them.
    const { rows: spans } = await sql<{ claimedAt: string; submittedAt: string }>`
      SELECT c.data->>'claimedAt' AS "claimedAt", s.data->>'submittedAt' AS "submittedAt"
      FROM events s JOIN events c ON c.stream_id = s.stream_id AND c.type = 'ItemClaimed' AND c.data->>'claimId' = s.data->>'claimId'
      WHERE s.type = 'ItemSubmitted' AND s.data->>'projectId' = ${project.projectId}`.execute(project.platform.database.db);
    expect(spans).toHaveLength(5);
    const spent = spans.reduce((sum, span) => sum + Date.parse(span.submittedAt) - Date.parse(span.claimedAt), 0);
    expect(f.totals.msPerItem).toBeCloseTo(spent / 5, 6);
  });

  it('shows a tagger only their own figures, without price or cost, and refuses them the project’s and a team’s', async () => {
    const { tagger } = project;
    const mine = await figures(tagger.token, '', '/mine');
    expect(mine.scope).toBe('mine');
    expect(new Set(mine.people.map((p: { personId: string }) => p.personId))).toEqual(new Set([tagger.id]));
    expect(mine.totals).toMatchObject({ claimed: 3, submitted: 3, invalid: 1, objects: 2 });
    expect([mine.teams, mine.links, mine.batches, mine.inspections, mine.sampling, mine.acceptance]).toEqual([[], [], [], [], [], []]);
    expect(moneyIn(mine)).toEqual([]);
    expect((await statistics(tagger.token)).status).toBe(403);
    expect((await statistics(tagger.token, '', '/team')).status).toBe(403);
  });

  it('shows a supplier only its own team’s people, without price or cost', async () => {
    const team = await figures(supplier, '', '/team');
    expect(team.people.map((p: { personId: string }) => p.personId)).toEqual([teamTagger.id]);
    expect(team.totals).toMatchObject({ claimed: 2, submitted: 2, reworked: 1, finishedValid: 1 });
    expect(moneyIn(team)).toEqual([]);
    expect(team.teams.map((t: { teamId: string }) => t.teamId)).toEqual([teamId]);
    expect((await statistics(supplier)).status).toBe(403);
    expect((await statistics(supplier, '', '/mine')).status).toBe(403);
  });

  it('hides the figures of a project the caller does not work on', async () => {
    const { platform, admin } = project;
    const outsider = await createPerson(platform, admin, { role: '40', name: 'Outsider', account: 'outsider@example.com', password: 'Tagger@123' });
    expect(outsider).toBeTruthy();
    const token = await signIn(platform, 'outsider@example.com', 'Tagger@123', 1);
    expect((await statistics(token, '', '/mine')).status).toBe(404);
  });

  it('gives the dashboard the ongoing project with its progress, pools and today’s output', async () => {
    const { admin, platform, projectId, links } = project;
    const dashboard = (await ok(platform, 'GET', '/manage/dashboard?granularity=month&tz=UTC', admin)) as {
      today: { submitted: number };
      projects: { id: string; total: number; finished: number; progress: number; waiting: unknown[] }[];
      series: unknown[];
    };
    const own = dashboard.projects.find((p) => p.id === projectId)!;
    expect(own).toMatchObject({ total: 5, finished: 3, progress: 0.6 });
    expect(own.waiting).toEqual([
      { linkId: links.annotation, name: 'Annotation', waiting: 1 },
      { linkId: links.inspection, name: 'Inspection', waiting: 1 },
    ]);
    expect(dashboard.today.submitted).toBe(5);
    expect(dashboard.series.length).toBeGreaterThanOrEqual(1);
    expect((await call(platform, 'GET', '/manage/dashboard', { token: project.tagger.token })).status).toBe(403);
  });

  describe('time zones and granularities', () => {
    /**
     * Appends an item's claim and its submission `minutes` later, at a chosen time, as the work loop would have
     * recorded them then.
     */
    const workAt = async (instant: string, minutes: number) => {
      const itemId = randomUUID();
      const ref = { itemId, projectId: project.projectId, linkId: project.links.annotation };
      const claimId = randomUUID();
      const claimedAt = new Date(Date.parse(instant) - minutes * 60_000).toISOString();
      const events = [
        { type: 'ItemClaimed', data: { ...ref, claimId, claimerId: project.tagger.id, claimedAt, deadline: null } },
        { type: 'ItemSubmitted', data: { ...ref, claimId, submittedBy: project.tagger.id, submittedAt: instant, resultVersion: 0, rework: false, toLinkId: project.links.inspection } },
      ];
      await new EventStore(project.platform.database.db).append(itemStreamId(itemId), noStream, events.map((e) => ({ ...e, metadata: testMetadata() })));
    };
    const periods = async (granularity: string, tz: string) => {
      const f = await figures(project.admin, `from=2020-12-01&to=2021-01-31&granularity=${granularity}&tz=${encodeURIComponent(tz)}`);
      return f.series.map((s: { period: string; submitted: number }) => [s.period, s.submitted]);
    };

    beforeAll(async () => {
      // 23:30 UTC on New Year's Eve is already New Year's Day in Shanghai (+08:00).
      await workAt('2020-12-31T23:30:00.000Z', 2);
      // 18:15 UTC is 00:00 the next day in Kathmandu (+05:45); 18:10 is still 23:55 the same day there. Each claimed
      // a few minutes before, on the same day in every zone here.
      await workAt('2021-01-10T18:10:00.000Z', 4);
      await workAt('2021-01-10T18:15:00.000Z', 9);
      // All three submissions counted, not only the first of each year.
      await eventually(() => periods('year', 'UTC'), (p) => p.reduce((sum: number, [, submitted]: [string, number]) => sum + submitted, 0) === 3, 20_000);
    });

    it('counts an event at 23:30 UTC on the next day, month, quarter and year in Asia/Shanghai', async () => {
      expect(await periods('day', 'UTC')).toEqual([['2020-12-31', 1], ['2021-01-10', 2]]);
      expect(await periods('day', 'Asia/Shanghai')).toEqual([['2021-01-01', 1], ['2021-01-11', 2]]);
      expect(await periods('month', 'UTC')).toEqual([['2020-12-01', 1], ['2021-01-01', 2]]);
      expect(await periods('month', 'Asia/Shanghai')).toEqual([['2021-01-01', 3]]);
      expect(await periods('quarter', 'UTC')).toEqual([['2020-10-01', 1], ['2021-01-01', 2]]);
      expect(await periods('quarter', 'Asia/Shanghai')).toEqual([['2021-01-01', 3]]);
      expect(await periods('year', 'UTC')).toEqual([['2020-01-01', 1], ['2021-01-01', 2]]);
      expect(await periods('year', 'Asia/Shanghai')).toEqual([['2021-01-01', 3]]);
    });

    it('gives the time per item of the range: the mean of 2, 4 and 9 minutes from claim to submission', async () => {
      const f = await figures(project.admin, 'from=2020-12-01&to=2021-01-31&granularity=month&tz=UTC');
      expect(f.totals.msPerItem).toBe(300_000);
      expect(f.totals).toMatchObject({ claimed: 3, submitted: 3 });
    });

    it('starts weeks on Monday in the reader’s zone', async () => {
      expect(await periods('week', 'UTC')).toEqual([['2020-12-28', 1], ['2021-01-04', 2]]);
      expect(await periods('week', 'Asia/Shanghai')).toEqual([['2020-12-28', 1], ['2021-01-11', 2]]);
    });

    it('splits a quarter-hour offset exactly: +05:45 puts 18:10 and 18:15 UTC on two days', async () => {
      expect(await periods('day', 'Asia/Kathmandu')).toEqual([['2021-01-01', 1], ['2021-01-10', 1], ['2021-01-11', 1]]);
    });

    it('refuses a zone, granularity or range it cannot read, in the envelope', async () => {
      for (const query of ['tz=Mars%2FOlympus', 'tz=%2B05%3A45', 'granularity=hour', 'from=2021-02-30', 'from=2021-03-01&to=2021-02-01', 'unknown=1']) {
        const answer = await statistics(project.admin, query);
        expect(answer.status, query).toBe(400);
        expect(answer.body).toMatchObject({ code: 400, errCode: 'VALIDATION_FAILED' });
      }
    });
  });

  it('rebuilds the statistics exactly from the log', async () => {
    expect(await replayVerifies(project.platform)).toEqual({ code: 0, differences: [] });
  }, 120_000);
});
