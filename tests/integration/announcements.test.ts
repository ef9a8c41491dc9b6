// Announcements end to end: the admin's rich text is sanitized, each reader sees exactly the notices whose scope
// names their role, team or account, a scheduled one is published by the worker's delayed job (and a moved or
// stopped one is left alone), stopping takes a notice away, and a private deployment has none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Job, Queue } from 'bullmq';
import { sql } from 'kysely';
import { createProducerRedis, EventStore, jobQueue, outboxJobId } from '@annot/core';
import { type AnnouncementSummary, type AnnouncementView, announcementStreamId, type NoticeSummary } from '@annot/workflows';
import { type Cast, castOfEveryRole, createPerson, type RoleCode } from '../support/people';
import { call, eventually, type Platform, startPlatform } from '../support/platform';
import { replayVerifies } from '../support/replay';
import { signIn, signInAdmin } from '../support/sign-in';

type Reader = RoleCode | 'lone';

describe('announcements', () => {
  let platform: Platform;
  let cast: Cast;
  let teamId: string;
  let lone: { id: string; token: string };
  let queue: Queue;
  const token = (who: Reader) => (who === 'lone' ? lone.token : cast.tokens[who]);

  const ok = async <T = any>(method: string, path: string, body?: unknown, who: Reader = '01'): Promise<T> => {
    const answer = await call<T>(platform, method, path, { token: token(who), body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const draft = (title: string, scope: unknown, content = `<p>${title}</p>`) => ok<{ id: string; version: string }>('POST', '/manage/announcements', { title, content, scope });
  const published = async (title: string, scope: unknown) => {
    const { id } = await draft(title, scope);
    await ok('POST', `/manage/announcements/${id}/publish`);
    return id;
  };
  const view = (id: string) => ok<AnnouncementView>('GET', `/manage/announcements/${id}`);
  /** The delayed job an announcement's schedule for a time asked for, once the outbox has handed it to BullMQ. */
  const timerOf = async (announcementId: string, publishAt: string): Promise<Job> => {
    const row = await eventually(
      () =>
        sql<{ job_id: string; dispatched_at: Date | null }>`
          SELECT job_id::text, dispatched_at FROM outbox WHERE job_name = 'announcement.publish'
          AND payload->>'announcementId' = ${announcementId} AND payload->>'publishAt' = ${publishAt}`
          .execute(platform.database.db)
          .then((r) => r.rows[0]),
      (r) => r?.dispatched_at != null,
    );
    return (await eventually(() => queue.getJob(outboxJobId(row.job_id)), (j) => j !== undefined))!;
  };
  const noticeIds = async (who: Reader) => (await ok<{ items: NoticeSummary[] }>('GET', '/manage/notices?limit=100', undefined, who)).items.map((n) => n.id);

  beforeAll(async () => {
    platform = await startPlatform();
    queue = new Queue(jobQueue, { connection: createProducerRedis(platform.config.redisUrl), prefix: platform.config.redisPrefix });
    const admin = await signInAdmin(platform);
    teamId = (await call(platform, 'POST', '/manage/teams', { token: admin, body: { name: 'Night Team', organisationId: 'ORG-N', hiveId: '3000', size: 5, mobile: 'night@example.com' } })).body.data.id;
    cast = await castOfEveryRole(platform, teamId);
    const loneId = await createPerson(platform, cast.tokens['01'], { role: '40', name: 'Lone Tagger', account: 'lone@example.com', password: 'Tagger@123', teamId: null });
    lone = { id: loneId, token: await signIn(platform, 'lone@example.com', 'Tagger@123', 1) };
  }, 120_000);
  afterAll(async () => {
    await queue?.close();
    await platform?.stop();
  });

  it('keeps only safe markup of the content, and refuses content with nothing readable left', async () => {
    const dirty =
      '<p onclick="steal()">Hello <strong>team</strong><script>alert(1)</script><img src=x onerror=alert(1)>' +
      '<a href="javascript:alert(1)">bad</a> <a href="https://example.com/help" style="color:red">help</a></p><iframe src="https://evil.example"></iframe>';
    const { id } = await draft('Sanitized', { everyone: true }, dirty);
    const { content } = await view(id);
    expect(content).toBe('<p>Hello <strong>team</strong><span>bad</span> <a href="https://example.com/help" target="_blank" rel="noopener noreferrer">help</a></p>');
    const { events } = await platform.api.get(EventStore).readStream(announcementStreamId(id));
    expect(JSON.stringify(events)).not.toMatch(/script|onerror|javascript:|iframe|onclick/);

    const empty = await call(platform, 'POST', '/manage/announcements', { token: cast.tokens['01'], body: { title: 'Empty', content: '<script>x</script><p> </p>', scope: { everyone: true } } });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body.data)).toContain('content');
    const nobody = await call(platform, 'POST', '/manage/announcements', { token: cast.tokens['01'], body: { title: 'Nobody', content: '<p>x</p>', scope: { roles: [], teamIds: [], accountIds: [] } } });
    expect(nobody.status).toBe(400);
  });

  it('shows each reader the published notices whose scope names their role, team or account, and only those', async () => {
    const everyone = await published('For everyone', { everyone: true });
    const clients = await published('For clients', { roles: ['50'] });
    const team = await published('For the night team', { teamIds: [teamId] });
    const person = await published('For the lone tagger', { accountIds: [lone.id] });
    const pms = await published('For PMs', { roles: ['10', '20'] });
    const unpublished = (await draft('Still a draft', { everyone: true })).id;
    const expected: Record<Reader, string[]> = {
      '01': [everyone],
      '10': [everyone, pms],
      '20': [everyone, pms],
      '30': [everyone, team],
      '40': [everyone, team],
      '50': [everyone, clients],
      lone: [everyone, person],
    };
    const all = [everyone, clients, team, person, pms, unpublished];
    for (const [reader, ids] of Object.entries(expected) as [Reader, string[]][]) {
      const listed = await noticeIds(reader);
      expect(listed.filter((id) => all.includes(id)).sort(), reader).toEqual([...ids].sort());
      for (const id of all) {
        const answer = await call(platform, 'GET', `/manage/notices/${id}`, { token: token(reader) });
        expect([reader, id, answer.status]).toEqual([reader, id, ids.includes(id) ? 200 : 404]);
      }
    }
    const notice = await ok<{ title: string; content: string; scope?: unknown }>('GET', `/manage/notices/${team}`, undefined, '40');
    expect(notice).toMatchObject({ title: 'For the night team', content: '<p>For the night team</p>' });
    expect(notice.scope).toBeUndefined();
  });

  it('lists notices newest first and pages through them with a cursor', async () => {
    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: NoticeSummary[]; nextCursor: string | null } = await ok('GET', `/manage/notices?limit=1${cursor ? `&cursor=${cursor}` : ''}`, undefined, '40');
      expect(page.items.length).toBeLessThanOrEqual(1);
      pages.push(...page.items.map((n) => n.publishedAt));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toHaveLength(2);
    expect([...pages].sort().reverse()).toEqual(pages);
    expect((await call(platform, 'GET', '/manage/notices?cursor=nonsense', { token: cast.tokens['40'] })).status).toBe(400);
  });

  it('publishes a scheduled announcement through the worker’s delayed job, at its time and not before', async () => {
    const { id } = await draft('Scheduled', { roles: ['40'] });
    const past = await call(platform, 'POST', `/manage/announcements/${id}/schedule`, { token: cast.tokens['01'], body: { publishAt: new Date(Date.now() - 60_000).toISOString() } });
    expect(past.status).toBe(400);
    const publishAt = new Date(Date.now() + 2500);
    await ok('POST', `/manage/announcements/${id}/schedule`, { publishAt: publishAt.toISOString() });
    expect(await view(id)).toMatchObject({ status: 'scheduled', publishAt: publishAt.toISOString().replace('Z', '000Z') });
    expect(await noticeIds('40')).not.toContain(id);
    await eventually(() => view(id), (v) => v.status === 'published', 20_000);
    expect(Date.now()).toBeGreaterThanOrEqual(publishAt.getTime());
    expect(await noticeIds('40')).toContain(id);
    const { events } = await platform.api.get(EventStore).readStream(announcementStreamId(id));
    const publication = events.find((e) => e.type === 'AnnouncementPublished')!;
    expect(publication.data).toMatchObject({ publishAt: publishAt.toISOString(), publishedBy: 'system' });
    expect(publication.metadata?.actorId).toBe('system');
  });

  it('leaves alone a schedule that was moved or stopped before its timer ran', async () => {
    const moved = (await draft('Moved', { everyone: true })).id;
    const stopped = (await draft('Called off', { everyone: true })).id;
    const soon = new Date(Date.now() + 1500).toISOString();
    await ok('POST', `/manage/announcements/${moved}/schedule`, { publishAt: soon });
    await ok('POST', `/manage/announcements/${stopped}/schedule`, { publishAt: soon });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await ok('POST', `/manage/announcements/${moved}/schedule`, { publishAt: later });
    await ok('POST', `/manage/announcements/${stopped}/stop`);
    // The timers set for the first time run all the same, and find nothing of theirs to publish.
    for (const id of [moved, stopped]) {
      const job = await timerOf(id, soon);
      await eventually(() => queue.getJobState(job.id!), (state) => state === 'completed', 20_000);
      expect((await queue.getJob(job.id!))!.returnvalue).toEqual({ published: false });
    }
    expect(await queue.getJobState((await timerOf(moved, later)).id!)).toBe('delayed');
    expect(await view(moved)).toMatchObject({ status: 'scheduled', publishAt: later.replace('Z', '000Z') });
    expect(await view(stopped)).toMatchObject({ status: 'stopped', publishedAt: null });
  });

  it('stops publishing: the notice is gone for its readers, and a stopped or published one is not edited', async () => {
    const id = await published('Short-lived', { everyone: true });
    expect(await noticeIds('50')).toContain(id);
    const edited = await call(platform, 'PUT', `/manage/announcements/${id}`, { token: cast.tokens['01'], body: { title: 'Changed', content: '<p>x</p>', scope: { everyone: true } } });
    expect(edited.status).toBe(409);
    await ok('POST', `/manage/announcements/${id}/stop`);
    expect(await noticeIds('50')).not.toContain(id);
    expect((await call(platform, 'GET', `/manage/notices/${id}`, { token: cast.tokens['50'] })).status).toBe(404);
    expect((await call(platform, 'POST', `/manage/announcements/${id}/stop`, { token: cast.tokens['01'] })).status).toBe(409);
    const again = await call(platform, 'POST', `/manage/announcements/${id}/publish`, { token: cast.tokens['01'] });
    expect(again.status).toBe(200);
    expect(await noticeIds('50')).toContain(id);
  });

  it('lists announcements for the admin by status, newest first, with keyset paging, and refuses everyone else', async () => {
    const stopped = await ok<{ items: AnnouncementSummary[] }>('GET', '/manage/announcements?status=stopped&limit=100');
    expect(stopped.items.length).toBeGreaterThan(0);
    expect(stopped.items.every((a) => a.status === 'stopped')).toBe(true);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: AnnouncementSummary[]; nextCursor: string | null } = await ok('GET', `/manage/announcements?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((a) => a.id));
      cursor = page.nextCursor;
    } while (cursor);
    const all = await ok<{ items: AnnouncementSummary[] }>('GET', '/manage/announcements?limit=100');
    expect(seen).toEqual(all.items.map((a) => a.id));
    expect(new Set(seen).size).toBe(seen.length);
    for (const role of ['10', '30', '40', '50'] as const) {
      expect((await call(platform, 'GET', '/manage/announcements', { token: cast.tokens[role] })).status).toBe(403);
    }
  });

  it('edits a draft under If-Match, and refuses an edit made against an older version', async () => {
    const { id, version } = await draft('Before', { everyone: true });
    const fresh = await call(platform, 'PUT', `/manage/announcements/${id}`, {
      token: cast.tokens['01'],
      headers: { 'if-match': `"${version}"` },
      body: { title: 'After', content: '<p>after</p>', scope: { roles: ['40', '40'], teamIds: [teamId], accountIds: [lone.id] } },
    });
    expect(fresh.status).toBe(200);
    expect(await view(id)).toMatchObject({
      title: 'After',
      content: '<p>after</p>',
      scope: { roles: ['40'], teamIds: [teamId], accountIds: [lone.id] },
      // The picker shows the chosen by name.
      chosen: { teams: [{ id: teamId, name: 'Night Team' }], people: [{ id: lone.id, name: 'Lone Tagger (lone@example.com)' }] },
    });
    const stale = await call(platform, 'PUT', `/manage/announcements/${id}`, { token: cast.tokens['01'], headers: { 'if-match': `"${version}"` }, body: { title: 'Lost', content: '<p>x</p>', scope: { everyone: true } } });
    expect(stale.status).toBe(409);
  });

  it('rebuilds the announcements table exactly from the log', async () => {
    expect(await replayVerifies(platform)).toEqual({ code: 0, differences: [] });
  }, 120_000);
});

describe('announcements in a private deployment', () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await startPlatform({ worker: false, config: { privateDeployment: true } });
  }, 60_000);
  afterAll(async () => platform?.stop());

  it('answers 404 for the management routes and the notices alike', async () => {
    const admin = await signInAdmin(platform);
    const created = await call(platform, 'POST', '/manage/announcements', { token: admin, body: { title: 'Hidden', content: '<p>x</p>', scope: { everyone: true } } });
    expect(created.status).toBe(404);
    expect((await call(platform, 'GET', '/manage/announcements', { token: admin })).status).toBe(404);
    expect((await call(platform, 'GET', '/manage/notices', { token: admin })).status).toBe(404);
    expect((await call(platform, 'GET', '/manage/notices/00000000-0000-4000-8000-000000000000', { token: admin })).status).toBe(404);
  });
});
