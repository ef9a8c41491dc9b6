// A project of SCALE_ITEMS items (10,000,000 unless set) beside the same project at 10,000, in one run. Both are the
// demo project of `npm run up` (made, worked, inspected, accepted and exported through the API), the second a twin of
// the first under another title, each grown by batches registered through the import's own path (BatchItemsRegistrar:
// a chunk event on each batch's items stream and the rows copied into items, as a real import leaves them).
// Through the API over HTTP, the two measured in turn so a busy stretch of a shared machine falls on both: a tagger's
// claim (p50 and p99), the PM's item list first and deep page with each filter, the counts per link, the project's
// statistics, an item's history and the start of an export. Every figure of the large project must be within 2x of
// the small one's; the database size per million items and the events per item are reported.
//
// Measured at 10,000,000 items (2026-11-30, a loaded two-core machine, three runs, the first growing the project in
// 3,254 s and the next two resuming it): every read within 2x in every run, the claim's median 1.01x to 1.10x; outside
// it once each, the claim's p99 (2.31x in one run, 0.59x and 1.66x in the others) and the single ask of an export
// (4.89x in one run, 0.46x and 0.68x in the others). 1,184 MB per million items, 0.0006 events per item. The table is
// in docs/scaling.md.
// On a quiet two-core machine (2026-11-30): grown in 328 s; 1,150 MB per million items. Three runs with the untimed
// claims: every figure within 2x, the worst 1.16x; the claim's p99 0.56x, 1.09x and 0.84x.
import { sql } from 'kysely';
import type { ChunkItem } from '@annot/workflows';
import { type DemoAccount, demoAccounts, signInInternal } from '../scripts/src/seed-demo';
import { type Call, demoCall, ok } from '../scripts/src/seed-demo-call';
import { seedDemoExports } from '../scripts/src/seed-demo-exports';
import { demoBatch1, demoProjectTitle, ensureDemoProject, streetObjects, uploadBatch } from '../scripts/src/seed-demo-project';
import { seedDemoQuality } from '../scripts/src/seed-demo-quality';
import { seedDemoWork } from '../scripts/src/seed-demo-work';
import type { BenchDatabase } from './support/bench-database';
import { startBenchPlatform } from './support/bench-platform';
import type { Figure } from './support/figures';
import { registerThroughImport } from './support/register-items';
import { median } from './support/timing';

const small = 10_000;
const large = Number(process.env.SCALE_ITEMS ?? 10_000_000);
/** A batch holds at most this many items, as a large import would be split. */
const perBatch = 1_000_000;
/** Each read is asked this many times of each project, in turn, and its median kept. */
const reads = 15;
/** Claims of one item each, timed one by one in each project in turn; the tagger's in-hand limit is 100 a project. */
const claims = 80;
/**
 * Claims made in each project in turn before those timed, as each read is asked once before it is timed: a fresh
 * API's first claims prepare their statements and warm its code, and PostgreSQL plans a prepared statement anew at
 * its sixth run, which made the first and the ninth claim of each project the two slowest (their p99) in every run.
 */
const warmClaims = 12;
/** A page of the PM's item list, as the console asks for it. */
const pageSize = 50;
/** A keyset cursor about 94% of the way through the ids (random uuids): a deep page of any filter. */
const deepCursor = 'f0000000-0000-4000-8000-000000000000';

const account = (address: string): DemoAccount => demoAccounts.find((a) => a.account === address)!;

/** Files as an import of camera frames lists them, numbered from `from`. */
function* frames(prefix: string, from: number, count: number): Generator<ChunkItem> {
  for (let i = from; i < from + count; i++) {
    const fileName = `frames/${String(Math.floor(i / 1000)).padStart(5, '0')}/${String(i).padStart(8, '0')}.jpg`;
    yield { fileName, path: prefix + fileName, size: 200_000 + (i % 5000), mediaType: 'image/jpeg', width: 1920, height: 1080, checksum: i.toString(16).padStart(64, '0') };
  }
}

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))];

