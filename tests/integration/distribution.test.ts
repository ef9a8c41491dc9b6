// Distribution of a link's pool over the API: the PM shares the annotation link's pool among two teams, a supplier
// splits its team's share among its groups, and claims draw from the claimer's share first and never from another's.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFrames, sampleZip } from '../../scripts/src/sample-images';
import { seedDemo } from '../../scripts/src/seed-demo';
import { createPerson } from '../support/people';
import { call, eventually, type Platform, startPlatform } from '../support/platform';
import { replayVerifies } from '../support/replay';
import { adminAccount, adminPassword, signIn, signInAdmin } from '../support/sign-in';

describe('distribution', () => {
  let platform: Platform;
  let admin: string;
  let supplier: string;
  let projectId: string;
  let linkId: string;
  let teamA: string;
  let teamB: string;
  const groups: Record<string, string> = {};
  const taggers: Record<string, string> = {};
  const crowdA: string[] = [];
  const crowdB: string[] = [];
  const en = { 'x-language': 'en_US' };

  const waitingOf = async (teamId: string | null, groupId?: string | null): Promise<string[]> => {
    const { rows } = await sql<{ id: string }>`
      SELECT item_id::text AS id FROM items
      WHERE link_id = ${linkId}::uuid AND status = 'waiting' AND preferred_claimer_id IS NULL AND team_id IS NOT DISTINCT FROM ${teamId}::uuid
        AND (${groupId === undefined} OR group_id IS NOT DISTINCT FROM ${groupId ?? null}::uuid)
      ORDER BY priority DESC, created_at, seq`.execute(platform.database.db);
    return rows.map((r) => r.id);
  };
  const claim = async (token: string, count: number): Promise<string[]> => {
    const answer = await call(platform, 'POST', `/manage/items/links/${linkId}/claims`, { token, body: { count } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.items;
  };
  const distribute = (token: string, body: unknown, path = '') => call(platform, 'PUT', `/manage/distribution/links/${linkId}${path}`, { token, body, headers: en });
  const view = async (token: string) => {
    const answer = await call(platform, 'GET', `/manage/distribution/projects/${projectId}`, { token });
    expect(answer.status).toBe(200);
    return answer.body.data.find((l: { linkId: string }) => l.linkId === linkId);
  };

  beforeAll(async () => {
    platform = await startPlatform();
    await seedDemo(platform.baseUrl, platform.database.url, { account: adminAccount, password: adminPassword }, { otherTypes: false });
    admin = await signInAdmin(platform);
    projectId = (await call(platform, 'GET', '/manage/projects?tab=going', { token: admin })).body.data.items[0].id;
    const detail = (await call(platform, 'GET', `/manage/projects/${projectId}`, { token: admin })).body.data;
    linkId = detail.links[0].id;
    teamA = (await call(platform, 'GET', '/manage/teams', { token: admin })).body.data.find((t: { name: string }) => t.name === 'Demo Team').id;
    teamB = (await call(platform, 'POST', '/manage/teams', { token: admin, body: { name: 'Second Team', organisationId: 'ORG-B', hiveId: '2000', size: 20, mobile: 'b@example.com' } })).body.data.id;

    // A second batch, so the pool is large enough to share.
    const batch = (await call(platform, 'POST', `/manage/projects/${projectId}/batches`, { token: admin, body: { name: 'More frames', priority: 5, uploadType: 'zip' } })).body.data;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await sampleZip(sampleFrames(80, 64, 48)))], { type: 'application/zip' }), 'more.zip');
    expect((await fetch(`${platform.baseUrl}/manage/batches/${batch.id}/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${admin}` } })).status).toBe(200);
    await eventually(
      async () => (await call(platform, 'GET', `/manage/projects/${projectId}/batches`, { token: admin })).body.data,
      (batches: { name: string; importing: unknown; items: number }[]) => batches.some((b) => b.name === 'More frames') && batches.every((b) => b.importing === null && b.items > 0),
      60_000,
    );

    const person = async (name: string, teamId: string) => {
      const account = `${name}@example.com`;
      const id = await createPerson(platform, admin, { role: '40', name, account, password: 'Tagger@123', teamId });
      return { id, token: await signIn(platform, account, 'Tagger@123', 1) };
    };
    const people = await Promise.all([
      ...['a1', 'a2', 'b1'].map(async (name) => [name, await person(name, name.startsWith('a') ? teamA : teamB)] as const),
      ...Array.from({ length: 10 }, async (_, i) => [`ca${i}`, await person(`ca${i}`, teamA)] as const),
      ...Array.from({ length: 10 }, async (_, i) => [`cb${i}`, await person(`cb${i}`, teamB)] as const),
    ]);
    const ids: Record<string, string> = {};
    for (const [name, p] of people) {
      ids[name] = p.id;
      taggers[name] = p.token;
      if (name.startsWith('ca')) crowdA.push(p.token);
      if (name.startsWith('cb')) crowdB.push(p.token);
    }
    // Team B's taggers are on the link themselves; team A's through the groups its supplier makes.
    const demoTagger = (await call(platform, 'GET', '/manage/people?limit=100', { token: admin })).body.data.items.find((p: { account: string }) => p.account === 'tagger@example.com').id;
    const bTaggers = people.filter(([name]) => name.startsWith('b') || name.startsWith('cb')).map(([name]) => ids[name]);
    const members = await call(platform, 'PUT', `/manage/projects/${projectId}/links/${linkId}/members`, { token: admin, body: { teamIds: [teamA, teamB], taggerIds: [demoTagger, ...bTaggers] } });
    expect(members.status, JSON.stringify(members.body)).toBe(200);
    supplier = await signIn(platform, 'supplier@example.com', 'Demo@2026', 2);
    for (const [name, taggerIds] of [['night', [ids.a1]], ['day', [ids.a2]], ['crowd', Object.keys(ids).filter((n) => n.startsWith('ca')).map((n) => ids[n])]] as const) {
      const group = await call(platform, 'POST', `/manage/projects/${projectId}/links/${linkId}/groups`, { token: supplier, body: { name, taggerIds } });
      expect(group.status, JSON.stringify(group.body)).toBe(200);
      groups[name] = group.body.data.groupId;
    }
    // Everyone reads the annotation rule for a shortened countdown before claiming.
    const rules = detail.rules;
    const shorter = { annotationRule: rules.annotationRule, countdownSeconds: 1, rereadByAnnotator: rules.rereadByAnnotator, dataRule: rules.dataRule, errorGroupIds: rules.errorGroupIds };
    expect((await call(platform, 'PUT', `/manage/projects/${projectId}/rules`, { token: admin, body: shorter })).status).toBe(200);
    await Promise.all(Object.values(taggers).map(async (token) => expect((await call(platform, 'POST', `/manage/items/projects/${projectId}/rule-readings`, { token })).status).toBe(200)));
    await new Promise((resolve) => setTimeout(resolve, 1200));
  }, 180_000);
  afterAll(async () => platform?.stop());

  it("gives team A the first five items of the pool; A's taggers claim them first, then the open pool; B's never get them", async () => {
    const firstFive = (await waitingOf(null)).slice(0, 5);
    expect((await distribute(admin, { by: 'count', teams: [{ teamId: teamA, value: 5 }] })).status).toBe(200);
    expect(await waitingOf(teamA)).toEqual(firstFive);

    const b = await claim(taggers.b1, 3);
    expect(b).toHaveLength(3);
    expect(b.filter((id) => firstFive.includes(id))).toEqual([]);

    const first = await claim(taggers.a2, 3);
    expect(firstFive).toEqual(expect.arrayContaining(first));
    const then = await claim(taggers.a2, 4);
    expect(then.filter((id) => firstFive.includes(id))).toHaveLength(2);
    expect(then.filter((id) => !firstFive.includes(id))).toHaveLength(2);

    const team = (await view(admin)).teams.find((t: { teamId: string }) => t.teamId === teamA);
    expect(team).toMatchObject({ name: 'Demo Team', assigned: 5, waiting: 0, claimed: 5, done: 0 });
  });

  it("lets a supplier split its team's share among its groups; a group's part goes to that group only", async () => {
    expect((await distribute(admin, { by: 'count', teams: [{ teamId: teamA, value: 4 }] })).status).toBe(200);
    const split = await distribute(supplier, { by: 'share', groups: [{ groupId: groups.night, value: 50 }] }, '/groups');
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    const night = await waitingOf(teamA, groups.night);
    expect(night).toHaveLength(2);

    const day = await claim(taggers.a2, 5);
    expect(day.filter((id) => night.includes(id))).toEqual([]);
    expect(await claim(taggers.a1, 1)).toEqual([night[0]]);

    const seen = await view(supplier);
    expect(seen.open).toBeNull();
    expect(seen.teams.map((t: { teamId: string }) => t.teamId)).toEqual([teamA]);
    expect(seen.teams[0].groups.find((g: { groupId: string }) => g.groupId === groups.night)).toMatchObject({ name: 'night', waiting: 1, claimed: 1 });
    expect(seen.teams[0].own).toMatchObject({ waiting: 0 });
  });

  it('refuses shares over what is there or over 100%, teams not on the link, groups not of the team, and the wrong roles', async () => {
    const stranger = '00000000-0000-4000-8000-000000000001';
    const notOn = await distribute(admin, { by: 'count', teams: [{ teamId: stranger, value: 1 }] });
    expect([notOn.status, notOn.body.message]).toEqual([409, 'This team is not on the link']);
    const tooMany = await distribute(admin, { by: 'count', teams: [{ teamId: teamB, value: 100_000 }] });
    expect([tooMany.status, tooMany.body.errCode]).toEqual([409, 'DISTRIBUTION_REFUSED']);
    expect(tooMany.body.message).toMatch(/^Only [\d,]+ items can be shared here, not 100,000$/);
    expect((await distribute(admin, { by: 'share', teams: [{ teamId: teamA, value: 60 }, { teamId: teamB, value: 41 }] })).status).toBe(400);
    const notOurs = await distribute(supplier, { by: 'count', groups: [{ groupId: stranger, value: 1 }] }, '/groups');
    expect([notOurs.status, notOurs.body.message]).toEqual([409, "This group is not one of your team's groups on the link"]);
    expect((await distribute(supplier, { by: 'count', teams: [{ teamId: teamA, value: 1 }] })).status).toBe(403);
    expect((await distribute(taggers.a1, { by: 'count', groups: [{ groupId: groups.night, value: 1 }] }, '/groups')).status).toBe(403);
  });

  it('keeps every share exact while 20 claimers claim at once, and replay rebuilds the same pool', async () => {
    expect((await distribute(admin, { by: 'count', teams: [{ teamId: teamA, value: 10 }, { teamId: teamB, value: 10 }] })).status).toBe(200);
    const shareA = await waitingOf(teamA, null);
    const night = await waitingOf(teamA, groups.night);
    const shareB = await waitingOf(teamB);
    expect([shareA.length + night.length, shareB.length]).toEqual([10, 10]);

    const claimed = await Promise.all([...crowdA, ...crowdB].map((token) => claim(token, 2)));
    const byA = claimed.slice(0, 10).flat();
    const byB = claimed.slice(10).flat();
    // Claims skip what others hold, so some come back short under a crowd; none takes an item twice.
    expect(new Set([...byA, ...byB]).size).toBe(byA.length + byB.length);
    expect(byA.length + byB.length).toBeGreaterThan(10);
    expect(byA.filter((id) => shareB.includes(id) || night.includes(id))).toEqual([]);
    expect(byB.filter((id) => shareA.includes(id) || night.includes(id))).toEqual([]);
    expect(await waitingOf(teamA, groups.night)).toEqual(night);
    // A claim locks a few items beyond its count, so under a crowd some of a share may wait: for its own team only.
    for (const [share, token] of [[shareA, crowdA[0]], [shareB, crowdB[0]]] as const) {
      const left = share.filter((id) => !byA.includes(id) && !byB.includes(id));
      if (left.length > 0) expect(await claim(token, left.length)).toEqual(left);
    }

    const link = await view(admin);
    const { rows } = await sql<{ team: string | null; status: string; n: number }>`
      SELECT team_id::text AS team, status, count(*)::int AS n FROM items WHERE link_id = ${linkId}::uuid AND status IN ('waiting', 'claimed') GROUP BY 1, 2`.execute(platform.database.db);
    const count = (team: string | null, status: string) => rows.find((r) => r.team === team && r.status === status)?.n ?? 0;
    for (const team of link.teams) expect([team.waiting, team.claimed]).toEqual([count(team.teamId, 'waiting'), count(team.teamId, 'claimed')]);
    expect(link.open).toEqual({ waiting: count(null, 'waiting'), claimed: count(null, 'claimed') });
    expect(link.teams.find((t: { teamId: string }) => t.teamId === teamB)).toMatchObject({ waiting: 0, claimed: 10, assigned: 10 });

    expect(await replayVerifies(platform)).toEqual({ code: 0, differences: [] });
  });
});
