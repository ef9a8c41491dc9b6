// Statistics projection lag: 500 commands a second of mixed work-loop traffic (claims, saves with submissions,
// inspections passing or rejecting) appended with the items projection inline, while the statistics projection
// runs as the worker runs it (its own poll interval, batches committed with their checkpoint). For every command,
// the time from its commit to the commit of the batch that counted it, beside the same commands' own commit latency.
// Then the dashboard query over a project of 1,000,000 items against the same query over one of 1,000.
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { anyVersion, batchProjection, createDatabase, type Db, EventStore, itemProjection, type NewEvent, noStream, runBatch, statisticsProjection } from '@annot/core';
import { batchItemsStreamId, batchStreamId, itemStreamId, projectStreamId, type StatisticsRange, todayIn } from '@annot/workflows';
import { GetDashboardHandler, GetDashboardQuery } from '@annot/api/dist/insights/queries/get-dashboard.handler';
import { StatisticsRepository } from '@annot/api/dist/insights/statistics.repository';
import type { BenchDatabase } from './support/bench-database';
import type { Figure } from './support/figures';
import { checkWritten } from './support/written';

const commandsPerSecond = 500;
const seconds = 20;
const workers = 40;
const sizes = { small: 1_000, large: 1_000_000 };
const queryRuns = 40;

