// A PM's annotation upload, stored, becomes an annotation import: its record is made and its job queued with it.
import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { annotationImportLifecycle, CommandPipeline, type CommandContext, JobName } from '@annot/core';
import { type AnnotationImportRequested, annotationImportStreamId } from '@annot/workflows';

type Requested = AnnotationImportRequested['data'];

export class RequestAnnotationImportCommand {
  constructor(
    readonly input: Pick<Requested, 'batchId' | 'projectId' | 'format' | 'mode' | 'uploads'>,
    readonly context: CommandContext,
  ) {}
}

export interface RequestAnnotationImportResult {
  importId: string;
  version: string;
}

@CommandHandler(RequestAnnotationImportCommand)
export class RequestAnnotationImportHandler implements ICommandHandler<RequestAnnotationImportCommand, RequestAnnotationImportResult> {
  constructor(private readonly pipeline: CommandPipeline) {}

  async execute({ input, context }: RequestAnnotationImportCommand): Promise<RequestAnnotationImportResult> {
    const importId = randomUUID();
    const by = { id: context.actor.id, role: context.actor.role };
    const result = await this.pipeline.run(annotationImportLifecycle, annotationImportStreamId(importId), context, {
      decide: () => [{ type: 'AnnotationImportRequested' as const, data: { importId, ...input, by } }],
      outbox: () => [{ name: JobName.ImportAnnotations, data: { importId } }],
    });
    // A repeated Idempotency-Key answers with the import the first request made.
    return { importId: result.streamId.slice('annotation_import-'.length), version: result.version.toString() };
  }
}