async function msOf(work: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

interface People {
  admin: string;
  pm: string;
  teamId: string;
  taggerId: string;
  inspectorId: string;
  clientId: string;
}

/** The demo project again under another title, made and worked through the API as the demo's seed does. */
async function twinProject(call: Call, people: People, title: string): Promise<string> {
  const { admin } = people;
  const { projectId } = await ensureDemoProject(call, admin, { teamId: people.teamId, taggerId: people.taggerId }, { ...streetObjects, title });
  await uploadBatch(call, admin, projectId, demoBatch1);
  const tagger = account('tagger@example.com');
  const inspector = { id: people.inspectorId, ...account('inspector@example.com') };
  await seedDemoWork(call, { admin, projectId, tagger, inspector });
  await seedDemoQuality(call, { admin, projectId, tagger, inspector, client: { id: people.clientId, ...account('client@example.com') } });
  await seedDemoExports(call, people.pm, projectId);
  return projectId;
}

/** One of the two projects as the figures read it. */
interface Subject {
  projectId: string;
  linkId: string;
  items: number;
  /** The list's filters, by name, as query strings. */
  filters: Record<string, string>;
  /** The item the demo worked the most, whose history is read. */
  historyItem: string;
}

export async function scaleBench(bench: BenchDatabase, log: (line: string) => void): Promise<Figure[]> {
  const platform = await startBenchPlatform(bench);
  try {
    const call = demoCall(platform.baseUrl);
    let admin = await platform.signInAdmin();
    const person = async (address: string): Promise<string> => ok(await call('GET', `/manage/people?keyword=${encodeURIComponent(address)}&limit=10`, undefined, admin), 'people').items[0].id;
    const people: People = {
      admin,
      pm: await signInInternal(call, bench.url, account('pm@example.com')),
      teamId: ok(await call('GET', '/manage/teams', undefined, admin), 'teams').find((t: { name: string }) => t.name === 'Demo Team').id,
      taggerId: await person('tagger@example.com'),
      inspectorId: await person('inspector@example.com'),
      clientId: await person('client@example.com'),
    };
    const demo = ok(await call('GET', `/manage/projects?keyword=${encodeURIComponent(demoProjectTitle)}`, undefined, admin), 'projects') as { items: { id: string; title: string }[] };
    const smallId = demo.items.find((p) => p.title === demoProjectTitle)!.id;
    // A run resumed on a kept database (BENCH_KEEP_DATABASE=1) finds the twin it made, and grows what is missing.
    const grownTitle = `${demoProjectTitle} (grown)`;
    const largeId = demo.items.find((p) => p.title === grownTitle)?.id ?? (await twinProject(call, people, grownTitle));
    const printAtStart = await footprint(bench);

    const subject = async (projectId: string, items: number): Promise<Subject> => {
      const linkId = await annotationLink(projectId);
      // The batch of the most items: the one the import made largest.
      const batches = ok(await call('GET', `/manage/projects/${projectId}/batches`, undefined, admin), 'batches') as { id: string; items: number }[];
      const batchId = batches.reduce((most, batch) => (batch.items > most.items ? batch : most)).id;
      const { rows } = await sql<{ item_id: string }>`
        SELECT d.item_id FROM items d JOIN events e ON e.stream_id = 'item-' || d.item_id
        WHERE d.project_id = ${projectId} GROUP BY d.item_id ORDER BY count(*) DESC, d.item_id LIMIT 1`.execute(bench.db);
      const filters = {
        'no filter': '',
        link: `linkId=${linkId}`,
        'status waiting': 'status=waiting',
        'status claimed': 'status=claimed',
        'status finished': 'status=finished',
        batch: `batchId=${batchId}`,
        valid: 'effectiveness=valid',
        invalid: 'effectiveness=invalid',
        claimer: `claimerId=${people.taggerId}`,
        team: `teamId=${people.teamId}`,
        rework: 'rework=true',
      };
      return { projectId, linkId, items, filters, historyItem: rows[0].item_id };
    };
    const annotationLink = async (projectId: string) =>
      (ok(await call('GET', `/manage/projects/${projectId}`, undefined, admin), 'project').links as { id: string; type: string }[]).find((l) => l.type === 'annotation')!.id;

    // Grown in batches through the import's path; then PostgreSQL gathers its statistics as autovacuum would.
    let registered = 0;
    for (const [projectId, items] of [[smallId, small], [largeId, large]] as const) {
      const linkId = await annotationLink(projectId);
      const started = Date.now();
      const before = Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM items WHERE project_id = ${projectId}`.execute(bench.db)).rows[0].n);
      for (let missing = items - before; missing > 0; ) {
        const count = Math.min(perBatch, missing);
        const prefix = `batches/scale-${registered}/`;
        await registerThroughImport(bench, { projectId, linkId, pathPrefix: prefix, name: `Scale ${registered + 1}-${registered + count}`, finish: true }, frames(prefix, registered, count));
        registered += count;
        missing -= count;
      }
      log(`  a project grown to ${items.toLocaleString('en-US')} items in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    await sql`VACUUM ANALYZE`.execute(bench.db);
    // Signed in again: growing outlasts a session's idle time (30 minutes), and the seeding signed the demo's tagger out.
    people.admin = admin = await platform.signInAdmin();
    const tagger = ok(await call('POST', '/manage/auth/login', { ...account('tagger@example.com'), role: 1, confirm: true }), 'sign-in').token as string;
    const subjects = [await subject(smallId, small), await subject(largeId, large)];
    const printGrown = await footprint(bench);
    // Bytes per item are MB per million items: of the items grown in this run, or, on a resumed run that grew none,
    // of the whole database.
    const grown = printGrown.items > printAtStart.items ? { from: printAtStart, what: 'grown' } : { from: { bytes: 0, items: 0, events: 0 }, what: 'in the database' };
    const perItem = (printGrown.bytes - grown.from.bytes) / (printGrown.items - grown.from.items);
    const eventsPerItem = (printGrown.events - grown.from.events) / (printGrown.items - grown.from.items);
    log(`  database: ${(printAtStart.bytes / 1e6).toFixed(0)} MB at the start, ${(printGrown.bytes / 1e9).toFixed(2)} GB with ${printGrown.items.toLocaleString('en-US')} items: ${perItem.toFixed(0)} MB per million items ${grown.what}`);
    log(`  events: ${printGrown.events.toLocaleString('en-US')} for ${printGrown.items.toLocaleString('en-US')} items, ${(printGrown.events / printGrown.items).toFixed(4)} per item; ${eventsPerItem.toFixed(4)} per item ${grown.what}`);
    log(`  the item history read is one of ${(await historyLength(bench, subjects[0].historyItem))} events; ${reads} reads each (median), ${claims} claims`);

    // Every figure, in ms, for each project: the two asked in turn.
    const times = subjects.map(() => new Map<string, number[]>());
    const record = (i: number, name: string, ms: number) => times[i].set(name, [...(times[i].get(name) ?? []), ms]);
    const claimed: string[][] = subjects.map(() => []);
    const claim = async (linkId: string): Promise<string[]> => ok(await call('POST', `/manage/items/links/${linkId}/claims`, { count: 1 }, tagger), 'claim').items;
    for (let round = 0; round < warmClaims; round++) for (const [i, { linkId }] of subjects.entries()) claimed[i].push(...(await claim(linkId)));
    for (let round = 0; round < claims; round++) {
      for (const [i, { linkId }] of subjects.entries()) {
        record(i, 'claim', await msOf(async () => claimed[i].push(...(await claim(linkId)))));
      }
    }
    for (const [i, { projectId }] of subjects.entries()) {
      if (claimed[i].length !== warmClaims + claims) throw new Error(`${warmClaims + claims} claims took ${claimed[i].length} items`);
      // Handed back, so a later run starts from the same work in hand.
      ok(await call('POST', `/manage/items/projects/${projectId}/bulk-release`, { itemIds: claimed[i] }, admin), 'release');
    }
    const readings: Record<string, (s: Subject) => string> = {};
    for (const name of Object.keys(subjects[0].filters)) {
      const list = (s: Subject) => `/manage/items/projects/${s.projectId}?limit=${pageSize}${s.filters[name] ? `&${s.filters[name]}` : ''}`;
      readings[`list ${name}, first page`] = list;
      readings[`list ${name}, deep page`] = (s) => `${list(s)}&cursor=${deepCursor}`;
    }
    readings['counts per link'] = (s) => `/manage/items/projects/${s.projectId}/counts`;
    readings['project statistics'] = (s) => `/manage/projects/${s.projectId}/statistics`;
    readings['item history'] = (s) => `/manage/items/${s.historyItem}/history`;
    for (const [name, path] of Object.entries(readings)) {
      for (const s of subjects) ok(await call('GET', path(s), undefined, admin), name);
      for (let round = 0; round < reads; round++) {
        for (const [i, s] of subjects.entries()) record(i, name, await msOf(async () => ok(await call('GET', path(s), undefined, admin), name)));
      }
    }
    // Last, one each: an export runs on in the worker once started. The small one's is let finish before the large
    // one's is asked for; the large one's is left to run out when the platform stops.
    for (const [i, s] of subjects.entries()) {
      let exportId = '';
      record(i, 'export asked', await msOf(async () => (exportId = ok(await call('POST', `/manage/projects/${s.projectId}/exports`, { format: 'coco', scope: { effectiveness: 'all' } }, admin), 'export').exportId)));
      const asked = process.hrtime.bigint();
      let view = ok(await call('GET', `/manage/exports/${exportId}`, undefined, admin), 'export view');
      while (view.status === 'queued') view = ok(await call('GET', `/manage/exports/${exportId}`, undefined, admin), 'export view');
      record(i, 'export running', Number(process.hrtime.bigint() - asked) / 1e6);
      while (i === 0 && (view.status === 'queued' || view.status === 'running')) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        view = ok(await call('GET', `/manage/exports/${exportId}`, undefined, admin), 'export view');
      }
    }

    const rows: [string, number, number][] = [];
    for (const [label, q] of [['claim p50', 0.5], ['claim p99', 0.99]] as const) rows.push([label, quantile(times[0].get('claim')!, q), quantile(times[1].get('claim')!, q)]);
    for (const name of times[0].keys()) if (name !== 'claim') rows.push([name, median(times[0].get(name)!), median(times[1].get(name)!)]);
    const label = large >= 1_000_000 ? `${large / 1_000_000}M` : `${large / 1000}k`;
    log(`  ${'figure (ms)'.padEnd(34)} ${'10k'.padStart(9)} ${label.padStart(9)}  ratio`);
    for (const [name, atSmall, atLarge] of rows) log(`  ${name.padEnd(34)} ${atSmall.toFixed(1).padStart(9)} ${atLarge.toFixed(1).padStart(9)}  ${(atLarge / atSmall).toFixed(2)}x`);
    // Times are turned into rates, so "within 2x of the small project's time" reads as "at least half its rate".
    return rows.map(([name, atSmall, atLarge]) => ({ name: `${name} (${label})`, ours: 1000 / atLarge, baselineName: 'same at 10k items', baseline: 1000 / atSmall, targetRatio: 0.5 }));
  } finally {
    await platform.stop();
  }
}

async function footprint(bench: BenchDatabase): Promise<{ bytes: number; events: number; items: number }> {
  const { rows } = await sql<{ bytes: string; events: string; items: string }>`
    SELECT pg_database_size(current_database())::text AS bytes, (SELECT count(*) FROM events)::text AS events, (SELECT count(*) FROM items)::text AS items`.execute(bench.db);
  return { bytes: Number(rows[0].bytes), events: Number(rows[0].events), items: Number(rows[0].items) };
}

async function historyLength(bench: BenchDatabase, itemId: string): Promise<number> {
  return Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM events WHERE stream_id = ${`item-${itemId}`}`.execute(bench.db)).rows[0].n);
}
