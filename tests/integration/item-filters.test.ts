// The items list's filters over the API on the demo project: by batch, effectiveness, claimer, team share and rework,
// alone, together and across pages; a supplier reads only its team's items, a tagger its own rework, and a filter
// value the server cannot read is answered with 400 in the envelope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFrames, sampleZip } from '../../scripts/src/sample-images';
import { startDemo } from '../support/demo';
import { createPerson } from '../support/people';
import { call, eventually, type Platform } from '../support/platform';
import { signIn } from '../support/sign-in';

interface Item {
  id: string;
  batchId: string;
  linkId: string | null;
  status: string;
  claimerId: string | null;
  teamId: string | null;
  preferredClaimerId: string | null;
  effective: boolean;
  rework: boolean;
}

describe('item filters', () => {
  let platform: Platform;
  let admin: string;
  let supplier: string;
  let tagger: string;
  let loner: string;
  let projectId: string;
  let links: { id: string; type: string }[];
  let teamId: string;
  let secondBatch: string;
  const people: Record<string, string> = {};
  const en = { 'x-language': 'en_US' };

  /** Every page of a list, following the cursor. */
  const list = async (token: string, query: string, limit = 100): Promise<Item[]> => {
    const items: Item[] = [];
    let cursor: string | null = null;
    do {
      const page: string = cursor ? `&cursor=${cursor}` : '';
      const answer = await call<{ items: Item[]; nextCursor: string | null }>(platform, 'GET', `/manage/items/projects/${projectId}?limit=${limit}&${query}${page}`, { token });
      expect(answer.status, `${query}: ${JSON.stringify(answer.body)}`).toBe(200);
      items.push(...answer.body.data.items);
      cursor = answer.body.data.nextCursor;
    } while (cursor);
    return items;
  };
  const ids = (items: Item[]) => items.map((i) => i.id).sort();

  beforeAll(async () => {
    ({ platform, admin, projectId, links } = await startDemo());
    teamId = (await call(platform, 'GET', '/manage/teams', { token: admin })).body.data.find((t: { name: string }) => t.name === 'Demo Team').id;
    const accounts = (await call(platform, 'GET', '/manage/people?limit=100', { token: admin })).body.data.items as { id: string; account: string }[];
    for (const a of accounts) people[a.account] = a.id;
    supplier = await signIn(platform, 'supplier@example.com', 'Demo@2026', 2);
    tagger = await signIn(platform, 'tagger@example.com', 'Demo@2026', 1);

    // A tagger of no team on the annotation link, whose items are none of the demo team's business.
    people.loner = await createPerson(platform, admin, { role: '40', name: 'Loner', account: 'loner@example.com', password: 'Tagger@123' });
    const detail = (await call(platform, 'GET', `/manage/projects/${projectId}`, { token: admin })).body.data;
    const members = detail.links[0].members;
    expect((await call(platform, 'PUT', `/manage/projects/${projectId}/links/${links[0].id}/members`, { token: admin, body: { teamIds: members.teamIds, taggerIds: [...members.taggerIds, people.loner] } })).status).toBe(200);
    const rules = detail.rules;
    const shorter = { annotationRule: rules.annotationRule, countdownSeconds: 1, rereadByAnnotator: rules.rereadByAnnotator, dataRule: rules.dataRule, errorGroupIds: rules.errorGroupIds };
    expect((await call(platform, 'PUT', `/manage/projects/${projectId}/rules`, { token: admin, body: shorter })).status).toBe(200);
    loner = await signIn(platform, 'loner@example.com', 'Tagger@123', 1);
    expect((await call(platform, 'POST', `/manage/items/projects/${projectId}/rule-readings`, { token: loner })).status).toBe(200);

    // A second, smaller batch, so the batch filter has two to tell apart.
    const batch = await call(platform, 'POST', `/manage/projects/${projectId}/batches`, { token: admin, body: { name: 'Second batch', priority: 1, uploadType: 'zip' } });
    secondBatch = batch.body.data.id;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await sampleZip(sampleFrames(4)))], { type: 'application/zip' }), 'second.zip');
    expect((await fetch(`${platform.baseUrl}/manage/batches/${secondBatch}/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${admin}` } })).status).toBe(200);
    await eventually(
      async () => (await call(platform, 'GET', `/manage/projects/${projectId}/batches`, { token: admin })).body.data,
      (batches: { name: string; importing: unknown; items: number }[]) => batches.some((b) => b.name === 'Second batch') && batches.every((b) => b.importing === null && b.items > 0),
      60_000,
    );

    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await call(platform, 'POST', `/manage/items/links/${links[0].id}/claims`, { token: loner, body: { count: 2 } })).body.data.items).toHaveLength(2);
    // The demo team's share of the annotation pool.
    expect((await call(platform, 'PUT', `/manage/distribution/links/${links[0].id}`, { token: admin, body: { by: 'count', teams: [{ teamId, value: 3 }] } })).status).toBe(200);
    // One of the demo tagger's items marked invalid.
    const reason = await call(platform, 'POST', '/manage/invalid-reasons', { token: admin, body: { code: 'BLUR', name: 'Blurred', description: 'Too blurred to annotate' } });
    const held = await list(tagger, `mine=true&status=claimed&linkId=${links[0].id}`);
    const invalid = held.find((i) => !i.rework)!;
    expect((await call(platform, 'POST', `/manage/items/${invalid.id}/mark-invalid`, { token: tagger, body: { reasonId: reason.body.data.id } })).status).toBe(200);
  }, 180_000);
  afterAll(async () => platform?.stop());

  it('gives exactly the items of each batch, effectiveness, claimer, team and rework, and pages through them', async () => {
    const all = await list(admin, '');
    const cases: [string, (i: Item) => boolean][] = [
      [`batchId=${secondBatch}`, (i) => i.batchId === secondBatch],
      ['effectiveness=invalid', (i) => !i.effective],
      ['effectiveness=valid', (i) => i.effective],
      [`claimerId=${people.loner}`, (i) => i.claimerId === people.loner],
      [`claimerId=${people['tagger@example.com']}`, (i) => i.claimerId === people['tagger@example.com']],
      [`teamId=${teamId}`, (i) => i.teamId === teamId],
      ['rework=true', (i) => i.rework],
      ['rework=false', (i) => !i.rework],
      [`linkId=${links[0].id}&status=waiting&batchId=${secondBatch}&rework=false`, (i) => i.linkId === links[0].id && i.status === 'waiting' && i.batchId === secondBatch && !i.rework],
    ];
    for (const [query, keep] of cases) {
      const expected = all.filter(keep);
      // Each filter picks some items and leaves others, so an ignored filter would show.
      expect(expected.length, query).toBeGreaterThan(0);
      expect(expected.length, query).toBeLessThan(all.length);
      expect(ids(await list(admin, query)), query).toEqual(ids(expected));
    }

    expect(all.filter((i) => i.batchId === secondBatch)).toHaveLength(4);
    expect(await list(admin, 'effectiveness=invalid')).toHaveLength(1);
    expect(await list(admin, `claimerId=${people.loner}`)).toHaveLength(2);
    expect(await list(admin, `teamId=${teamId}`)).toHaveLength(3);
    // The demo's rejected item waits in the annotation pool for its annotator.
    expect(await list(admin, 'rework=true')).toEqual([expect.objectContaining({ status: 'waiting', linkId: links[0].id, preferredClaimerId: people['tagger@example.com'] })]);
    // Two a page: the cursor walks the whole batch, none twice, none skipped.
    expect(ids(await list(admin, `batchId=${secondBatch}`, 2))).toEqual(ids(all.filter((i) => i.batchId === secondBatch)));
  });

  it("shows a supplier only its team's items: its share, what its taggers hold or last annotated, and the rework waiting for them", async () => {
    const all = await list(admin, '');
    const taggers = [people['tagger@example.com'], people['inspector@example.com']];
    // Whoever last submitted each item in an annotation link: the team follows its taggers' work into later links.
    const annotated = new Set(
      (await platform.database.db.selectFrom('items').select('item_id').where('project_id', '=', projectId).where('annotator_id', 'in', taggers).execute()).map((r) => r.item_id),
    );
    expect(annotated.size).toBeGreaterThan(0);
    const ours = all.filter(
      (i) =>
        i.teamId === teamId ||
        (i.status === 'claimed' && taggers.includes(i.claimerId!)) ||
        (i.preferredClaimerId !== null && taggers.includes(i.preferredClaimerId)) ||
        annotated.has(i.id),
    );
    const seen = await list(supplier, '');
    expect(ids(seen)).toEqual(ids(ours));
    expect(seen.filter((i) => i.teamId === teamId)).toHaveLength(3);
    expect(seen.some((i) => i.rework)).toBe(true);
    expect(seen.filter((i) => i.claimerId === people.loner || (i.teamId === null && i.status === 'waiting' && !i.rework))).toEqual([]);

    expect(await list(supplier, `claimerId=${people.loner}`)).toEqual([]);
    expect(ids(await list(supplier, `teamId=${teamId}`))).toEqual(ids(ours.filter((i) => i.teamId === teamId)));
    // Its counts are of the same items.
    const counts = (await call(platform, 'GET', `/manage/items/projects/${projectId}/counts`, { token: supplier })).body.data as { count: number }[];
    expect(counts.reduce((n, c) => n + c.count, 0)).toBe(ours.length);

    const lonersItem = all.find((i) => i.claimerId === people.loner)!;
    expect((await call(platform, 'GET', `/manage/items/${lonersItem.id}`, { token: supplier })).status).toBe(404);
    expect((await call(platform, 'GET', `/manage/items/${ours[0].id}`, { token: supplier })).status).toBe(200);
  });

  it('lists a tagger its rework, waiting for it or in hand, and nobody else’s', async () => {
    const rework = await list(tagger, `mine=true&rework=true&linkId=${links[0].id}`);
    expect(rework).toEqual([expect.objectContaining({ status: 'waiting', rework: true, preferredClaimerId: people['tagger@example.com'] })]);
    expect(await list(loner, `mine=true&rework=true&linkId=${links[0].id}`)).toEqual([]);

    const claimed = await call(platform, 'POST', `/manage/items/links/${links[0].id}/claims`, { token: tagger, body: { count: 30 } });
    expect(claimed.body.data.items).toContain(rework[0].id);
    expect(await list(tagger, `mine=true&rework=true&linkId=${links[0].id}`)).toEqual([expect.objectContaining({ id: rework[0].id, status: 'claimed', claimerId: people['tagger@example.com'] })]);
  });

  it('answers a filter value it cannot read with 400 in the envelope, naming the filter', async () => {
    for (const [query, field] of [
      ['effectiveness=maybe', 'effectiveness'],
      ['rework=yes', 'rework'],
      ['claimerId=nobody', 'claimerId'],
      ['batchId=1', 'batchId'],
      ['teamId=our-team', 'teamId'],
    ]) {
      const answer = await call(platform, 'GET', `/manage/items/projects/${projectId}?${query}`, { token: admin, headers: en });
      expect(answer.status, query).toBe(400);
      expect(answer.body).toMatchObject({ code: 400, errCode: 'VALIDATION_FAILED' });
      expect(answer.body.data.fields.map((f: { field: string }) => f.field), query).toEqual([field]);
    }
  });
});
