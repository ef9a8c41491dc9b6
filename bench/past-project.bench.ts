// A project of 100,000 items (PAST_BENCH_ITEMS sets another size) as of a moment, its items counted per link and
// status by the past read's own handler, beside the live counts the project's screen reads from the items table, in
// one run. The items are registered through the batches projection; their work (claimed, saved, submitted; half of
// them then claimed, passed and finished) is written into the log in bulk, six events an item at most, each saved
// result one box as the editor saves it. The moment is the middle of the log: every item submitted, none inspected.
// It is read first from the first event, then again after the snapshot projection has caught up with the log (a
// snapshot every 25,000 of the project's events; PAST_BENCH_SNAPSHOT_EVERY sets another interval): as of the moment
// (a snapshot ten events before it), as of a moment half an interval past a snapshot (what a moment applies on
// average), and an old moment. The statistics screen is read as of the same moment from the first event and from a
// snapshot, beside the live screen, as of the last event equal to it, half an interval past a snapshot, and as of
// the event just before a snapshot: the most events a past read ever applies. The
// people's teams come from the snapshot too, so no read applies the accounts' events from the first. The rows the
// snapshots keep are counted beside what full copies would keep. Target: any moment's first read within 10 seconds.
import { sql } from 'kysely';
import { catchUp, pastItemSnapshotProjection, snapshotEvery, statisticsProjection } from '@annot/core';
import { GetProjectStatisticsHandler, GetProjectStatisticsQuery } from '@annot/api/dist/insights/queries/get-project-statistics.handler';
import { StatisticsRepository } from '@annot/api/dist/insights/statistics.repository';
import { GetPastStatisticsHandler, GetPastStatisticsQuery } from '@annot/api/dist/past/queries/get-past-statistics.handler';
import { GetProjectAsOfHandler, GetProjectAsOfQuery } from '@annot/api/dist/past/queries/get-project-as-of.handler';
import { PastCutsRepository } from '@annot/api/dist/past/past-cuts.repository';
import { PastProjectFolds } from '@annot/api/dist/past/past-project-folds.service';
import { PastStatisticsRepository } from '@annot/api/dist/past/past-statistics.repository';
import type { ProjectAccess } from '@annot/api/dist/projects/project-access.service';
import { ItemsRepository } from '@annot/api/dist/items/items.repository';
import type { BenchDatabase } from './support/bench-database';
import type { Figure } from './support/figures';
import { ms, writePastProject } from './support/past-project-log';

