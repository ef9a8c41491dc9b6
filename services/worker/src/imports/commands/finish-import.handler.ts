// Closes an import: its items are in and the batch goes to work, or the reason it was refused is recorded.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AppendResult, batchLifecycle, CommandPipeline, type CommandContext } from '@annot/core';
import { type BatchEvent, batchStreamId, type ImportedAnnotations } from '@annot/workflows';

export type ImportOutcome =
  | { ok: true; registered: number; failed: number; failureFileId: string | null; annotations?: ImportedAnnotations }
  | { ok: false; reasonKey: string };

export class FinishImportCommand {
  constructor(
    readonly batchId: string,
    readonly importId: string,
    readonly outcome: ImportOutcome,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(FinishImportCommand)
export class FinishImportHandler implements ICommandHandler<FinishImportCommand, AppendResult> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ batchId, importId, outcome, context }: FinishImportCommand): Promise<AppendResult> {
    return this.pipeline.run(batchLifecycle, batchStreamId(batchId), context, {
      event: { type: outcome.ok ? 'batch.imported' : 'batch.import_fail' },
      decide: (state): BatchEvent[] => {
        // A finish for an import that is no longer the batch's current one changes nothing.
        if (state.importing?.importId !== importId) return [];
        const ref = { batchId, projectId: state.projectId!, name: state.name };
        return outcome.ok
          ? [{ type: 'BatchImported', data: { ...ref, importId, registered: outcome.registered, failed: outcome.failed, failureFileId: outcome.failureFileId, ...(outcome.annotations ? { annotations: outcome.annotations } : {}) } }]
          : [{ type: 'BatchImportFailed', data: { ...ref, importId, reasonKey: outcome.reasonKey } }];
      },
    });
  }
}
