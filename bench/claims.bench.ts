// Claims per second with 200 concurrent claimers draining a pool of 100,000 items in claims of 10, through the API's
// own claim handler (pool locked with SKIP LOCKED, each item decided by its machine and appended to its stream, its
// auto-recycle timer in the outbox), beside two raw baselines on the same pool, in alternating rounds on fresh pools
// whose medians are compared; each round's claims are checked in the database:
// - the target's: raw SQL doing the durable writes a claim must do, in one statement (the same SKIP LOCKED select, then
//   unnest-inserts of the items' stream versions, their events into a table with the events' indexes and their
//   timers into one with the outbox's, and the update of the pool rows). Each item's work is its own event stream: the
//   audit trail of every claim is the product, so this is the least a claim of this design writes;
// - for information, with a floor so it cannot regress: a bare SELECT ... FOR UPDATE SKIP LOCKED and UPDATE.
// Then one claimer's latency with pools of 10,000 and 1,000,000 items: it must not grow with the pool.
//
// Measured on a quiet two-core machine (2026-11-30), medians of three rounds, when the handler sent eleven statements
// in its transaction: the handler 342 claims/s, the raw durable claim 904 (0.38x), the bare claim 1,609 (0.21x).
// It now sends six where the baseline sends one: begin; the link with its project's stream and the claimer's rule
// reading; the pool rows of all its shares; the append; the items' rows with the counts per link; commit (and the
// locked items' streams before the append, where some were worked on before). Measured on the same machine heavily
// loaded by other runs (2026-11-30), medians of three rounds: before, the handler 41 claims/s, the raw durable claim
// 245 (0.17x), the bare claim 289 (0.14x); after, in two runs, 52 against 212 (0.25x) and 283 (0.18x), and 71
// against 244 (0.29x) and 340 (0.21x). Its Node process stays under a fifth of a core: what is left is round trips.
// Timed statement by statement (one claimer, 2026-11-30, a load of 5), each of the five took 1.4 to 2.9 ms of the
// claim's 13.5, and EXPLAIN found planning as costly as running: 0.39 ms against 0.25 for the link's read, 0.29
// against 0.26 for the items' rows. The platform's connections now keep the statements they run again prepared
// (createDatabase); the baselines' pool sends theirs unprepared, as before. Medians of three rounds, the same day:
// loaded by two other runs (load 7 to 11), unprepared 75 against 259 (0.29x), prepared 104 against 227 (0.46x); on
// the machine alone (load 4 to 10, falling), 213 against 333 (0.64x), the bare claim 789 (0.27x). Locking the pool
// rows in the link's statement, one statement fewer, made each part of the pool a lateral scan the planner could not
// estimate: it sorted the link's whole waiting pool for every claim, and was undone.
// Each side's CPU per claim is printed with its rate. On a fresh quiet two-core machine (2026-11-30, load under 2),
// medians of three rounds: the handler 453 claims/s, the raw durable claim 1,013 (0.45x), the bare claim 1,746; CPU per
// claim, the handler 1.04 ms in Node and 2.9 ms in PostgreSQL, the raw durable claim 0.1 and 1.7. The cores are busy
// on both sides, so the ratio is the ratio of CPU per claim, and 0.85x would need the handler at 2.1 ms in all. One
// claimer's statements, timed in turn (PostgreSQL's part): begin 0.15 ms, the read of link, project and reading 0.33,
// the pool lock 0.45, the append 0.85, the items' rows with their counts 0.64, commit 0.45. The read and the counts
// are rules and projections the raw claim does not have. Sending the begin with the first statement (one round trip
// fewer) moved the handler within the noise: 437 against 961 (0.45x).
// Again on a fresh quiet two-core machine (2026-12-02), medians of three rounds: the handler 481 claims/s, the raw
// durable claim 973 (0.49x), the bare claim 1,633 (0.29x, under its floor of 0.3x; 0.31x in a second run, 453 against
// 1,481). CPU per claim: the handler 1.01 to 1.04 ms in Node and 2.66 to 2.69 in PostgreSQL, the raw durable claim 0.09
// and 1.85 to 1.92. 0.85x of the raw claim's 1.94 ms asks for 2.3 ms in all, less than PostgreSQL alone spends on the
// six statements, even with nothing spent in Node.
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { CommandPipeline, commandContext, type Db, EventStore, ItemWork, LifecycleStates, loadConfig, noStream, projectProjection, WrittenNotifier } from '@annot/core';
import { projectStreamId } from '@annot/workflows';
import { ClaimItemsCommand, ClaimItemsHandler } from '@annot/api/dist/items/commands/claim-items.handler';
import { PoolRepository } from '@annot/api/dist/items/pool.repository';
import { RuleReadings } from '@annot/api/dist/items/rule-readings.service';
import { RuleReadingsRepository } from '@annot/api/dist/items/rule-readings.repository';
import { ItemsRepository } from '@annot/api/dist/items/items.repository';
import { type BenchDatabase, poolSize } from './support/bench-database';
import type { Figure } from './support/figures';
import { alternate, median, withCpu } from './support/timing';
import { checkWritten } from './support/written';