export async function pastProjectBench(bench: BenchDatabase, log: (line: string) => void): Promise<Figure[]> {
  const { p, moment, items, half } = await writePastProject(bench, log);
  const everyone = { mayView: async () => true } as unknown as ProjectAccess;
  const handler = new GetProjectAsOfHandler(everyone, new PastProjectFolds(new PastCutsRepository(bench.db)));
  const actor = { id: 'bench', role: '01' };
  const asOf = (position?: string) => ms(() => handler.execute(new GetProjectAsOfQuery(actor, p.projectId, position ? { position } : {})));
  const expected = JSON.stringify([{ linkId: p.inspection, status: 'pooled', count: items }]);

  const statistics = new GetPastStatisticsHandler(everyone, new PastProjectFolds(new PastCutsRepository(bench.db)), new PastStatisticsRepository(bench.db));
  const pastStatistics = (position: string) => ms(() => statistics.execute(new GetPastStatisticsQuery(actor, p.projectId, { position })));
  const [full, folded] = await asOf(moment);
  const [statsFull, statsFolded] = await pastStatistics(moment);
  if (JSON.stringify(folded.counts) !== expected) throw new Error(`as of ${moment} from the first event: ${JSON.stringify(folded.counts)}`);
  // The kept moment forgotten, so the same moment is made again from a snapshot.
  await sql`DELETE FROM past_item_states WHERE project_id = ${p.projectId}::uuid`.execute(bench.db);
  await sql`DELETE FROM past_item_cuts WHERE project_id = ${p.projectId}::uuid`.execute(bench.db);
  await sql`DELETE FROM past_statistics_pages WHERE project_id = ${p.projectId}::uuid`.execute(bench.db);
  const every = Number(process.env.PAST_BENCH_SNAPSHOT_EVERY ?? snapshotEvery);
  const [snapshotting] = await ms(() => catchUp(bench.db, pastItemSnapshotProjection(every)));
  // The event before the last snapshot up to the moment: every event since the one before it is applied; and the
  // event halfway between the two.
  const { rows: before } = await sql<{ position: string }>`
    SELECT global_position::text AS position FROM past_statistics_snapshots
    WHERE project_id = ${p.projectId}::uuid AND global_position <= ${moment}::bigint ORDER BY global_position DESC LIMIT 1`.execute(bench.db);
  const farthest = (BigInt(before[0].position) - 1n).toString();
  const halfway = (BigInt(before[0].position) - BigInt(every / 2)).toString();
  const halfInterval = (every / 2).toLocaleString('en-US');
  const { rows: taken } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM past_item_snapshots WHERE project_id = ${p.projectId}::uuid`.execute(bench.db);

  // What the snapshots keep, beside what they kept when each copied all the project's rows.
  const { rows: kept } = await sql<{ items: number; statistics: number; full: number }>`
    SELECT (SELECT count(*)::int FROM past_item_snapshot_rows WHERE project_id = ${p.projectId}::uuid) AS items,
           (SELECT count(*)::int FROM past_insights_items WHERE project_id = ${p.projectId}::uuid) AS statistics,
           (SELECT count(*)::int FROM past_item_snapshots WHERE project_id = ${p.projectId}::uuid AND full_at = global_position) AS full`.execute(bench.db);
  log(
    `  the snapshots keep ${kept[0].items.toLocaleString('en-US')} item rows and ${kept[0].statistics.toLocaleString('en-US')} statistics item rows (${kept[0].full} of ${taken[0].n} full); ` +
      `each a full copy: ${(taken[0].n * items).toLocaleString('en-US')} of each`,
  );
  const [old] = await asOf((BigInt(moment) - 240_000n).toString());
  const [first, past] = await asOf(moment);
  if (JSON.stringify(past.counts) !== expected) throw new Error(`as of ${moment} from a snapshot: ${JSON.stringify(past.counts)}`);
  const [again] = await asOf(moment);
  const [between, midway] = await asOf(halfway);
  if (midway.items !== items) throw new Error(`${halfInterval} events past a snapshot: ${midway.items} items`);
  const [now, present] = await asOf();
  if (present.counts.find((c) => c.status === 'finished')?.count !== half) throw new Error(`now: ${JSON.stringify(present.counts)}`);
  const itemRepository = new ItemsRepository(bench.db);
  const [live] = await ms(() => itemRepository.counts(p.projectId));
  // The statistics screen as of the same moment, beside the live screen read from the caught-up projection.
  const [counting] = await ms(() => catchUp(bench.db, statisticsProjection));
  const [statsFirst, statsPast] = await pastStatistics(moment);
  if (JSON.stringify(statsPast) !== JSON.stringify(statsFolded)) throw new Error(`the statistics as of ${moment} from a snapshot differ from those from the first event`);
  const [statsAgain] = await pastStatistics(moment);
  const [statsBetween] = await pastStatistics(halfway);
  const [statsFarthest] = await pastStatistics(farthest);
  const [statsLive, liveView] = await ms(() => new GetProjectStatisticsHandler(new StatisticsRepository(bench.db)).execute(new GetProjectStatisticsQuery(p.projectId, 'project', { all: true }, statsPast.range)));
  const [, statsNow] = await pastStatistics((await new PastCutsRepository(bench.db).lastPosition()).toString());
  if (JSON.stringify(statsNow) !== JSON.stringify(liveView)) throw new Error('the statistics as of the last event differ from the live ones');
  log(
    `  statistics: the live projection caught up in ${Math.round(counting)} ms; as of event ${moment} from the first event ${Math.round(statsFull)} ms; from a snapshot ${Math.round(statsFirst)} ms, again ${Math.round(statsAgain)} ms, ` +
      `${halfInterval} events past a snapshot ${Math.round(statsBetween)} ms, ${(every - 1).toLocaleString('en-US')} past one (event ${farthest}) ${Math.round(statsFarthest)} ms; live ${statsLive.toFixed(1)} ms`,
  );
  log(`  the snapshot projection caught up in ${Math.round(snapshotting)} ms, ${taken[0].n} snapshots of the project, one every ${every.toLocaleString('en-US')} of its events`);
  log(
    `  as of event ${moment}: from the first event ${Math.round(full)} ms; from a snapshot ${Math.round(first)} ms, again ${Math.round(again)} ms; ` +
      `${halfInterval} events past a snapshot ${Math.round(between)} ms; an old moment (event ${BigInt(moment) - 240_000n}) ${Math.round(old)} ms; now ${Math.round(now)} ms; live counts ${live.toFixed(1)} ms`,
  );
  return [
    { name: `${items.toLocaleString('en-US')} items as of a moment, reads/min`, ours: 60_000 / first, baselineName: 'live counts read', baseline: 60_000 / live, absolute: 60_000 / 10_000 },
    { name: `as of a moment from a snapshot, reads/min`, ours: 60_000 / first, baselineName: 'from the first event', baseline: 60_000 / full },
    { name: `statistics as of a moment, reads/min`, ours: 60_000 / statsFirst, baselineName: 'live statistics read', baseline: 60_000 / statsLive, absolute: 60_000 / 10_000 },
    { name: `statistics as of a moment from a snapshot, reads/min`, ours: 60_000 / statsFirst, baselineName: 'from the first event', baseline: 60_000 / statsFull },
    { name: `statistics the most events past a snapshot, reads/min`, ours: 60_000 / statsFarthest, baselineName: 'live statistics read', baseline: 60_000 / statsLive, absolute: 60_000 / 10_000 },
    { name: `${halfInterval} events past a snapshot, reads/min`, ours: 60_000 / between, baselineName: 'live counts read', baseline: 60_000 / live, absolute: 60_000 / 10_000 },
  ];
}
