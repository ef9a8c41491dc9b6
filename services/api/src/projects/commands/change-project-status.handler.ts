// Publish, pause, resume, finish, close and reopen: the project machine decides, publish also wants every step.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, type AppendResult, CommandPipeline, type CommandContext, JobName, projectLifecycle } from '@annot/core';
import { missingSteps, type ProjectEvent, projectStreamId } from '@annot/workflows';

export const projectVerbs = {
  publish: ['project.publish', 'ProjectPublished'],
  pause: ['project.pause', 'ProjectPaused'],
  resume: ['project.resume', 'ProjectResumed'],
  finish: ['project.finish', 'ProjectFinished'],
  close: ['project.close', 'ProjectClosed'],
  reopen: ['project.reopen', 'ProjectReopened'],
} as const;
export type ProjectVerb = keyof typeof projectVerbs;

export class ChangeProjectStatusCommand {
  constructor(
    readonly projectId: string,
    readonly verb: ProjectVerb,
    readonly context: CommandContext,
    readonly expectedVersion?: bigint,
  ) {}
}

@CommandHandler(ChangeProjectStatusCommand)
export class ChangeProjectStatusHandler implements ICommandHandler<ChangeProjectStatusCommand, AppendResult> {
  constructor(private readonly pipeline: CommandPipeline) {}

  async execute({ projectId, verb, context, expectedVersion }: ChangeProjectStatusCommand): Promise<AppendResult> {
    const [machineEvent, type] = projectVerbs[verb];
    if (verb === 'publish') await this.assertComplete(projectId);
    return this.pipeline.run(projectLifecycle, projectStreamId(projectId), context, {
      event: { type: machineEvent },
      expectedVersion,
      decide: (state) => [{ type, data: { projectId, title: state.basics!.title } } as ProjectEvent],
      // Items imported while the project had no links wait for it; the worker moves them into the first pool.
      outbox: () => (verb === 'publish' ? [{ name: JobName.EnterPools, data: { projectId } }] : []),
    });
  }

  /** A draft that still lacks steps is told which, rather than that publishing is not its next step. */
  private async assertComplete(projectId: string): Promise<void> {
    const { state } = await this.pipeline.load(projectLifecycle, projectStreamId(projectId));
    if (state.status !== 'waiting_for_improvement') return;
    const missing = missingSteps(state);
    throw new AppError(400, 'VALIDATION_FAILED', 'projects.incomplete', {}, missing.map((step) => ({ field: step, messageKey: `projects.missing_${step}` })));
  }
}