const claimers = 200;
const perClaim = 10;
const drainPool = 100_000;
/** Drains of each side, alternated (raw, ours, raw, ours, ...), each on a fresh pool of its own. */
const drainRounds = 3;
const latencyPools = [10_000, 1_000_000];
const latencyClaims = 200;
/** A claimer hands its items on after this many claims, as the in-hand limit (100) would make it. */
const claimsPerPerson = 9;

interface Pools {
  projectId: string;
  teamId: string;
  links: string[];
}

/** A published project whose annotation links have a team on them, written the way its commands append it. */
async function openProject(db: Db, links: number): Promise<Pools> {
  const projectId = randomUUID();
  const teamId = randomUUID();
  const linkIds = Array.from({ length: links }, () => randomUUID());
  const metadata = { actorId: 'bench', actorRole: '01', commandId: randomUUID(), correlationId: projectId, causationId: null, requestId: null, clientIp: null, machine: 'project@1' };
  const ref = { projectId };
  const today = new Date().toISOString().slice(0, 10);
  const basics = {
    title: 'claims bench',
    type: 'formal',
    annotationType: 'picture_single_frame',
    startDate: today,
    endDate: today,
    description: '',
    linkedProjectId: null,
    storageAddress: '',
    unitPrice: 0,
    reworkMaxCount: 3,
    // As the demo project runs: every claim has a deadline, so each claimed item also writes its timer.
    autoRecycle: { enabled: true, timeoutMinutes: 120 },
    permissions: { inspectorMayModify: false, repairAfterAcceptance: false, reacceptPassed: false },
    algorithmConfig: null,
  };
  const events = [
    { type: 'ProjectDrafted', data: { ...ref, basics, clonedFrom: null } },
    { type: 'ProjectLinksSaved', data: { ...ref, links: linkIds.map((id, i) => ({ id, type: 'annotation', name: `Annotation ${i + 1}` })) } },
    { type: 'ProjectPublished', data: ref },
    ...linkIds.map((linkId) => ({ type: 'LinkMembersAssigned', data: { ...ref, linkId, teamIds: [teamId], taggerIds: [] } })),
  ];
  await new EventStore(db).append(
    projectStreamId(projectId),
    noStream,
    events.map((e) => ({ ...e, metadata })),
    { projections: [projectProjection] },
  );
  return { projectId, teamId, links: linkIds };
}

/** The pool tables: the platform's items, and one of the same shape for each raw baseline. */
type PoolTable = 'items' | 'raw_items' | 'durable_items';

