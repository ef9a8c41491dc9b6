// A project between two moments: both ends folded by the live code and kept as a past list is, the items whose place
// or result differs between the two found from them, and each item on the page summarised from its own stream.
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type Actor, AppError, type FieldError, NotFoundError } from '@annot/core';
import { diffMoments, diffQuery, itemChangeSummary, type Moment, type ProjectDiffPage, type ProjectDiffQuery } from '@annot/workflows';
import { fieldErrorsOf } from '../../http/validation.pipe';
import { ProjectAccess } from '../../projects/project-access.service';
import { PastItemAccess } from '../past-item-access.service';
import { type FixedMoment, PastProjectFolds } from '../past-project-folds.service';
import { PastItemsRepository } from '../past-items.repository';
import { ProjectDiffRepository } from '../project-diff.repository';

export class GetProjectDiffQuery {
  constructor(
    readonly actor: Actor,
    readonly projectId: string,
    readonly query: ProjectDiffQuery,
  ) {}
}

@QueryHandler(GetProjectDiffQuery)
export class GetProjectDiffHandler implements IQueryHandler<GetProjectDiffQuery, ProjectDiffPage> {
  constructor(
    private readonly projects: ProjectAccess,
    private readonly folds: PastProjectFolds,
    private readonly diffs: ProjectDiffRepository,
    private readonly items: PastItemAccess,
    private readonly pastItems: PastItemsRepository,
  ) {}

  async execute({ actor, projectId, query }: GetProjectDiffQuery): Promise<ProjectDiffPage> {
    if (!(await this.projects.mayView(actor, projectId))) throw new NotFoundError('things.project', projectId);
    const ends = await this.ends(query);
    const places = await Promise.all(ends.map((end) => this.diffs.place(end.moment.kind === 'position' ? { position: end.moment.position } : { at: end.moment.at })));
    const [earlier, later] = places[0].position <= places[1].position ? [0, 1] : [1, 0];
    for (const end of ends) await this.folds.fold(projectId, end);
    const { rows, totals } = await this.diffs.changed(
      projectId,
      { earlier: ends[earlier].cut, later: ends[later].cut },
      { earlier: places[earlier], later: places[later] },
      { linkId: query.linkId, personId: query.personId, batchId: query.batchId, afterAcceptance: query.afterAcceptance },
      { cursor: query.cursor, limit: query.limit },
    );
    const shown = rows.slice(0, query.limit);
    const [from, to] = [ends[earlier], ends[later]].map((end) => end.moment as Moment);
    const summaries = await Promise.all(
      shown.map(async (row) => {
        const { history, events } = await this.items.history(actor, row.itemId);
        const actors = new Map(events.map((e) => [e.position, e.actorId]));
        return { row, summary: itemChangeSummary(history, from, to, (position) => actors.get(position) ?? null) };
      }),
    );
    const accepted = await this.diffs.passedVersions(shown.map((r) => r.itemId), places[later].at);
    const names = await this.pastItems.names([...new Set(summaries.flatMap(({ summary }) => summary?.changes.map((c) => c.actorId) ?? []).filter((id): id is string => id !== null))]);
    return {
      projectId,
      from: token(ends[earlier]),
      to: token(ends[later]),
      totals,
      rows: summaries.flatMap(({ row, summary }) =>
        summary
          ? [
              {
                ...row,
                ...summary,
                changes: summary.changes.map((c) => ({ ...c, actorName: c.actorId ? (names.get(c.actorId) ?? null) : null })),
                changedAfterAcceptance: (accepted.get(row.itemId) ?? Infinity) < summary.to.resultVersion,
              },
            ]
          : [],
      ),
      nextCursor: rows.length > query.limit ? shown[shown.length - 1].itemId : null,
    };
  }

  /** Both ends fixed as a past list fixes its moment; a project has no result version, so neither end may name one. */
  private async ends(query: ProjectDiffQuery): Promise<[FixedMoment, FixedMoment]> {
    const parsed = diffQuery.safeParse({ from: query.from, to: query.to });
    if (!parsed.success) throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, fieldErrorsOf(parsed.error));
    const versioned: FieldError[] = (['from', 'to'] as const).flatMap((field) => (parsed.data[field].version === undefined ? [] : [{ field, messageKey: 'past.project_moment' }]));
    if (versioned.length > 0) throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, versioned);
    const { from, to } = diffMoments(parsed.data);
    return Promise.all([from, to].map((moment) => this.folds.fix(rawOf(moment)))) as Promise<[FixedMoment, FixedMoment]>;
  }
}

const rawOf = (moment: Moment) => (moment.kind === 'position' ? { position: moment.position.toString() } : moment.kind === 'time' ? { at: moment.at } : {});

/** The end as read, in the word a later page asks for it with. */
const token = (end: FixedMoment): string => (end.moment.kind === 'position' ? `position:${end.moment.position}` : `at:${end.moment.at}`);
