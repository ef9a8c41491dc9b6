// The PM makes a project's acceptance batches: the finished items of the chosen data batches that passed the earlier
// gates, split by number of batches or by single batch amount, each batch its own stream and numbered in its project,
// for the client acceptors chosen; all of them in one transaction, or none.
import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { acceptanceLifecycle, answerRefusal, AppError, CommandPipeline, type CommandContext, ItemWork, NotFoundError } from '@annot/core';
import {
  type AcceptanceCreated,
  acceptanceStreamId,
  createAcceptanceBatch,
  type CreateAcceptanceBody,
  planAcceptanceBatches,
  startAcceptanceState,
  itemActor,
} from '@annot/workflows';
import { acceptanceRefusals } from '../acceptance-refusal';
import { AcceptanceRepository } from '../acceptance.repository';

export class CreateAcceptanceBatchesCommand {
  constructor(
    readonly projectId: string,
    readonly body: CreateAcceptanceBody,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(CreateAcceptanceBatchesCommand)
export class CreateAcceptanceBatchesHandler implements ICommandHandler<CreateAcceptanceBatchesCommand, AcceptanceCreated> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly batches: AcceptanceRepository,
    private readonly work: ItemWork,
  ) {}

  async execute({ projectId, body, context }: CreateAcceptanceBatchesCommand): Promise<AcceptanceCreated> {
    const acceptorIds = [...new Set(body.acceptorIds)];
    const active = new Set(await this.batches.activeAcceptors(acceptorIds));
    const unknown = acceptorIds.findIndex((id) => !active.has(id));
    if (unknown >= 0) {
      const fields = [{ field: `acceptorIds.${unknown}`, messageKey: 'quality.acceptance_acceptor_unknown' }];
      throw new AppError(400, 'VALIDATION_FAILED', 'quality.acceptance_acceptor_unknown', {}, fields);
    }
    const dataBatchIds = [...new Set(body.dataBatchIds)];
    const found = new Set(await this.batches.dataBatchesOf(projectId, dataBatchIds));
    const missing = dataBatchIds.find((id) => !found.has(id));
    if (missing) throw new NotFoundError('things.batch', missing);

    const who = itemActor(context.actor.id, context.actor.role);
    const created: AcceptanceCreated['created'] = [];
    const { value } = await this.pipeline.transact(context, async (unit) => {
      const { project } = await this.work.plan(unit, projectId);
      await this.batches.lockProject(unit.db, projectId);
      const candidates = await this.batches.candidates(unit.db, projectId, dataBatchIds);
      const planned = planAcceptanceBatches(candidates, body.split, { reacceptPassed: project.basics?.permissions.reacceptPassed ?? false });
      if ('refusal' in planned) throw answerRefusal(planned.refusal, acceptanceRefusals);
      const first = await this.batches.nextSequence(unit.db, projectId);
      const streams = planned.plan.batches.map((items, i) => ({ batchId: randomUUID(), sequence: first + i, items }));
      // New streams: nothing to read, each starts as a batch not yet made.
      await unit.preload(acceptanceLifecycle, streams.map((s) => ({ streamId: acceptanceStreamId(s.batchId), initial: startAcceptanceState({ batchId: s.batchId, projectId }), empty: true })));
      const now = new Date();
      for (const { batchId, sequence, items } of streams) {
        await unit.decide(acceptanceLifecycle, acceptanceStreamId(batchId), {
          decide: (state) => {
            const decision = createAcceptanceBatch(state, who, { sequence, items, acceptorIds, now });
            if ('refusal' in decision) throw answerRefusal(decision.refusal, acceptanceRefusals);
            return decision.events;
          },
        });
        created.push({ batchId, sequence, itemCount: items.length });
      }
      return planned.plan.leftOut.length;
    });
    // A repeated request (same idempotency key) made its batches the first time and answers with none.
    return { created, leftOut: value ?? 0 };
  }
}
