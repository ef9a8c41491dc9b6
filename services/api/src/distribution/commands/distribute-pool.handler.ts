// Shares a link's pool: the PM among the teams on the link, a supplier its team's share among its groups. The rules
// say how many items each share gains or gives back; the items themselves are locked here, in claim order, and named
// in the project's events, so the pool and a replay of it hand out the same ones.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, type CommandContext, CommandPipeline, NotFoundError, projectLifecycle, type UnitOfWork } from '@annot/core';
import {
  distributeLinkPool,
  type LinkDistributionInput,
  type PoolCounts,
  type ProjectEvent,
  projectStreamId,
  type Refusal,
  runsOf,
  type ShareChange,
  splitTeamShare,
  type TeamSplitInput,
} from '@annot/workflows';
import { DistributionRepository, type LockedItem, type ShareKey } from '../distribution.repository';

export type DistributionRequest = { kind: 'link'; input: LinkDistributionInput } | { kind: 'team'; teamId: string; input: TeamSplitInput };

export class DistributePoolCommand {
  constructor(
    readonly linkId: string,
    readonly request: DistributionRequest,
    readonly context: CommandContext,
    readonly expectedVersion?: bigint,
  ) {}
}

type Sharable = { teamId: string | null; groupId: string | null; count: number }[];

/** The pool as the rules count it: the link's by team, or one team's by group. */
function poolOf(rows: Sharable, request: DistributionRequest): PoolCounts {
  const mine = request.kind === 'link' ? rows : rows.filter((r) => r.teamId === request.teamId);
  const holderOf = (r: Sharable[number]) => (request.kind === 'link' ? r.teamId : r.groupId);
  const pool: PoolCounts = { open: 0, shares: {} };
  for (const row of mine) {
    const holder = holderOf(row);
    if (holder === null) pool.open += row.count;
    else pool.shares[holder] = (pool.shares[holder] ?? 0) + row.count;
  }
  return pool;
}

function refusalError({ messageKey, params }: Refusal): AppError {
  if (messageKey === 'distribution.link_unknown') return new NotFoundError('things.link', String(params.id));
  return new AppError(409, 'DISTRIBUTION_REFUSED', messageKey, params);
}

@CommandHandler(DistributePoolCommand)
export class DistributePoolHandler implements ICommandHandler<DistributePoolCommand, { version: string }> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly shares: DistributionRepository,
  ) {}

  async execute({ linkId, request, context, expectedVersion }: DistributePoolCommand): Promise<{ version: string }> {
    const link = await this.shares.link(linkId);
    if (!link) throw new NotFoundError('things.link', linkId);
    const streamId = projectStreamId(link.projectId);
    const { value, results } = await this.pipeline.transact(context, async (unit) => {
      const { state } = await unit.load(projectLifecycle, streamId);
      const pool = poolOf(await this.shares.sharable(unit.db, linkId), request);
      const decision = request.kind === 'link' ? distributeLinkPool(state, linkId, request.input, pool) : splitTeamShare(state, linkId, request.teamId, request.input, pool);
      if ('refusal' in decision) throw refusalError(decision.refusal);
      const events = await this.moves(unit, linkId, request, decision.changes, pool, { projectId: link.projectId, title: state.basics?.title ?? '' });
      return unit.decide(projectLifecycle, streamId, { event: { type: 'project.distribute' }, expectedVersion, decide: () => events });
    });
    return { version: (results[0]?.version ?? value?.version ?? 0n).toString() };
  }

  /**
   * Shares that shrink give back their last items first; then the shares that grow take the first items of the open
   * pool (or of the team's own part), where what was just given back may be handed out again.
   */
  private async moves(unit: UnitOfWork, linkId: string, request: DistributionRequest, changes: ShareChange[], pool: PoolCounts, ref: { projectId: string; title: string }): Promise<ProjectEvent[]> {
    const shareOf = (holderId: string): ShareKey => (request.kind === 'link' ? { teamId: holderId } : { teamId: request.teamId, groupId: holderId });
    const source: ShareKey = request.kind === 'link' ? { teamId: null, groupId: null } : { teamId: request.teamId, groupId: null };
    const event = (change: ShareChange, given: LockedItem[], taken: LockedItem[]): ProjectEvent => {
      const moved = { ...ref, linkId, count: (pool.shares[change.holderId] ?? 0) + given.length - taken.length, given: runsOf(given), taken: runsOf(taken) };
      return request.kind === 'link'
        ? { type: 'LinkPoolDistributed', data: { ...moved, teamId: change.holderId } }
        : { type: 'TeamPoolDistributed', data: { ...moved, teamId: request.teamId, groupId: change.holderId } };
    };
    const events: ProjectEvent[] = [];
    const givenBack: string[] = [];
    for (const change of changes.filter((c) => c.take > 0)) {
      const taken = await this.shares.lockShare(unit.db, linkId, shareOf(change.holderId), change.take, 'last');
      givenBack.push(...taken.map((i) => i.itemId));
      events.push(event(change, [], taken));
    }
    const growing = changes.filter((c) => c.give > 0);
    const handed = await this.shares.lockShare(unit.db, linkId, source, growing.reduce((n, c) => n + c.give, 0), 'first', givenBack);
    let next = 0;
    for (const change of growing) {
      events.push(event(change, handed.slice(next, next + change.give), []));
      next += change.give;
    }
    return events;
  }
}