const metadata = (actorId: string) => {
  const commandId = randomUUID();
  return { actorId, actorRole: '40', commandId, correlationId: commandId, causationId: null, requestId: null, clientIp: null, machine: 'item@1' };
};
const itemIdOf = (batchId: string, seq: number) => {
  // The items projection's derivation, md5(batch:seq) as a uuid, computed here for the traffic to name them.
  const hex = createHash('md5').update(`${batchId}:${seq}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

interface BenchProject {
  items: number;
  projectId: string;
  batchId: string;
  annotation: string;
  inspection: string;
}

/** A published project of two links and one batch of `items` items, appended as its commands append them. */
async function openProject(db: Db, items: number, title: string): Promise<BenchProject> {
  const store = new EventStore(db);
  const p = { items, projectId: randomUUID(), batchId: randomUUID(), annotation: randomUUID(), inspection: randomUUID() };
  const ref = { projectId: p.projectId, title };
  const today = new Date().toISOString().slice(0, 10);
  const basics = { title, type: 'formal', annotationType: 'picture_single_frame', startDate: today, endDate: today, unitPrice: 0.5, reworkMaxCount: 3 };
  const project = [
    { type: 'ProjectDrafted', data: { ...ref, basics, clonedFrom: null } },
    { type: 'ProjectLinksSaved', data: { ...ref, links: [{ id: p.annotation, type: 'annotation', name: 'Annotation' }, { id: p.inspection, type: 'inspection', name: 'Inspection' }] } },
    { type: 'ProjectPublished', data: ref },
  ];
  await store.append(projectStreamId(p.projectId), noStream, project.map((e) => ({ ...e, metadata: metadata('bench') })));
  const batch = { batchId: p.batchId, projectId: p.projectId, name: title };
  await store.append(batchStreamId(p.batchId), noStream, [{ type: 'BatchCreated', data: { ...batch, priority: 1, uploadType: 'local' }, metadata: metadata('bench') }], { projections: [batchProjection] });
  const chunk = 10_000;
  const chunks: NewEvent[] = [];
  for (let first = 0; first < items; first += chunk) {
    const n = Math.min(chunk, items - first);
    const names = Array.from({ length: n }, (_, i) => `f${first + i}.jpg`);
    chunks.push({
      type: 'BatchItemsRegistered',
      data: { ...batch, linkId: p.annotation, importId: p.batchId, firstSeq: first, progress: 100, fileNames: names, pathPrefix: 'bench/', paths: [], sizes: names.map(() => 1000), mediaTypes: names.map(() => 'image/jpeg'), widths: names.map(() => 1920), heights: names.map(() => 1080), checksums: names.map((_, i) => String(first + i)), failedNames: [], failedReasons: [] },
      metadata: metadata('bench'),
    });
  }
  // The statistics projection reads the registrations from the log; the items table is not what it measures.
  for (let i = 0; i < chunks.length; i += 10) await store.append(batchItemsStreamId(p.batchId), BigInt(i), chunks.slice(i, i + 10));
  return p;
}

interface Command {
  actor: string;
  events: { type: string; data: Record<string, unknown> }[];
}

/** One item's work, a command at a time: claim, save and submit, inspector's claim, a verdict (one in five rejected). */
function* itemCommands(p: BenchProject, seq: number, tagger: string, inspector: string): Generator<Command, void> {
  const ref = { itemId: itemIdOf(p.batchId, seq), projectId: p.projectId };
  const now = () => new Date().toISOString();
  const box = { id: 'o1', toolId: p.projectId, className: seq % 3 ? 'car' : 'pedestrian', attributes: {}, group: null, keyframes: [] };
  for (let round = 1; ; round++) {
    const claimId = randomUUID();
    yield { actor: tagger, events: [{ type: 'ItemClaimed', data: { ...ref, linkId: p.annotation, claimId, claimerId: tagger, claimedAt: now(), deadline: null } }] };
    yield {
      actor: tagger,
      events: [
        { type: 'ResultSaved', data: { ...ref, linkId: p.annotation, resultVersion: round, savedBy: tagger, savedAt: now(), objectCount: 1, result: { frameCount: 1, objects: [box], attributes: {} } } },
        { type: 'ItemSubmitted', data: { ...ref, linkId: p.annotation, claimId, submittedBy: tagger, submittedAt: now(), resultVersion: round, rework: round > 1, toLinkId: p.inspection } },
      ],
    };
    const inspection = randomUUID();
    yield { actor: inspector, events: [{ type: 'ItemClaimed', data: { ...ref, linkId: p.inspection, claimId: inspection, claimerId: inspector, claimedAt: now(), deadline: null } }] };
    if (round === 1 && seq % 5 === 0) {
      yield { actor: inspector, events: [{ type: 'ItemRejected', data: { ...ref, linkId: p.inspection, inspectorId: inspector, resultVersion: round, marks: [], toLinkId: p.annotation, preferredClaimerId: tagger, reworkCount: 1 } }] };
      continue;
    }
    yield {
      actor: inspector,
      events: [
        { type: 'ItemPassed', data: { ...ref, linkId: p.inspection, inspectorId: inspector, resultVersion: round, toLinkId: null } },
        { type: 'ItemFinished', data: { ...ref, linkId: p.inspection, resultVersion: round, decidedBy: 'inspection' } },
      ],
    };
    return;
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * Runs the statistics projection the way the worker's runner does, on a connection of its own as the worker gives it,
 * noting when each batch it applied committed.
 */
function runProjection(db: Db, applied: (positions: string[], at: number) => void): { stop(): Promise<void> } {
  let running = true;
  const seen: string[] = [];
  const watched = { ...statisticsProjection, apply: async (trx: Db, events: Parameters<typeof statisticsProjection.apply>[1]) => {
    await statisticsProjection.apply(trx, events);
    seen.push(...events.map((e) => e.globalPosition));
  } };
  const loop = (async () => {
    while (running) {
      seen.length = 0;
      const outcome = await runBatch(db, watched);
      // runBatch returns once its transaction has committed: the batch's effect is now visible.
      if (outcome === 'applied') applied([...seen], performance.now());
      else await new Promise((resolve) => setTimeout(resolve, statisticsProjection.pollMs ?? 200));
    }
  })();
  return { stop: async () => ((running = false), await loop) };
}

async function trafficLag(db: Db, url: string, projects: BenchProject[], log: (line: string) => void): Promise<{ lag: number[]; commit: number[]; commands: number }> {
  const store = new EventStore(db);
  const committedAt = new Map<string, number>();
  const lag: number[] = [];
  const commit: number[] = [];
  const runnerDb = createDatabase(url, { max: 1 });
  const runner = runProjection(runnerDb, (positions, at) => {
    for (const position of positions) {
      const started = committedAt.get(position);
      if (started === undefined) continue;
      lag.push(Math.max(0, at - started));
      committedAt.delete(position);
    }
  });
  // Each worker carries items of its own through the loop, one command at a time, paced to the target rate.
  const total = commandsPerSecond * seconds;
  const interval = 1000 / commandsPerSecond;
  const start = performance.now();
  let issued = 0;
  // Items are taken in order within each project, so every command names an item its project registered; the
  // small project's items go round again once all have been worked.
  const nextSeq = projects.map(() => 0);
  const nextItem = (w: number, tagger: string, inspector: string) => {
    const p = w % projects.length;
    return itemCommands(projects[p], nextSeq[p]++ % projects[p].items, tagger, inspector);
  };
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      const tagger = randomUUID();
      const inspector = randomUUID();
      let work = nextItem(w, tagger, inspector);
      for (;;) {
        const slot = issued++;
        if (slot >= total) return;
        const due = start + slot * interval;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        let next = work.next();
        if (next.done) {
          work = nextItem(w, tagger, inspector);
          next = work.next();
        }
        const command = next.value as Command;
        const item = (command.events[0].data as { itemId: string }).itemId;
        const began = performance.now();
        // Each worker carries its items alone, in order: the pipeline's version checks have nothing to catch here.
        const events = command.events.map((e) => ({ ...e, metadata: metadata(command.actor) }));
        const result = await store.append(itemStreamId(item), anyVersion, events, { projections: [itemProjection] });
        const done = performance.now();
        commit.push(done - began);
        committedAt.set(result.positions[result.positions.length - 1], done);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  log(`  ${total} commands in ${elapsed.toFixed(1)} s (${(total / elapsed).toFixed(0)}/s), ${workers} workers`);
  // The last commands are counted once the projection has caught up with them.
  const deadline = Date.now() + 30_000;
  while (committedAt.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  await runner.stop();
  await runnerDb.destroy();
  if (committedAt.size > 0) throw new Error(`${committedAt.size} commands never reached the statistics projection`);
  return { lag, commit, commands: total };
}

/** The statistics repository with one project as the only ongoing one, so each dashboard reads exactly one project. */
class OneProjectRepository extends StatisticsRepository {
  constructor(
    db: Db,
    private readonly only: string,
  ) {
    super(db);
  }

  override projects(ids: string[] | 'ongoing') {
    return super.projects(ids === 'ongoing' ? [this.only] : ids);
  }
}

/**
 * The dashboard query's median time over each project, the runs of the two taken in turn so that whatever else the
 * machine is doing weighs on both alike.
 */
async function dashboardTimes(db: Db, projects: BenchProject[]): Promise<number[]> {
  const handlers = projects.map((p) => new GetDashboardHandler(new OneProjectRepository(db, p.projectId)));
  const today = todayIn('Asia/Shanghai');
  const range: StatisticsRange = { from: `${today.slice(0, 4)}-01-01`, to: today, granularity: 'day', tz: 'Asia/Shanghai' };
  const times: number[][] = projects.map(() => []);
  for (let i = 0; i < queryRuns + 5; i++) {
    for (const [k, handler] of handlers.entries()) {
      const began = performance.now();
      const view = await handler.execute(new GetDashboardQuery(range));
      if (view.projects.length !== 1 || view.today.submitted === 0) throw new Error('the dashboard did not see its project and the work done in it');
      if (i >= 5) times[k].push(performance.now() - began);
    }
  }
  return times.map((t) => percentile(t, 0.5));
}

export async function projectionLagBench(bench: BenchDatabase, log: (line: string) => void): Promise<Figure[]> {
  const { db } = bench;
  const small = await openProject(db, sizes.small, 'small');
  const large = await openProject(db, sizes.large, 'large');
  const caughtUp = performance.now();
  while ((await runBatch(db, statisticsProjection)) === 'applied');
  log(`  projects of ${sizes.small.toLocaleString('en-US')} and ${sizes.large.toLocaleString('en-US')} items registered in the statistics in ${((performance.now() - caughtUp) / 1000).toFixed(1)} s`);
  await sql`VACUUM (ANALYZE)`.execute(db);

  const run = await trafficLag(db, bench.url, [small, large], log);
  const lag = { p50: percentile(run.lag, 0.5), p99: percentile(run.lag, 0.99) };
  const commit = { p50: percentile(run.commit, 0.5), p99: percentile(run.commit, 0.99) };
  log(`  commit latency: p50 ${ms(commit.p50)}, p99 ${ms(commit.p99)}`);
  log(`  statistics lag from commit: p50 ${ms(lag.p50)}, p99 ${ms(lag.p99)} (target p99 < 250 ms)`);
  await checkWritten(
    db,
    'statistics projection',
    sql`SELECT (SELECT count(*) FROM insights_items) AS items, (SELECT count(*) FROM events WHERE type LIKE 'Item%' OR type = 'ResultSaved') > 0 AS traffic`,
    { items: sizes.small + sizes.large, traffic: 1 },
  );

  await sql`VACUUM (ANALYZE)`.execute(db);
  const [smallMs, largeMs] = await dashboardTimes(db, [small, large]);
  log(`  dashboard query (median of ${queryRuns}): ${ms(smallMs)} over ${sizes.small.toLocaleString('en-US')} items, ${ms(largeMs)} over ${sizes.large.toLocaleString('en-US')} items`);

  return [
    { name: 'statistics lag p99, 1000/ms', ours: 1000 / lag.p99, baselineName: 'raw commit p99', baseline: 1000 / commit.p99, absolute: 1000 / 250 },
    { name: 'dashboard query 1M items, 1000/ms', ours: 1000 / largeMs, baselineName: 'same over 1,000 items', baseline: 1000 / smallMs, targetRatio: 0.5 },
  ];
}