/** `count` waiting items in a link's pool and their count, as an import leaves them (no stream of their own yet), in one batch. */
async function fillPool(db: Db, table: PoolTable, projectId: string, linkId: string, count: number): Promise<void> {
  const batchId = randomUUID();
  if (table === 'items') {
    await sql`INSERT INTO batches (batch_id, project_id, name, priority, upload_type, status, items, created_at, updated_at, version)
              VALUES (${batchId}, ${projectId}, 'bench', 1, 'local', 'active', ${count}, now(), now(), 1)`.execute(db);
  }
  await sql`
    INSERT INTO ${sql.table(table)} (item_id, batch_id, project_id, link_id, seq, file_name, path, size, media_type, width, height, checksum, created_at, priority)
    SELECT gen_random_uuid(), ${batchId}, ${projectId}, ${linkId}, i, 'f' || i || '.jpg', 'bench/f' || i || '.jpg', 200000, 'image/jpeg', 1920, 1080, md5(${batchId}::text || i), now(), 1
    FROM generate_series(0, ${count - 1}) AS i`.execute(db);
  if (table === 'items') {
    // And their count, as the import's registration keeps it: in the open pool (no team, no group: the nil uuid).
    const nil = '00000000-0000-0000-0000-000000000000';
    await sql`INSERT INTO item_counts (project_id, link_id, status, team_id, group_id, items) VALUES (${projectId}, ${linkId}, 'waiting', ${nil}, ${nil}, ${count})
              ON CONFLICT (project_id, link_id, status, team_id, group_id, stripe) DO UPDATE SET items = item_counts.items + excluded.items`.execute(db);
  }
  // Vacuumed as well as analyzed, so autovacuum does not start on the new rows in the middle of a measurement.
  await sql`VACUUM (ANALYZE) ${sql.table(table)}`.execute(db);
}

type Claim = (claimer: string) => Promise<string[]>;

/**
 * Ours: the API's claim handler, built on the same pipeline, repository and item work the API injects, its store
 * telling of its commits as the platform's does.
 */
function ourClaim(db: Db, notifier: WrittenNotifier, pools: Pools, linkId: string): Claim {
  const pipeline = new CommandPipeline(new EventStore(db, notifier), db);
  const handler = new ClaimItemsHandler(pipeline, new PoolRepository(), new ItemWork(), new RuleReadings(new LifecycleStates(db), new RuleReadingsRepository(db), new ItemsRepository(db)), loadConfig());
  const scope = { kind: 'team' as const, teamId: pools.teamId, taggerIds: [] };
  return (claimer) => handler.execute(new ClaimItemsCommand(linkId, perClaim, scope, commandContext({ id: claimer, role: '40' })));
}

