// The PM decides on a task held after its last failed round: accept the scope as it is, or return the failed items
// of that round for rework, in the same transaction as the decision.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CommandContext, CommandPipeline } from '@annot/core';
import { decideSamplingTask, type DecideSamplingInput, itemActor } from '@annot/workflows';
import { SamplingRepository } from '../sampling.repository';
import { SamplingWork, taskVersion } from '../sampling-work.service';

export class DecideSamplingTaskCommand {
  constructor(
    readonly taskId: string,
    readonly input: DecideSamplingInput,
    readonly context: CommandContext,
    readonly expectedVersion?: bigint,
  ) {}
}

@CommandHandler(DecideSamplingTaskCommand)
export class DecideSamplingTaskHandler implements ICommandHandler<DecideSamplingTaskCommand, { version: string; status: string }> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly sampling: SamplingRepository,
    private readonly work: SamplingWork,
  ) {}

  async execute({ taskId, input, context, expectedVersion }: DecideSamplingTaskCommand): Promise<{ version: string; status: string }> {
    const who = itemActor(context.actor.id, context.actor.role);
    const { value, results } = await this.pipeline.transact(context, async (unit) => {
      const decided = await this.work.decide(
        unit,
        taskId,
        who,
        (state) => decideSamplingTask(state, who, { decision: input.decision, now: new Date() }),
        expectedVersion,
      );
      await this.work.returnFailed(unit, decided.state, decided.events, context.actor);
      return decided;
    });
    return { version: taskVersion(results, taskId, value?.version), status: value?.state.status ?? (await this.sampling.progress(taskId)).status };
  }
}
