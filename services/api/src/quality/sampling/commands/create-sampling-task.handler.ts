// The PM makes a sampling task over a batch, or over what a link finished since its previous task: the server draws
// the first round's sample from the finished items in scope with a random seed it stores in the event.
import { randomBytes, randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { answerRefusal, type CommandContext, CommandPipeline, NotFoundError, projectLifecycle, samplingLifecycle, type UnitOfWork } from '@annot/core';
import {
  createSamplingTask,
  type CreateSamplingTaskInput,
  type ProjectState,
  projectStreamId,
  samplingPassThresholdOf,
  type SamplingScope,
  type SamplingScopeInput,
  samplingStreamId,
  startSamplingState,
  itemActor,
} from '@annot/workflows';
import { samplingRefusals } from '../sampling-refusal';
import { SamplingRepository } from '../sampling.repository';

export class CreateSamplingTaskCommand {
  constructor(
    readonly projectId: string,
    readonly input: CreateSamplingTaskInput,
    readonly context: CommandContext,
  ) {}
}

/** A 32-bit seed from the system's random source: nobody picks the sample, and the event keeps the seed to check it. */
export const drawSeed = (): number => randomBytes(4).readUInt32BE(0);

@CommandHandler(CreateSamplingTaskCommand)
export class CreateSamplingTaskHandler implements ICommandHandler<CreateSamplingTaskCommand, { taskId: string; version: string }> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly sampling: SamplingRepository,
  ) {}

  async execute({ projectId, input, context }: CreateSamplingTaskCommand): Promise<{ taskId: string; version: string }> {
    const taskId = randomUUID();
    const { results } = await this.pipeline.transact(context, async (unit) => {
      await this.sampling.lockProject(unit.db, projectId);
      const { state: project } = await unit.load(projectLifecycle, projectStreamId(projectId));
      if (project.status === 'none') throw new NotFoundError('things.project', projectId);
      const scope = await this.scopeOf(unit, project, input.scope);
      const items = await this.sampling.scopeItems(unit.db, projectId, scope, null);
      const initial = startSamplingState({ taskId, projectId });
      const decision = createSamplingTask(initial, itemActor(context.actor.id, context.actor.role), {
        scope,
        items,
        rule: input.rule,
        seed: drawSeed(),
        passThreshold: samplingPassThresholdOf(project.basics),
        now: new Date(),
      });
      if ('refusal' in decision) throw answerRefusal(decision.refusal, samplingRefusals);
      return unit.decide(samplingLifecycle, samplingStreamId(taskId), { initial, decide: () => decision.events });
    });
    // A repeated command answers the task its first run made.
    const [made] = results;
    return { taskId: made.streamId.slice('sampling-'.length), version: made.version.toString() };
  }

  /** The scope in the project: a batch of it, or a link's window from the end of its previous task's to now. */
  private async scopeOf(unit: UnitOfWork, project: ProjectState, scope: SamplingScopeInput): Promise<SamplingScope> {
    const projectId = project.projectId!;
    if (scope.kind === 'batch') {
      if (!(await this.sampling.batchInProject(unit.db, projectId, scope.batchId))) throw new NotFoundError('things.batch', scope.batchId);
      return scope;
    }
    if (!(project.links ?? []).some((l) => l.id === scope.linkId)) throw new NotFoundError('things.link', scope.linkId);
    const since = await this.sampling.previousUntil(unit.db, scope.linkId);
    return { kind: 'link', linkId: scope.linkId, since, until: await this.sampling.windowEnd(unit.db, since) };
  }
}