/** The baseline: lock ten waiting rows in claim order, skipping locked ones, and mark them claimed. Nothing else. */
function rawClaim(pool: pg.Pool, linkId: string): Claim {
  return async (claimer) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ item_id: string }>(
        `SELECT item_id FROM raw_items WHERE link_id = $1 AND status = 'waiting'
         ORDER BY priority DESC, created_at, seq LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [linkId, perClaim],
      );
      const ids = rows.map((r) => r.item_id);
      if (ids.length > 0) {
        await client.query(`UPDATE raw_items SET status = 'claimed', claimer_id = $1, claim_id = $2, claimed_at = now() WHERE item_id = ANY($3::uuid[])`, [claimer, randomUUID(), ids]);
      }
      await client.query('COMMIT');
      return ids;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  };
}

/**
 * The target's baseline: a claim's durable writes as raw SQL in one statement, so one round trip: lock ten waiting
 * rows in claim order skipping locked ones, create each item's stream at version 1, append its ItemClaimed event (with
 * data and metadata of the handler's shape) and its expiry timer, and mark the rows claimed.
 */
function durableClaim(pool: pg.Pool, projectId: string, linkId: string): Claim {
  return async (claimer) => {
    const { rows } = await pool.query<{ item_id: string }>(
      `WITH picked AS (
         SELECT item_id, batch_id FROM durable_items WHERE link_id = $1 AND status = 'waiting'
         ORDER BY priority DESC, created_at, seq LIMIT $2 FOR UPDATE SKIP LOCKED
       ),
       claim AS (SELECT gen_random_uuid() AS claim_id, gen_random_uuid() AS command_id, now() AS at, now() + interval '120 minutes' AS deadline),
       streams AS (
         INSERT INTO durable_streams (stream_id, stream_type, version) SELECT 'item-' || item_id, 'item', 1 FROM picked ORDER BY item_id
       ),
       events AS (
         INSERT INTO durable_events (stream_id, stream_position, event_id, type, data, metadata)
         SELECT 'item-' || p.item_id, 1, gen_random_uuid(), 'ItemClaimed',
                jsonb_build_object('itemId', p.item_id, 'projectId', $3::uuid, 'batchId', p.batch_id, 'linkId', $1::uuid, 'claimId', c.claim_id,
                                   'claimerId', $4::uuid, 'claimedAt', c.at, 'deadline', c.deadline),
                jsonb_build_object('actorId', $4::uuid, 'actorRole', '40', 'commandId', c.command_id, 'correlationId', c.command_id,
                                   'causationId', null, 'requestId', null, 'clientIp', null, 'machine', 'item@1')
         FROM picked p, claim c
       ),
       timers AS (
         INSERT INTO durable_outbox (queue, job_name, payload, command_id, run_at)
         SELECT 'items', 'item.expire_claim', jsonb_build_object('itemId', p.item_id, 'claimId', c.claim_id, 'claimerId', $4::uuid), c.command_id::text, c.deadline
         FROM picked p, claim c
       )
       UPDATE durable_items i SET status = 'claimed', claimer_id = $4, claim_id = c.claim_id, claimed_at = c.at
       FROM picked p, claim c WHERE i.item_id = p.item_id
       RETURNING i.item_id`,
      [linkId, perClaim, projectId, claimer],
    );
    return rows.map((r) => r.item_id);
  };
}

interface Drain {
  perSecond: number;
  claims: number;
  items: string[];
  nodeCpu: number;
  /** PostgreSQL's CPU milliseconds per claim, where this machine's server can be read. */
  serverMs: number | null;
}

/** `claimers` loops claiming until the pool is empty; answers claims per second and every item id each claim got. */
async function drain(claim: Claim): Promise<Drain> {
  const items: string[] = [];
  let claims = 0;
  const { seconds, cpu } = await withCpu(() =>
    Promise.all(
      Array.from({ length: claimers }, async () => {
        for (let person = randomUUID(), n = 0; ; n++) {
          if (n % claimsPerPerson === 0) person = randomUUID();
          const got = await claim(person);
          if (got.length === 0) return;
          claims++;
          items.push(...got);
        }
      }),
    ),
  );
  return { perSecond: claims / seconds, claims, items, nodeCpu: cpu.node / seconds, serverMs: cpu.postgres === null ? null : (cpu.postgres * 1000) / claims };
}

/** One claimer's claims back to back: the median and 95th percentile in milliseconds. */
async function latency(claim: Claim): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  let person = randomUUID();
  for (let i = 0; i < latencyClaims + 20; i++) {
    if (i % claimsPerPerson === 0) person = randomUUID();
    const started = process.hrtime.bigint();
    const got = await claim(person);
    if (got.length !== perClaim) throw new Error(`a latency claim got ${got.length} items`);
    if (i >= 20) times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)] };
}

/** Every item of the pool handed out once: a rate over claims that did not happen, or happened twice, is void. */
function checkHandedOut(what: string, run: Drain): void {
  const once = new Set(run.items).size;
  if (run.items.length !== drainPool || once !== drainPool) {
    throw new Error(`${what} handed out ${run.items.length} items (${once} distinct) of a pool of ${drainPool}, so its figure is void`);
  }
}

/** The raw drain's rows: every item of its pool claimed, by as many claims as the drain counted. */
const checkRawDrain = (db: Db, linkId: string, run: Drain) =>
  checkWritten(
    db,
    'raw SKIP LOCKED + UPDATE',
    sql`SELECT count(*) FILTER (WHERE status = 'claimed') AS claimed, count(DISTINCT claim_id) AS claims FROM raw_items WHERE link_id = ${linkId}`,
    { claimed: drainPool, claims: run.claims },
  );

/** The tables a claim writes: the platform's own, or the durable baseline's copies of them. */
const claimTables = {
  ours: { items: 'items', streams: 'streams', events: 'events', outbox: 'outbox' },
  durable: { items: 'durable_items', streams: 'durable_streams', events: 'durable_events', outbox: 'durable_outbox' },
};

/**
 * A drain's rows, the claim handler's or the durable baseline's: every item of its pool claimed, each with its stream
 * and one ItemClaimed event, and one timer per item claimed in all rounds so far. (The handler gives each item a claim
 * id of its own, so claims are not counted by their ids as the bare drain's are.)
 */
const checkClaimedDrain = (db: Db, what: string, tables: (typeof claimTables)['ours'], linkId: string, round: number) =>
  checkWritten(
    db,
    what,
    sql`SELECT (SELECT count(*) FROM ${sql.table(tables.items)} WHERE link_id = ${linkId} AND status = 'claimed') AS claimed,
               (SELECT count(*) FROM ${sql.table(tables.events)} WHERE type = 'ItemClaimed' AND data->>'linkId' = ${linkId}) AS events,
               (SELECT count(*) FROM ${sql.table(tables.streams)} s JOIN ${sql.table(tables.items)} i ON s.stream_id = 'item-' || i.item_id WHERE i.link_id = ${linkId}) AS streams,
               (SELECT count(*) FROM ${sql.table(tables.outbox)} WHERE job_name = 'item.expire_claim') AS timers`,
    { claimed: drainPool, events: drainPool, streams: drainPool, timers: drainPool * (round + 1) },
  );

const ms = (value: number) => `${value.toFixed(1)} ms`;

export async function claimsBench(bench: BenchDatabase, log: (line: string) => void): Promise<Figure[]> {
  const pools = await openProject(bench.db, drainRounds + latencyPools.length);
  const drainLinks = pools.links.slice(0, drainRounds);
  const latencyLinks = pools.links.slice(drainRounds);
  // The baselines' tables, each with the indexes, defaults and identities of the platform's own.
  for (const [table, like] of [['raw_items', 'items'], ['durable_items', 'items'], ['durable_streams', 'streams'], ['durable_events', 'events'], ['durable_outbox', 'outbox']]) {
    await sql`CREATE TABLE ${sql.table(table)} (LIKE ${sql.table(like)} INCLUDING ALL)`.execute(bench.db);
  }
  const raw = new pg.Pool({ connectionString: bench.url, max: poolSize });
  const notifier = new WrittenNotifier(bench.url);
  const cpu = (run: Drain) =>
    `${(run.nodeCpu * 100).toFixed(0)}% of a core in Node, ${((run.nodeCpu * 1000) / run.perSecond).toFixed(2)} ms a claim` +
    (run.serverMs === null ? '' : `, PostgreSQL ${run.serverMs.toFixed(2)} ms a claim`);
  try {
    log(`  ${claimers} claimers, claims of ${perClaim}, pools of ${drainPool.toLocaleString('en-US')} items, ${poolSize} connections each, ${drainRounds} rounds each`);
    const drains = await alternate(drainRounds, {
      durable: async (round) => {
        await fillPool(bench.db, 'durable_items', pools.projectId, drainLinks[round], drainPool);
        const run = await drain(durableClaim(raw, pools.projectId, drainLinks[round]));
        checkHandedOut('raw durable claim', run);
        await checkClaimedDrain(bench.db, 'raw durable claim', claimTables.durable, drainLinks[round], round);
        log(`  round ${round + 1}, raw durable claim: ${run.claims} claims, ${run.perSecond.toFixed(0)} claims/s, ${cpu(run)}`);
        return run;
      },
      raw: async (round) => {
        await fillPool(bench.db, 'raw_items', pools.projectId, drainLinks[round], drainPool);
        const run = await drain(rawClaim(raw, drainLinks[round]));
        checkHandedOut('raw SKIP LOCKED + UPDATE', run);
        await checkRawDrain(bench.db, drainLinks[round], run);
        log(`  round ${round + 1}, raw SKIP LOCKED + UPDATE: ${run.claims} claims, ${run.perSecond.toFixed(0)} claims/s, ${cpu(run)}`);
        return run;
      },
      ours: async (round) => {
        await fillPool(bench.db, 'items', pools.projectId, drainLinks[round], drainPool);
        const run = await drain(ourClaim(bench.db, notifier, pools, drainLinks[round]));
        checkHandedOut('claim handler', run);
        await checkClaimedDrain(bench.db, 'claim handler', claimTables.ours, drainLinks[round], round);
        log(`  round ${round + 1}, claim handler: ${run.claims} claims, ${run.perSecond.toFixed(0)} claims/s, ${cpu(run)}`);
        return run;
      },
    });
    const rate = { durable: median(drains.durable.map((run) => run.perSecond)), raw: median(drains.raw.map((run) => run.perSecond)), ours: median(drains.ours.map((run) => run.perSecond)) };
    log(`  every item of each pool claimed once on every side; medians: claim handler ${rate.ours.toFixed(0)} claims/s, raw durable ${rate.durable.toFixed(0)} claims/s, bare SKIP LOCKED + UPDATE ${rate.raw.toFixed(0)} claims/s`);

    const figures: Figure[] = [
      { name: `claims/s (${claimers} claimers x ${perClaim})`, ours: rate.ours, baselineName: 'raw durable claim (one statement)', baseline: rate.durable, targetRatio: 0.85 },
      { name: `claims/s, floor against the bare claim`, ours: rate.ours, baselineName: 'SKIP LOCKED + UPDATE', baseline: rate.raw, targetRatio: 0.3 },
    ];
    const latencies: { pool: number; ours: { p50: number; p95: number }; raw: { p50: number; p95: number } }[] = [];
    for (const [i, size] of latencyPools.entries()) {
      const link = latencyLinks[i];
      await fillPool(bench.db, 'items', pools.projectId, link, size);
      await fillPool(bench.db, 'raw_items', pools.projectId, link, size);
      const measured = { pool: size, raw: await latency(rawClaim(raw, link)), ours: await latency(ourClaim(bench.db, notifier, pools, link)) };
      latencies.push(measured);
      log(`  one claimer, pool of ${size.toLocaleString('en-US')}: claim handler p50 ${ms(measured.ours.p50)} p95 ${ms(measured.ours.p95)}; raw p50 ${ms(measured.raw.p50)} p95 ${ms(measured.raw.p95)}`);
      figures.push({ name: `1 claimer, pool ${size.toLocaleString('en-US')}`, ours: 1000 / measured.ours.p50, baselineName: 'SKIP LOCKED + UPDATE (p50)', baseline: 1000 / measured.raw.p50 });
    }
    const [small, large] = latencies;
    const growth = large.ours.p50 / small.ours.p50;
    // Within noise: a pool a hundred times larger may cost at most half as much again per claim.
    log(`  claim latency ${growth <= 1.5 ? 'does not grow' : 'GROWS'} with the pool: p50 ${ms(large.ours.p50)} at ${large.pool.toLocaleString('en-US')} vs ${ms(small.ours.p50)} at ${small.pool.toLocaleString('en-US')} (${growth.toFixed(2)}x)`);
    return figures;
  } finally {
    await Promise.allSettled([raw.end(), notifier.close()]);
  }
}
