// A project's statistics page as of a moment, made once from the nearest snapshot by the live projection and queries,
// and kept under the moment's key and the range asked, so the same page reads again at normal speed; a page is kept
// a day, and a project's last few dozen at most.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db, type LogCut, withPastStatistics } from '@annot/core';
import type { ProjectStatisticsView, StatisticsRange } from '@annot/workflows';
import { GetProjectStatisticsHandler, GetProjectStatisticsQuery } from '../insights/queries/get-project-statistics.handler';
import { StatisticsRepository } from '../insights/statistics.repository';

/** The pages a project's past statistics are kept for at once, the one being made included. */
const keptPerProject = 32;

@Injectable()
export class PastStatisticsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /** The page as of the cut kept under `cut`: read if kept, else made in temporary tables of one transaction and kept. */
  async page(projectId: string, cut: string, logCut: LogCut, range: StatisticsRange): Promise<ProjectStatisticsView> {
    const asked = JSON.stringify(range);
    const kept = await this.db.selectFrom('past_statistics_pages').select('page').where('project_id', '=', projectId).where('cut', '=', cut).where('range', '=', asked).executeTakeFirst();
    if (kept) return kept.page as unknown as ProjectStatisticsView;
    const page = await this.db.transaction().execute((trx) =>
      withPastStatistics(trx, projectId, logCut, () =>
        new GetProjectStatisticsHandler(new StatisticsRepository(trx)).execute(new GetProjectStatisticsQuery(projectId, 'project', { all: true }, range)),
      ),
    );
    await sql`
      DELETE FROM past_statistics_pages p
      WHERE p.built_at < now() - interval '1 day'
         OR (p.project_id = ${projectId}::uuid AND (p.cut, p.range) NOT IN (
              SELECT k.cut, k.range FROM past_statistics_pages k WHERE k.project_id = ${projectId}::uuid ORDER BY k.built_at DESC LIMIT ${keptPerProject - 1}))`.execute(this.db);
    await this.db
      .insertInto('past_statistics_pages')
      .values({ project_id: projectId, cut, range: asked, page: JSON.stringify(page) })
      .onConflict((oc) => oc.columns(['project_id', 'cut', 'range']).doNothing())
      .execute();
    return page;
  }
}
