// Deletes a tool no project cites; a cited tool is refused with the reason.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, type AppendResult, CommandPipeline, type CommandContext, toolLifecycle } from '@annot/core';
import { toolStreamId } from '@annot/workflows';
import { ToolsRepository } from '../tools.repository';

export class DeleteToolCommand {
  constructor(
    readonly toolId: string,
    readonly context: CommandContext,
    readonly expectedVersion?: bigint,
  ) {}
}

@CommandHandler(DeleteToolCommand)
export class DeleteToolHandler implements ICommandHandler<DeleteToolCommand, AppendResult> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly tools: ToolsRepository,
  ) {}

  async execute({ toolId, context, expectedVersion }: DeleteToolCommand): Promise<AppendResult> {
    if (await this.tools.cited(toolId)) throw new AppError(409, 'TOOL_IN_USE', 'catalog.tool_in_use');
    return this.pipeline.run(toolLifecycle, toolStreamId(toolId), context, {
      event: { type: 'tool.delete' },
      expectedVersion,
      decide: (state) => [{ type: 'ToolDeleted' as const, data: { toolId, name: state.definition?.name ?? '' } }],
    });
  }
}
