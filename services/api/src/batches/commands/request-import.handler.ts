// Asks for an import of a batch's data: recorded with the worker job that runs it, in one transaction.
import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, batchLifecycle, CommandPipeline, type CommandContext, EventStore, JobName, NotFoundError } from '@annot/core';
import { batchStreamId, type ImportSourceRef } from '@annot/workflows';

export class RequestImportCommand {
  constructor(
    readonly batchId: string,
    readonly source: ImportSourceRef,
    readonly context: CommandContext,
    readonly expectedVersion?: bigint,
  ) {}
}

@CommandHandler(RequestImportCommand)
export class RequestImportHandler implements ICommandHandler<RequestImportCommand, { importId: string; version: string }> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly eventStore: EventStore,
  ) {}

  async execute({ batchId, source, context, expectedVersion }: RequestImportCommand): Promise<{ importId: string; version: string }> {
    const { state } = await this.pipeline.load(batchLifecycle, batchStreamId(batchId));
    if (state.status === 'none' || state.status === 'deleted') throw new NotFoundError('things.batch', batchId);
    if (state.importing) throw new AppError(409, 'INVALID_TRANSITION', 'batches.import_running');
    if (state.uploadType !== source.type) throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: 'uploadType', messageKey: 'batches.upload_type_mismatch' }]);
    const importId = randomUUID();
    const result = await this.pipeline.run(batchLifecycle, batchStreamId(batchId), context, {
      event: { type: 'batch.upload' },
      expectedVersion,
      decide: (current) => [{ type: 'BatchImportRequested' as const, data: { batchId, projectId: current.projectId!, name: current.name, importId, source } }],
      outbox: () => [{ name: JobName.ImportBatch, data: { batchId, importId } }],
    });
    // A repeated Idempotency-Key answers with the import the first request opened.
    const opened = result.duplicate ? await this.importOf(batchId) : importId;
    return { importId: opened, version: result.version.toString() };
  }

  private async importOf(batchId: string): Promise<string> {
    const { events } = await this.eventStore.readStream(batchStreamId(batchId));
    const requested = events.filter((e) => e.type === 'BatchImportRequested').at(-1);
    return (requested?.data as { importId: string } | undefined)?.importId ?? '';
  }
}
