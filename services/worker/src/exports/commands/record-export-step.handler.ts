// The worker's steps of an export, each an event through the export machine: started, succeeded (with the download's
// retention timer), failed, expired.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AppendResult, CommandPipeline, type CommandContext, exportLifecycle, JobName } from '@annot/core';
import { type ExportEvent, exportStreamId } from '@annot/workflows';

type Data<T extends ExportEvent['type']> = Omit<Extract<ExportEvent, { type: T }>['data'], 'exportId' | 'projectId'>;

export type ExportStep =
  | { kind: 'start'; data: Data<'ExportStarted'> }
  | { kind: 'succeed'; data: Data<'ExportSucceeded'> }
  | { kind: 'fail'; data: Data<'ExportFailed'> }
  | { kind: 'expire' };

export class RecordExportStepCommand {
  constructor(
    readonly exportId: string,
    readonly step: ExportStep,
    readonly context: CommandContext,
  ) {}
}

const eventTypes = { start: 'ExportStarted', succeed: 'ExportSucceeded', fail: 'ExportFailed', expire: 'ExportExpired' } as const;

@CommandHandler(RecordExportStepCommand)
export class RecordExportStepHandler implements ICommandHandler<RecordExportStepCommand, AppendResult> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ exportId, step, context }: RecordExportStepCommand): Promise<AppendResult> {
    return this.pipeline.run(exportLifecycle, exportStreamId(exportId), context, {
      event: { type: `export.${step.kind}` },
      decide: (state) => [
        { type: eventTypes[step.kind], data: { exportId, projectId: state.projectId!, ...('data' in step ? step.data : {}) } } as ExportEvent,
      ],
      outbox: () =>
        step.kind === 'succeed' && step.data.expiresAt ? [{ name: JobName.ExpireExport, data: { exportId }, runAt: step.data.expiresAt }] : [],
    });
  }
}
