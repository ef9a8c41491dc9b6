// Clones a project into a new draft with the same configuration: new link ids, no members, no data.
import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AppendResult, CommandPipeline, type CommandContext, NotFoundError, projectLifecycle } from '@annot/core';
import { decideClone, projectStreamId } from '@annot/workflows';

export class CloneProjectCommand {
  constructor(
    readonly sourceId: string,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(CloneProjectCommand)
export class CloneProjectHandler implements ICommandHandler<CloneProjectCommand, AppendResult> {
  constructor(private readonly pipeline: CommandPipeline) {}

  async execute({ sourceId, context }: CloneProjectCommand): Promise<AppendResult> {
    const { state: source } = await this.pipeline.load(projectLifecycle, projectStreamId(sourceId));
    if (source.status === 'none' || !source.basics) throw new NotFoundError('things.project', sourceId);
    const projectId = randomUUID();
    return this.pipeline.run(projectLifecycle, projectStreamId(projectId), context, {
      decide: () => decideClone(source, sourceId, projectId, randomUUID),
    });
  }
}
