// Claims up to N items of a link's pool for the caller, in one transaction: pool rows locked with SKIP LOCKED, each
// item's claim decided by its machine and appended to its stream, with its auto-recycle timer when it has a deadline.
import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { actionDecider, type AppConfig, AppError, claimTimers, CommandPipeline, type CommandContext, CONFIG, ItemWork, NotFoundError, rowColumn, withClaimMinute } from '@annot/core';
import { itemsInHandLimit, type ProjectScope, worksOnLink } from '@annot/workflows';
import { RuleReadings } from '../rule-readings.service';
import { PoolRepository } from '../pool.repository';

export class ClaimItemsCommand {
  constructor(
    readonly linkId: string,
    readonly count: number,
    readonly scope: ProjectScope,
    readonly context: CommandContext,
    readonly rework = false,
  ) {}
}

/** Locked beyond the count asked for in an inspection link, so items this person annotated do not make the claim short. */
const lockMargin = 10;

/** Links whose project a process remembers; beyond them it starts over, at the cost of one fuller read each. */
const linksRemembered = 10_000;

@CommandHandler(ClaimItemsCommand)
export class ClaimItemsHandler implements ICommandHandler<ClaimItemsCommand, string[]> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly pool: PoolRepository,
    private readonly work: ItemWork,
    private readonly readings: RuleReadings,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The project of each link claimed from, so the claim's read folds the project on from its snapshot. A link never
   * changes project, and the read checks the stream it names all the same: this serves no state, only a guess.
   */
  private readonly projectOfLink = new Map<string, string>();

  private remember(linkId: string, projectId: string): void {
    if (this.projectOfLink.size >= linksRemembered) this.projectOfLink.clear();
    this.projectOfLink.set(linkId, projectId);
  }

  async execute({ linkId, count, scope, context, rework }: ClaimItemsCommand): Promise<string[]> {
    const actor = context.actor;
    const { value, duplicate } = await this.pipeline.transact(context, async (unit) => {
      // The link, its project's stream and the claimer's reading of its rule, in one round trip.
      const projectColumn = rowColumn('projectId');
      const row = await unit.readWith(this.pool.claimantRow(linkId, actor.id), [
        this.work.planStream(projectColumn, this.projectOfLink.get(linkId)),
        this.readings.stream(projectColumn, actor.id),
      ]);
      if (!row) throw new NotFoundError('things.link', linkId);
      const claimant = this.pool.claimantOf(row);
      this.remember(linkId, claimant.projectId);
      const { project, plan } = await this.work.plan(unit, claimant.projectId);
      if (project.status !== 'in_progress' && project.status !== 'reopened') throw new AppError(409, 'ITEM_REFUSED', 'items.project_not_running');
      const people = project.links?.find((l) => l.id === linkId);
      if (!people || !worksOnLink(scope, { ...people.members, groups: people.groups })) throw new AppError(403, 'FORBIDDEN', 'items.not_on_link');
      await this.readings.assertRead(unit, claimant.projectId, project.rules, actor.id);
      const room = itemsInHandLimit - claimant.inHand;
      if (room <= 0) throw new AppError(409, 'ITEM_REFUSED', 'items.too_many_in_hand', { limit: itemsInHandLimit });
      const wanted = Math.min(count, room);
      const claimed: string[] = [];
      const locked = await this.pool.lockPool(unit.db, linkId, claimant, actor.id, wanted + (claimant.linkType === 'inspection' ? lockMargin : 0), rework);
      await this.work.preload(unit, locked);
      const claimPlan = withClaimMinute(plan, this.config.claimMinuteMs);
      for (const item of locked) {
        if (claimed.length === wanted) break;
        const taken = await this.work
          .run(unit, item, claimPlan, actor, { ...actionDecider({ name: 'claim', body: { claimId: randomUUID() } }, null), outbox: claimTimers })
          .then(
            () => true,
            (error: unknown) => {
              // An inspector skips what it annotated itself; anything else refuses the whole claim.
              if (error instanceof AppError && error.messageKey === 'items.inspector_annotated') return false;
              throw error;
            },
          );
        if (taken) claimed.push(item.itemId);
      }
      return claimed;
    });
    return duplicate ? [] : (value ?? []);
  }
}
