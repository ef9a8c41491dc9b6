// After rework the PM starts the next round: the task's scope is drawn again, by its rule and a new seed, once every
// returned item has finished again.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CommandContext, CommandPipeline, NotFoundError } from '@annot/core';
import { startSamplingRound, itemActor } from '@annot/workflows';
import { SamplingRepository } from '../sampling.repository';
import { SamplingWork, taskVersion } from '../sampling-work.service';
import { drawSeed } from './create-sampling-task.handler';

export class StartSamplingRoundCommand {
  constructor(
    readonly taskId: string,
    readonly context: CommandContext,
    readonly expectedVersion?: bigint,
  ) {}
}

@CommandHandler(StartSamplingRoundCommand)
export class StartSamplingRoundHandler implements ICommandHandler<StartSamplingRoundCommand, { version: string; round: number }> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly sampling: SamplingRepository,
    private readonly work: SamplingWork,
  ) {}

  async execute({ taskId, context, expectedVersion }: StartSamplingRoundCommand): Promise<{ version: string; round: number }> {
    const task = await this.sampling.ref(taskId);
    if (!task) throw new NotFoundError('things.sampling', taskId);
    const who = itemActor(context.actor.id, context.actor.role);
    const { value, results } = await this.pipeline.transact(context, async (unit) => {
      await this.sampling.lockProject(unit.db, task.projectId);
      return this.work.decide(
        unit,
        taskId,
        who,
        async (state) => {
          // Drawn again from the scope as it is now: the reworked items are back among the finished ones.
          const items = state.scope ? await this.sampling.scopeItems(unit.db, task.projectId, state.scope, task.sequence) : [];
          return startSamplingRound(state, who, { items, seed: drawSeed(), now: new Date() });
        },
        expectedVersion,
      );
    });
    return { version: taskVersion(results, taskId, value?.version), round: value?.state.round ?? (await this.sampling.progress(taskId)).round };
  }
}
