// The loop under load: 200 claimers at once claim, release and submit at random while auto-recycle takes back what
// they hold too long. No item is ever held by two people, none is lost, each item's row agrees with its log, the log
// holds exactly what the claimers were told, and replay --verify passes after it.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png, upload, zipOf } from '../support/batches';
import { boxResult, startDemo } from '../support/demo';
import { createPerson } from '../support/people';
import { call, eventually, type Platform } from '../support/platform';
import { replayVerifies } from '../support/replay';
import { signIn } from '../support/sign-in';

/** An item event as the checks read it: the ids that say who holds the item and where it goes. */
interface LoggedEvent {
  type: string;
  position: number;
  data: { claimId?: string; claimerId?: string; linkId?: string; toLinkId?: string | null; savedBy?: string };
}

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
    await Promise.all(tokens.map((token) => call(platform, 'POST', `/manage/items/projects/${projectId}/rule-readings`, { token })));

    const db = platform.database.db;
    const before = (await sql<{ at: string }>`SELECT coalesce(max(global_position), 0)::text AS at FROM events`.execute(db)).rows[0].at;
    const result = (n: number) => boxResult(toolId, { id: `o${n}`, x: 0, y: 0, width: 2, height: 2 });
    const outcomes = { claimed: 0, released: 0, submitted: 0, kept: 0, refused: 0, failed: 0 };
    const until = Date.now() + runMs;
    const claimer = async (token: string, n: number) => {
      while (Date.now() < until) {
        const claim = await call(platform, 'POST', `/manage/items/links/${linkId}/claims`, { token, body: { count: 1 + (n % 3) } });
        if (claim.status >= 500) outcomes.failed++;
        for (const itemId of (claim.body.data?.items ?? []) as string[]) {
          outcomes.claimed++;
          const roll = Math.random();
          const act =
            roll < 0.3
              ? call(platform, 'POST', `/manage/items/${itemId}/release`, { token }).then((a) => (a.status === 200 ? outcomes.released++ : outcomes.refused++))
              : roll < 0.8
                ? call(platform, 'PUT', `/manage/items/${itemId}/result`, { token, body: { result: result(n) } })
                    .then(() => call(platform, 'POST', `/manage/items/${itemId}/submit`, { token }))
                    .then((a) => (a.status === 200 ? outcomes.submitted++ : outcomes.refused++))
                : Promise.resolve(outcomes.kept++);
          await act;
        }
      }
    };
    await Promise.all(tokens.flatMap((token, t) => Array.from({ length: claimersPerTagger }, (_, c) => claimer(token, t * claimersPerTagger + c))));
    console.info(`torture: ${JSON.stringify(outcomes)}`);
    expect(outcomes.failed).toBe(0);
    // The run did work: at least one item for each claimer, and submissions among them.
    expect(outcomes.claimed).toBeGreaterThanOrEqual(taggers * claimersPerTagger);
    expect(outcomes.submitted).toBeGreaterThan(0);
    // Every claim, release and submission a claimer was told of is in the log, and nothing more.
    const { rows: logged } = await sql<{ type: string; n: number }>`
      SELECT type, count(*)::int AS n FROM events
      WHERE global_position > ${before}::bigint AND type IN ('ItemClaimed', 'ItemReleased', 'ItemSubmitted') AND data->>'projectId' = ${projectId}
      GROUP BY type`.execute(db);
    const inLog = Object.fromEntries(logged.map((r) => [r.type, r.n]));
    expect({ claimed: inLog.ItemClaimed ?? 0, released: inLog.ItemReleased ?? 0, submitted: inLog.ItemSubmitted ?? 0 }).toEqual({
      claimed: outcomes.claimed,
      released: outcomes.released,
      submitted: outcomes.submitted,
    });

    // Across every item's log: a claim only ever follows the end of the one before it (release, expiry, submission...).
    const { rows } = await sql<{ stream_id: string; types: string[] }>`
      SELECT stream_id, array_agg(type ORDER BY stream_position) AS types FROM events WHERE stream_id LIKE 'item-%' GROUP BY stream_id`.execute(db);
    const doubles = rows.filter((r) => r.types.some((type, i) => type === 'ItemClaimed' && r.types.slice(0, i).lastIndexOf('ItemClaimed') > Math.max(...['ItemReleased', 'ItemClaimExpired', 'ItemSubmitted', 'ItemPassed', 'ItemRejected', 'ItemRecycled'].map((end) => r.types.slice(0, i).lastIndexOf(end)))));
    expect(doubles.map((d) => d.stream_id)).toEqual([]);

    // Auto-recycle took items back from people who held them too long.
    const expired = async () => Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM events WHERE type = 'ItemClaimExpired'`.execute(db)).rows[0].n);
    await eventually(expired, (n) => n > 0, 20_000);

    // Nothing lost, nothing held twice: each item of the load batch, read with its whole log in one snapshot. Going
    // through its log, a claim comes only when nobody holds the item, a release, expiry or submission ends the claim
    // it names, and a save is by whoever holds it; where the log leaves it is where its row says it is.
    const { rows: loaded } = await sql<{ itemId: string; status: string; claimerId: string | null; claimId: string | null; linkId: string | null; version: string; log: LoggedEvent[] }>`
      SELECT d.item_id AS "itemId", d.status, d.claimer_id AS "claimerId", d.claim_id AS "claimId", d.link_id AS "linkId", d.item_version::text AS version,
        coalesce(jsonb_agg(jsonb_build_object('type', e.type, 'position', e.stream_position, 'data', e.data - 'result') ORDER BY e.stream_position) FILTER (WHERE e.type IS NOT NULL), '[]') AS log
      FROM items d JOIN batches b ON b.batch_id = d.batch_id
      LEFT JOIN events e ON e.stream_id = 'item-' || d.item_id
      WHERE d.project_id = ${projectId} AND b.name = 'Load'
      GROUP BY d.item_id`.execute(db);
    expect(loaded).toHaveLength(400);
    const wrongs: string[] = [];
    let worked = 0;
    for (const item of loaded) {
      let holder: { claimId: string; claimerId: string } | null = null;
      let at = linkId;
      for (const { type, data } of item.log) {
        const where = `${item.itemId} ${type}`;
        if (type === 'ItemClaimed') {
          if (holder) wrongs.push(`${where}: claimed by ${data.claimerId} while ${holder.claimerId} held it`);
          holder = { claimId: data.claimId!, claimerId: data.claimerId! };
          at = data.linkId!;
        } else if (type === 'ItemReleased' || type === 'ItemClaimExpired' || type === 'ItemSubmitted') {
          if (holder?.claimId !== data.claimId) wrongs.push(`${where}: ends claim ${data.claimId}, but the item was under ${holder?.claimId ?? 'none'}`);
          holder = null;
          at = type === 'ItemSubmitted' ? data.toLinkId! : data.linkId!;
        } else if (type === 'ResultSaved') {
          if (holder?.claimerId !== data.savedBy) wrongs.push(`${where}: saved by ${data.savedBy}, held by ${holder?.claimerId ?? 'nobody'}`);
        } else {
          wrongs.push(`${where}: not an event of the annotation loop`);
        }
      }
      if (item.log.length > 0) worked++;
      const expected = holder ? { status: 'claimed', claimerId: holder.claimerId, claimId: holder.claimId, linkId: at } : { status: 'waiting', claimerId: null, claimId: null, linkId: at };
      const row = { status: item.status, claimerId: item.claimerId, claimId: item.claimId, linkId: item.linkId };
      if (JSON.stringify(row) !== JSON.stringify(expected)) wrongs.push(`${item.itemId}: row ${JSON.stringify(row)}, log ${JSON.stringify(expected)}`);
      if (item.log.length > 0 && item.version !== String(item.log[item.log.length - 1].position)) wrongs.push(`${item.itemId}: row at version ${item.version}, log at ${item.log[item.log.length - 1].position}`);
    }
    expect(wrongs).toEqual([]);
    expect(worked).toBeGreaterThan(0);
    expect(await replayVerifies(platform)).toEqual({ code: 0, differences: [] });
  }, 240_000);
});
