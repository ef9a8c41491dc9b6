// Opens a batch in a project; it waits for its data.
import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AppendResult, batchLifecycle, CommandPipeline, type CommandContext } from '@annot/core';
import { type BatchInput, batchStreamId } from '@annot/workflows';

export class CreateBatchCommand {
  constructor(
    readonly projectId: string,
    readonly batch: BatchInput,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(CreateBatchCommand)
export class CreateBatchHandler implements ICommandHandler<CreateBatchCommand, AppendResult> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ projectId, batch, context }: CreateBatchCommand): Promise<AppendResult> {
    const batchId = randomUUID();
    return this.pipeline.run(batchLifecycle, batchStreamId(batchId), context, {
      decide: () => [{ type: 'BatchCreated' as const, data: { batchId, projectId, name: batch.name, priority: batch.priority, uploadType: batch.uploadType } }],
    });
  }
}
