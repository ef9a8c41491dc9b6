// Every command on an existing batch but an import: edit, pause, resume, stop, delete; the machine decides.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AppendResult, batchLifecycle, CommandPipeline, type CommandContext } from '@annot/core';
import { type BatchEditInput, type BatchEvent, batchStreamId } from '@annot/workflows';

export type BatchChange =
  | { kind: 'edit'; batch: BatchEditInput }
  | { kind: 'pause'; pause: 'annotation' | 'inspection' }
  | { kind: 'resume' }
  | { kind: 'stop' }
  | { kind: 'delete' };

export class ChangeBatchCommand {
  constructor(
    readonly batchId: string,
    readonly change: BatchChange,
    readonly context: CommandContext,
    readonly expectedVersion?: bigint,
  ) {}
}

const machineEvent = (change: BatchChange): string =>
  change.kind === 'pause' ? `batch.pause_${change.pause}` : `batch.${change.kind}`;

@CommandHandler(ChangeBatchCommand)
export class ChangeBatchHandler implements ICommandHandler<ChangeBatchCommand, AppendResult> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ batchId, change, context, expectedVersion }: ChangeBatchCommand): Promise<AppendResult> {
    return this.pipeline.run(batchLifecycle, batchStreamId(batchId), context, {
      event: { type: machineEvent(change) },
      expectedVersion,
      decide: (state): BatchEvent[] => {
        const ref = { batchId, projectId: state.projectId!, name: state.name };
        switch (change.kind) {
          case 'edit':
            return [{ type: 'BatchEdited', data: { ...ref, name: change.batch.name, priority: change.batch.priority } }];
          case 'pause':
            return [{ type: 'BatchPaused', data: { ...ref, kind: change.pause } }];
          case 'resume':
            return [{ type: 'BatchResumed', data: ref }];
          case 'stop':
            return [{ type: 'BatchStopped', data: ref }];
          case 'delete':
            return [{ type: 'BatchDeleted', data: ref }];
        }
      },
    });
  }
}
