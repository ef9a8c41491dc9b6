// An inspector's step on a sample item they hold: give it back (or a manager takes it back), or judge it. The last
// verdict of a round closes it; a round below the project's threshold sends its failed items back for rework in the
// same transaction.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CommandContext, CommandPipeline } from '@annot/core';
import { type JudgeSampleInput, judgeSampleItem, releaseSampleItem, type SamplingDecision, type SamplingState, type ItemActor, itemActor } from '@annot/workflows';
import { SamplingRepository } from '../sampling.repository';
import { retryingConflicts, SamplingWork, taskVersion } from '../sampling-work.service';

export type SampleItemAction = { kind: 'release' } | ({ kind: 'judge' } & JudgeSampleInput);

export class ActOnSampleItemCommand {
  constructor(
    readonly taskId: string,
    readonly itemId: string,
    readonly action: SampleItemAction,
    readonly context: CommandContext,
    readonly expectedVersion?: bigint,
  ) {}
}

type Answer = { version: string; status: string; round: number };

/** The decider of each step. */
function stepOf(action: SampleItemAction, itemId: string, who: ItemActor): { decide: (state: SamplingState) => SamplingDecision } {
  if (action.kind === 'release') return { decide: (s) => releaseSampleItem(s, who, { itemId }) };
  const now = new Date();
  return { decide: (s) => judgeSampleItem(s, who, { itemId, verdict: action.verdict, marks: action.marks, now }) };
}

@CommandHandler(ActOnSampleItemCommand)
export class ActOnSampleItemHandler implements ICommandHandler<ActOnSampleItemCommand, Answer> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly sampling: SamplingRepository,
    private readonly work: SamplingWork,
  ) {}

  execute({ taskId, itemId, action, context, expectedVersion }: ActOnSampleItemCommand): Promise<Answer> {
    const who = itemActor(context.actor.id, context.actor.role);
    const step = stepOf(action, itemId, who);
    return retryingConflicts(expectedVersion, async () => {
      const { value, results } = await this.pipeline.transact(context, async (unit) => {
        const decided = await this.work.decide(unit, taskId, who, step.decide, expectedVersion);
        await this.work.returnFailed(unit, decided.state, decided.events, context.actor);
        return decided;
      });
      const now = value?.state ?? (await this.sampling.progress(taskId));
      return { version: taskVersion(results, taskId, value?.version), status: now.status, round: now.round };
    });
  }
}
