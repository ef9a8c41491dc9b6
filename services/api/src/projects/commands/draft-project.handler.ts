// Starts a project: the wizard's first step saved as a draft that waits for improvement.
import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AppendResult, CommandPipeline, type CommandContext, projectLifecycle } from '@annot/core';
import { type ProjectBasics, projectStreamId } from '@annot/workflows';

export class DraftProjectCommand {
  constructor(
    readonly basics: ProjectBasics,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(DraftProjectCommand)
export class DraftProjectHandler implements ICommandHandler<DraftProjectCommand, AppendResult> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ basics, context }: DraftProjectCommand): Promise<AppendResult> {
    const projectId = randomUUID();
    return this.pipeline.run(projectLifecycle, projectStreamId(projectId), context, {
      decide: () => [{ type: 'ProjectDrafted' as const, data: { projectId, title: basics.title, basics, clonedFrom: null } }],
    });
  }
}
