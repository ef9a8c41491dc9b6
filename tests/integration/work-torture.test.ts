// The loop under load: 200 claimers at once claim, release and submit at random while auto-recycle takes back what
// they hold too long. No item is ever held by two people, none is lost, and replay --verify passes after it.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png, upload, zipOf } from '../support/batches';
import { boxResult, startDemo } from '../support/demo';
import { createPerson } from '../support/people';
import { call, eventually, type Platform } from '../support/platform';
import { replayVerifies } from '../support/replay';
import { signIn } from '../support/sign-in';

const taggers = 20;
const claimersPerTagger = 10;
const runMs = 8_000;
/** A claim's minute lasts this long here, so a 1-minute auto-recycle fires while the claimers run. */
const minuteMs = 3_000;

describe('work loop under load', () => {
  let platform: Platform;
  let admin: string;
  let projectId: string;
  let linkId: string;
  let toolId: string;
  let items = 0;

  beforeAll(async () => {
    let links: { id: string }[];
    ({ platform, admin, projectId, links, toolId } = await startDemo({ config: { claimMinuteMs: minuteMs } }));
    linkId = links[0].id;
    const detail = (await call(platform, 'GET', `/manage/projects/${projectId}`, { token: admin })).body.data;
    await call(platform, 'PUT', `/manage/projects/${projectId}/basics`, { token: admin, body: { ...detail.basics, autoRecycle: { enabled: true, timeoutMinutes: 1 } } });
    await call(platform, 'PUT', `/manage/projects/${projectId}/rules`, { token: admin, body: { ...detail.rules, countdownSeconds: 0, annotationRuleName: undefined, dataRuleName: undefined } });

    const batch = await call(platform, 'POST', `/manage/projects/${projectId}/batches`, { token: admin, body: { name: 'Load', priority: 5, uploadType: 'zip' } });
    const zip = await zipOf(Array.from({ length: 400 }, (_, i) => ({ name: `load/${i}.png`, content: png(6, 6 + (i % 50), i) })));
    await upload(platform, admin, batch.body.data.id, [{ name: 'load.zip', content: zip }]);
    await eventually(
      async () => (await call(platform, 'GET', `/manage/projects/${projectId}/batches`, { token: admin })).body.data,
      (batches: { name: string; importing: unknown; items: number }[]) => batches.some((b) => b.name === 'Load' && b.importing === null && b.items > 0),
      60_000,
    );
    items = Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM data_items WHERE project_id = ${projectId}`.execute(platform.database.db)).rows[0].n);
  }, 180_000);
  afterAll(async () => platform?.stop());

  it('never gives one item to two people, loses none, and replays to the same state', async () => {
    const ids: string[] = [];
    for (let i = 0; i < taggers; i++) {
      ids.push(await createPerson(platform, admin, { role: '40', name: `Load ${i}`, account: `load${i}@example.com`, password: 'Tagger@123' }));
    }
    const members = (await call(platform, 'GET', `/manage/projects/${projectId}`, { token: admin })).body.data.links[0].members;
    await call(platform, 'PUT', `/manage/projects/${projectId}/links/${linkId}/members`, { token: admin, body: { teamIds: members.teamIds, taggerIds: [...members.taggerIds, ...ids] } });
    const tokens = await Promise.all(ids.map((_, i) => signIn(platform, `load${i}@example.com`, 'Tagger@123', 1)));
    await Promise.all(tokens.map((token) => call(platform, 'POST', `/manage/tasks/projects/${projectId}/rule-readings`, { token })));

    const result = (n: number) => boxResult(toolId, { id: `o${n}`, x: 0, y: 0, width: 2, height: 2 });
    const outcomes = { claimed: 0, released: 0, submitted: 0, kept: 0, refused: 0, failed: 0 };
    const until = Date.now() + runMs;
    const claimer = async (token: string, n: number) => {
      while (Date.now() < until) {
        const claim = await call(platform, 'POST', `/manage/tasks/links/${linkId}/claims`, { token, body: { count: 1 + (n % 3) } });
        if (claim.status >= 500) outcomes.failed++;
        for (const itemId of (claim.body.data?.items ?? []) as string[]) {
          outcomes.claimed++;
          const roll = Math.random();
          const act =
            roll < 0.3
              ? call(platform, 'POST', `/manage/tasks/items/${itemId}/release`, { token }).then((a) => (a.status === 200 ? outcomes.released++ : outcomes.refused++))
              : roll < 0.8
                ? call(platform, 'PUT', `/manage/tasks/items/${itemId}/result`, { token, body: { result: result(n) } })
                    .then(() => call(platform, 'POST', `/manage/tasks/items/${itemId}/submit`, { token }))
                    .then((a) => (a.status === 200 ? outcomes.submitted++ : outcomes.refused++))
                : Promise.resolve(outcomes.kept++);
          await act;
        }
      }
    };
    await Promise.all(tokens.flatMap((token, t) => Array.from({ length: claimersPerTagger }, (_, c) => claimer(token, t * claimersPerTagger + c))));
    console.info(`torture: ${JSON.stringify(outcomes)}`);
    expect(outcomes.failed).toBe(0);
    expect(outcomes.claimed).toBeGreaterThan(taggers);
    expect(outcomes.submitted).toBeGreaterThan(0);

    // Each item's log: a claim only ever follows the end of the one before it (release, expiry, submission...).
    const { rows } = await sql<{ stream_id: string; types: string[] }>`
      SELECT stream_id, array_agg(type ORDER BY stream_position) AS types FROM events WHERE stream_id LIKE 'item-%' GROUP BY stream_id`.execute(platform.database.db);
    const doubles = rows.filter((r) => r.types.some((type, i) => type === 'ItemClaimed' && r.types.slice(0, i).lastIndexOf('ItemClaimed') > Math.max(...['ItemReleased', 'ItemClaimExpired', 'ItemSubmitted', 'ItemPassed', 'ItemRejected', 'ItemRecycled'].map((end) => r.types.slice(0, i).lastIndexOf(end)))));
    expect(doubles.map((d) => d.stream_id)).toEqual([]);
    // Auto-recycle took items back from people who held them too long.
    const expired = async () => Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM events WHERE type = 'ItemClaimExpired'`.execute(platform.database.db)).rows[0].n);
    await eventually(expired, (n) => n > 0, 20_000);
    // Nothing lost: every item of the project is still there, in exactly one place.
    const { rows: places } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM data_items WHERE project_id = ${projectId} AND status IN ('waiting', 'claimed', 'held', 'finished')`.execute(platform.database.db);
    expect(Number(places[0].n)).toBe(items);
    const { rows: held } = await sql<{ claimer_id: string; n: string }>`SELECT claimer_id, count(*)::text AS n FROM data_items WHERE status = 'claimed' AND claimer_id IS NULL GROUP BY claimer_id`.execute(platform.database.db);
    expect(held).toEqual([]);
    expect(await replayVerifies(platform)).toEqual({ code: 0, differences: [] });
  }, 240_000);
});
