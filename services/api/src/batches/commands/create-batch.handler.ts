// Opens a batch in a project the project machine lets take new data; it waits for its data.
import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AppendResult, batchLifecycle, CommandPipeline, type CommandContext, projectLifecycle } from '@annot/core';
import { type BatchInput, batchStreamId, projectStreamId } from '@annot/workflows';

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

  async execute({ projectId, batch, context }: CreateBatchCommand): Promise<AppendResult> {
    const batchId = randomUUID();
    const { results } = await this.pipeline.transact(context, async (unit) => {
      // The project's machine is asked and nothing is written on its stream: a closed or finished project takes no new batch.
      await unit.decide(projectLifecycle, projectStreamId(projectId), { event: { type: 'project.add_batch' }, decide: () => [] });
      await unit.decide(batchLifecycle, batchStreamId(batchId), {
        decide: () => [{ type: 'BatchCreated' as const, data: { batchId, projectId, name: batch.name, priority: batch.priority, uploadType: batch.uploadType } }],
      });
    });
    return results[0];
  }
}
