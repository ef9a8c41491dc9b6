// The worker's steps of an annotation import, each an event through its machine: how far it has got, finished with
// what it wrote and said, or failed with the refusal.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AppendResult, annotationImportLifecycle, CommandPipeline, type CommandContext } from '@annot/core';
import { type AnnotationImportEvent, annotationImportStreamId } from '@annot/workflows';

type Data<T extends AnnotationImportEvent['type']> = Omit<Extract<AnnotationImportEvent, { type: T }>['data'], 'importId' | 'batchId' | 'projectId'>;

export type AnnotationImportStep =
  | { kind: 'progress'; data: Data<'AnnotationImportProgressed'> }
  | { kind: 'finish'; data: Data<'AnnotationImportFinished'> }
  | { kind: 'fail'; data: Data<'AnnotationImportFailed'> };

export class RecordAnnotationImportStepCommand {
  constructor(
    readonly importId: string,
    readonly step: AnnotationImportStep,
    readonly context: CommandContext,
  ) {}
}

const eventTypes = { progress: 'AnnotationImportProgressed', finish: 'AnnotationImportFinished', fail: 'AnnotationImportFailed' } as const;

@CommandHandler(RecordAnnotationImportStepCommand)
export class RecordAnnotationImportStepHandler implements ICommandHandler<RecordAnnotationImportStepCommand, AppendResult> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ importId, step, context }: RecordAnnotationImportStepCommand): Promise<AppendResult> {
    return this.pipeline.run(annotationImportLifecycle, annotationImportStreamId(importId), context, {
      event: { type: `annotation_import.${step.kind}` },
      decide: (state) => [{ type: eventTypes[step.kind], data: { importId, batchId: state.batchId!, projectId: state.projectId!, ...step.data } } as AnnotationImportEvent],
    });
  }
}
