// The counts per link and state that the PM's list tabs and the project page read: after every kind of work on the
// items, and after a burst of claims and submits on one link at once, they are the counts of the items themselves.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxResult, startDemo } from '../support/demo';
import { createPerson } from '../support/people';
import { call, type Platform } from '../support/platform';
import { replayVerifies } from '../support/replay';
import { signIn } from '../support/sign-in';

type Count = { linkId: string; status: string; count: number };
const nil = '00000000-0000-0000-0000-000000000000';

describe('item counts', () => {
  let platform: Platform;
  let admin: string;
  let tagger: string;
  let inspector: string;
  let projectId: string;
  let links: { id: string }[];
  let toolId: string;
  let reasonId: string;
  let errorGroupId: string;
  const taggers: string[] = [];

  const sorted = (counts: Count[]) => [...counts].sort((a, b) => `${a.linkId}/${a.status}`.localeCompare(`${b.linkId}/${b.status}`));

  /** What the counts route answers the PM, and what counting the project's item rows gives. */
  const expectCountsOfItems = async (step: string) => {
    const answer = await call<Count[]>(platform, 'GET', `/manage/items/projects/${projectId}/counts`, { token: admin });
    expect(answer.status, step).toBe(200);
    const { rows } = await sql<Count>`
      SELECT link_id AS "linkId", status, count(*)::int AS count FROM items
      WHERE project_id = ${projectId}::uuid AND link_id IS NOT NULL GROUP BY link_id, status`.execute(platform.database.db);
    expect(sorted(answer.body.data), step).toEqual(sorted(rows));
    // The project page's tasks per link are the same items.
    const detail = (await call(platform, 'GET', `/manage/projects/${projectId}`, { token: admin })).body.data as { links: { id: string; tasks: number }[] };
    const perLink = (linkId: string) => rows.filter((r) => r.linkId === linkId).reduce((n, r) => n + r.count, 0);
    expect(detail.links.map((l) => l.tasks), step).toEqual(detail.links.map((l) => perLink(l.id)));
    // The counts kept, share by share, are those of the items; the distribution screen reads them.
    const kept = await sql<Record<string, unknown>>`
      SELECT link_id, status, team_id, group_id, sum(items)::int AS items FROM item_counts WHERE project_id = ${projectId}::uuid
      GROUP BY 1, 2, 3, 4 HAVING sum(items) <> 0 ORDER BY 1, 2, 3, 4`.execute(platform.database.db);
    const counted = await sql<Record<string, unknown>>`
      SELECT link_id, status, COALESCE(team_id, ${nil}::uuid) AS team_id, COALESCE(group_id, ${nil}::uuid) AS group_id, count(*)::int AS items
      FROM items WHERE project_id = ${projectId}::uuid AND link_id IS NOT NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`.execute(platform.database.db);
    expect(kept.rows, step).toEqual(counted.rows);
    return answer.body.data;
  };

  const claim = async (token: string, linkId: string, count: number): Promise<string[]> => {
    const answer = await call(platform, 'POST', `/manage/items/links/${linkId}/claims`, { token, body: { count } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.items;
  };
  const act = async (token: string, itemId: string, verb: string, body?: unknown) => {
    const answer = await call(platform, 'POST', `/manage/items/${itemId}/${verb}`, { token, body });
    expect(answer.status, `${verb}: ${JSON.stringify(answer.body)}`).toBe(200);
  };
  const submit = async (token: string, itemId: string) => {
    expect((await call(platform, 'PUT', `/manage/items/${itemId}/result`, { token, body: { result: boxResult(toolId) } })).status).toBe(200);
    await act(token, itemId, 'submit');
  };

  beforeAll(async () => {
    ({ platform, admin, projectId, links, toolId } = await startDemo());
    tagger = await signIn(platform, 'tagger@example.com', 'Demo@2026', 1);
    inspector = await signIn(platform, 'inspector@example.com', 'Demo@2026', 1);
    errorGroupId = (await call(platform, 'GET', `/manage/error-groups?keyword=${encodeURIComponent('Demo box errors')}`, { token: admin })).body.data[0].id;
    reasonId = (await call(platform, 'POST', '/manage/invalid-reasons', { token: admin, body: { code: 'DARK', name: 'Too dark', description: 'Nothing to see' } })).body.data.id;

    // Four more taggers on the annotation link, for the burst; the rule's countdown is shortened so they may claim soon.
    const detail = (await call(platform, 'GET', `/manage/projects/${projectId}`, { token: admin })).body.data;
    const ids: string[] = [];
    for (let i = 1; i <= 4; i++) ids.push(await createPerson(platform, admin, { role: '40', name: `Burst ${i}`, account: `burst${i}@example.com`, password: 'Tagger@123' }));
    const members = detail.links[0].members;
    expect((await call(platform, 'PUT', `/manage/projects/${projectId}/links/${links[0].id}/members`, { token: admin, body: { teamIds: members.teamIds, taggerIds: [...members.taggerIds, ...ids] } })).status).toBe(200);
    const rules = detail.rules;
    const shorter = { annotationRule: rules.annotationRule, countdownSeconds: 1, rereadByAnnotator: rules.rereadByAnnotator, dataRule: rules.dataRule, errorGroupIds: rules.errorGroupIds };
    expect((await call(platform, 'PUT', `/manage/projects/${projectId}/rules`, { token: admin, body: shorter })).status).toBe(200);
    for (let i = 1; i <= 4; i++) {
      const token = await signIn(platform, `burst${i}@example.com`, 'Tagger@123', 1);
      expect((await call(platform, 'POST', `/manage/items/projects/${projectId}/rule-readings`, { token })).status).toBe(200);
      taggers.push(token);
    }
    await new Promise((resolve) => setTimeout(resolve, 1100));
  }, 180_000);
  afterAll(async () => platform?.stop());

  it('counts the items of each link and state after each step of the work', async () => {
    const before = await expectCountsOfItems('the demo as seeded');
    expect(before.some((c) => c.status === 'waiting' && c.count > 0)).toBe(true);
    const teamId = (await call(platform, 'GET', '/manage/teams', { token: admin })).body.data.find((t: { name: string }) => t.name === 'Demo Team').id;
    expect((await call(platform, 'PUT', `/manage/distribution/links/${links[0].id}`, { token: admin, body: { by: 'count', teams: [{ teamId, value: 3 }] } })).status).toBe(200);
    await expectCountsOfItems('a share given to the demo team');
    const shared = await sql<{ items: number }>`
      SELECT sum(items)::int AS items FROM item_counts WHERE link_id = ${links[0].id}::uuid AND team_id = ${teamId}::uuid AND status = 'waiting'`.execute(platform.database.db);
    expect(shared.rows).toEqual([{ items: 3 }]);

    const claimed = await claim(tagger, links[0].id, 3);
    await expectCountsOfItems('claimed');
    await act(tagger, claimed[0], 'release');
    await expectCountsOfItems('released');
    await act(tagger, claimed[1], 'mark-invalid', { reasonId });
    await expectCountsOfItems('marked invalid');

    await submit(tagger, claimed[2]);
    await expectCountsOfItems('submitted to inspection');
    const inspecting = await claim(inspector, links[1].id, 10);
    expect(inspecting).toContain(claimed[2]);
    await expectCountsOfItems('claimed for inspection');
    await act(inspector, claimed[2], 'reject', { marks: [{ errorGroupId, value: 'loose box', objectId: 'car-1', comment: 'too loose' }] });
    await expectCountsOfItems('rejected back to annotation');

    const rework = await claim(tagger, links[0].id, 30);
    expect(rework).toContain(claimed[2]);
    await submit(tagger, claimed[2]);
    expect(await claim(inspector, links[1].id, 10)).toContain(claimed[2]);
    await act(inspector, claimed[2], 'pass');
    await expectCountsOfItems('passed and finished');

    await call(platform, 'POST', `/manage/items/${claimed[2]}/recycle`, { token: admin, body: { target: 'annotation_pool', keepResult: false } }).then((r) => expect(r.status, JSON.stringify(r.body)).toBe(200));
    await expectCountsOfItems('recycled to the annotation pool');
    const held = inspecting.filter((id) => id !== claimed[2]);
    if (held.length > 0) {
      const bulk = await call(platform, 'POST', `/manage/items/projects/${projectId}/bulk-recycle`, { token: admin, body: { itemIds: held, target: 'same_link', keepResult: true } });
      expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
      await expectCountsOfItems('bulk recycled within their link');
    }
  }, 120_000);

  it('loses no change when several taggers claim and submit on one link at once', async () => {
    const link = links[0].id;
    // What the demo tagger holds goes back to the pool first, so the burst has items to take.
    const holding = (await call(platform, 'GET', `/manage/items/projects/${projectId}?limit=100&status=claimed&linkId=${link}`, { token: admin })).body.data.items as { id: string }[];
    if (holding.length > 0) expect((await call(platform, 'POST', `/manage/items/projects/${projectId}/bulk-release`, { token: admin, body: { itemIds: holding.map((i) => i.id) } })).status).toBe(200);
    await expectCountsOfItems('released by the PM');
    const rounds = await Promise.all(taggers.map((token) => Promise.all([claim(token, link, 1), claim(token, link, 1), claim(token, link, 2)])));
    const held = rounds.map((r) => r.flat());
    expect(held.flat().length).toBeGreaterThan(8);
    await expectCountsOfItems('after the burst of claims');
    // Each submits one, releases one and claims again, all at once.
    await Promise.all(
      taggers.map(async (token, i) => {
        const [first, second] = held[i];
        await Promise.all([submit(token, first), second ? act(token, second, 'release') : undefined, claim(token, link, 1)]);
      }),
    );
    await expectCountsOfItems('after the burst of submits, releases and claims');
  }, 120_000);

  it('rebuilds the counts on replay equal to the live ones', async () => {
    const { code, differences } = await replayVerifies(platform);
    expect(differences).toEqual([]);
    expect(code).toBe(0);
  }, 120_000);
});
