// A project of 100,000 items (PAST_BENCH_ITEMS sets another size) as of a moment, its items counted per link and
// status by the past read's own handler (each item registered by then folded from its own stream), beside the live
// counts the project's screen reads from the items table, in one run. The items are registered through the batches
// projection; their work (claimed, saved, submitted; half of them then claimed, passed and finished) is written into
// the log in bulk, six events an item at most, each saved result one box as the editor saves it. The moment is the
// middle of the log: every item submitted, none inspected. Target: the first read within 10 seconds.
//
// Measured 2026-11-29 on the shared two-core machine under other people's tests: 300,000 of the 450,000 events
// folded in 12.3 s the first time and 13.5 s again (the live counts read: 48 ms), so BELOW the target. The SQL
// (a hash join of the project's items with their events, sorted by position) takes about 3.5 s; carrying 300,000
// rows into node takes 7 to 11 s, the fold itself under 1 s. Reaching the target needs less to carry: periodic
// snapshots of each project's item states (an async projection keyed by project and position), the log replayed only
// from the nearest one; or the counts kept as of each position in a table of their own.
// Since the past list keeps each moment's fold (see past-list.bench.ts), the first read also writes the moment's
// 100,000 item rows (about 4 s on the loaded machine), and "again" reads the kept counts.
import { GetProjectAsOfHandler, GetProjectAsOfQuery } from '@annot/api/dist/past/queries/get-project-as-of.handler';
import { PastCutsRepository } from '@annot/api/dist/past/past-cuts.repository';
import { PastProjectFolds } from '@annot/api/dist/past/past-project-folds.service';
import { PastProjectsRepository } from '@annot/api/dist/past/past-projects.repository';
import type { ProjectAccess } from '@annot/api/dist/projects/project-access.service';
import { TasksRepository } from '@annot/api/dist/tasks/tasks.repository';
import type { BenchDatabase } from './support/bench-database';
import type { Figure } from './support/figures';
import { ms, writePastProject } from './support/past-project-log';

export async function pastProjectBench(bench: BenchDatabase, log: (line: string) => void): Promise<Figure[]> {
  const { p, moment, items, half } = await writePastProject(bench, log);
  const everyone = { mayView: async () => true } as unknown as ProjectAccess;
  const handler = new GetProjectAsOfHandler(everyone, new PastProjectFolds(new PastProjectsRepository(bench.db), new PastCutsRepository(bench.db)));
  const actor = { id: 'bench', role: '01' };
  const [first, past] = await ms(() => handler.execute(new GetProjectAsOfQuery(actor, p.projectId, { position: moment })));
  const expected = [{ linkId: p.inspection, status: 'pooled', count: items }];
  if (JSON.stringify(past.counts) !== JSON.stringify(expected)) throw new Error(`as of ${moment}: ${JSON.stringify(past.counts)}`);
  const [again] = await ms(() => handler.execute(new GetProjectAsOfQuery(actor, p.projectId, { position: moment })));
  const [now, present] = await ms(() => handler.execute(new GetProjectAsOfQuery(actor, p.projectId, {})));
  if (present.counts.find((c) => c.status === 'finished')?.count !== half) throw new Error(`now: ${JSON.stringify(present.counts)}`);
  const tasks = new TasksRepository(bench.db);
  const [live] = await ms(() => tasks.counts(p.projectId));
  log(`  as of event ${moment}: first ${Math.round(first)} ms, again ${Math.round(again)} ms; now ${Math.round(now)} ms; live counts ${live.toFixed(1)} ms`);
  return [
    { name: `${items.toLocaleString('en-US')} items as of a moment, reads/min`, ours: 60_000 / first, baselineName: 'live counts read', baseline: 60_000 / live, absolute: 60_000 / 10_000 },
  ];
}
