// Creates a tool, or edits one into a new version; projects keep citing the version they chose.
import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, type AppendResult, CommandPipeline, type CommandContext, toolLifecycle, uniqueAs } from '@annot/core';
import { type ToolInput, toolStreamId } from '@annot/workflows';

export class SaveToolCommand {
  constructor(
    readonly toolId: string | null,
    readonly definition: ToolInput,
    readonly context: CommandContext,
    readonly expectedVersion?: bigint,
  ) {}
}

export const toolNameExists = () =>
  new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: 'name', messageKey: 'catalog.tool_name_exists' }]);

@CommandHandler(SaveToolCommand)
export class SaveToolHandler implements ICommandHandler<SaveToolCommand, AppendResult> {
  constructor(private readonly pipeline: CommandPipeline) {}

  async execute({ toolId, definition, context, expectedVersion }: SaveToolCommand): Promise<AppendResult> {
    // Two people saving the same new name at once: the projection's unique index settles it.
    return uniqueAs('tools_name_idx', 'name', 'catalog.tool_name_exists', () => {
      if (toolId === null) {
        const id = randomUUID();
        return this.pipeline.run(toolLifecycle, toolStreamId(id), context, {
          decide: () => [{ type: 'ToolCreated' as const, data: { toolId: id, toolVersion: 1, definition } }],
        });
      }
      return this.pipeline.run(toolLifecycle, toolStreamId(toolId), context, {
        event: { type: 'tool.edit' },
        expectedVersion,
        decide: (state) => [{ type: 'ToolEdited' as const, data: { toolId, toolVersion: state.toolVersion + 1, definition } }],
      });
    });
  }
}
