// A project of 100,000 items (PAST_BENCH_ITEMS sets another size) listed as of a moment by the past list's own
// handler, beside the live list's page of the same project read from the items table, in one run. The snapshot
// projection has caught up with the log first, as a worker keeps it: the first page copies the nearest snapshot's
// rows, folds the items touched since, and keeps the result; the next pages and another filter read what it kept.
// The moment is the middle of the log: every item submitted, none inspected. Target: the first page within 10
// seconds, the next ones at the live list's speed.
import { catchUp, pastItemSnapshots } from '@annot/core';
import { GetPastItemsHandler, GetPastItemsQuery } from '@annot/api/dist/past/queries/get-past-items.handler';
import { PastCutsRepository } from '@annot/api/dist/past/past-cuts.repository';
import { PastProjectFolds } from '@annot/api/dist/past/past-project-folds.service';
import type { ProjectAccess } from '@annot/api/dist/projects/project-access.service';
import { ItemsRepository } from '@annot/api/dist/items/items.repository';
import type { BenchDatabase } from './support/bench-database';
import type { Figure } from './support/figures';
import { ms, writePastProject } from './support/past-project-log';

export async function pastListBench(bench: BenchDatabase, log: (line: string) => void): Promise<Figure[]> {
  const { p, moment, items } = await writePastProject(bench, log);
  const everyone = { mayView: async () => true } as unknown as ProjectAccess;
  const cuts = new PastCutsRepository(bench.db);
  const handler = new GetPastItemsHandler(everyone, new PastProjectFolds(cuts), cuts);
  const actor = { id: 'bench', role: '01' };
  const [snapshotting] = await ms(() => catchUp(bench.db, pastItemSnapshots));
  log(`  the snapshot projection caught up in ${Math.round(snapshotting)} ms`);
  const page = (query: { cursor?: string; linkId?: string; status?: 'pooled' | 'finished' }) =>
    ms(() => handler.execute(new GetPastItemsQuery(actor, p.projectId, { position: moment, limit: 50, ...query })));
  const [first, firstPage] = await page({});
  if (firstPage.items.length !== 50 || !firstPage.nextCursor) throw new Error(`first page: ${firstPage.items.length} items`);
  const [next, nextPage] = await page({ cursor: firstPage.nextCursor });
  if (nextPage.items[0].itemId <= firstPage.items[49].itemId) throw new Error('the next page does not follow the first');
  const [filtered, pooled] = await page({ linkId: p.inspection, status: 'pooled' });
  if (pooled.items.length !== 50 || pooled.items.some((i) => i.status !== 'pooled')) throw new Error('the filter let other items through');
  const [none, finished] = await page({ status: 'finished' });
  if (finished.items.length !== 0) throw new Error(`as of ${moment} ${finished.items.length} items had finished`);
  const itemRepository = new ItemsRepository(bench.db);
  const [live] = await ms(() => itemRepository.list({ projectId: p.projectId, limit: 50 }));
  const [liveNext] = await ms(() => itemRepository.list({ projectId: p.projectId, linkId: p.inspection, limit: 50 }));
  log(
    `  as of event ${moment}: first page ${Math.round(first)} ms, next page ${next.toFixed(1)} ms, by link and status ${filtered.toFixed(1)} ms, an empty status ${none.toFixed(1)} ms; live pages ${live.toFixed(1)} and ${liveNext.toFixed(1)} ms`,
  );
  return [
    { name: `${items.toLocaleString('en-US')} items listed as of a moment, first pages/min`, ours: 60_000 / first, baselineName: 'live list page', baseline: 60_000 / live, absolute: 60_000 / 10_000 },
    { name: `the next page as of the same moment, pages/min`, ours: 60_000 / next, baselineName: 'live list page', baseline: 60_000 / liveNext },
  ];
}
