// A PM's pre-labelled annotations for a batch, uploaded over HTTP: the annotation import writes them, and its lines
// are said in the caller's language; an upload that writes nothing is refused with every line.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AnnotationFile, AnnotationImport, AppError, type CommandContext } from '@annot/core';
import type { DecodeRefusal, ExportFormat } from '@annot/workflows';
import type { Language } from '../../i18n/language';
import { translate } from '../../i18n/translate';

export class ImportAnnotationsCommand {
  constructor(
    readonly batchId: string,
    readonly projectId: string,
    readonly input: { format: ExportFormat; mode: 'all' | 'good'; files: AnnotationFile[] },
    readonly language: Language,
    readonly context: CommandContext,
  ) {}
}

export interface ImportAnnotationsResult {
  items: number;
  objects: number;
  refusals: { source: string; message: string }[];
  /** What was skipped or changed while the rest imported, where it was read and why. */
  warnings: { source: string; message: string }[];
  /** What was read and not written: the files (or items) and the objects, by where they were read. */
  dropped: { files: string[]; objects: string[] };
}

@CommandHandler(ImportAnnotationsCommand)
export class ImportAnnotationsHandler implements ICommandHandler<ImportAnnotationsCommand, ImportAnnotationsResult> {
  constructor(private readonly annotations: AnnotationImport) {}

  async execute({ batchId, projectId, input, language, context }: ImportAnnotationsCommand): Promise<ImportAnnotationsResult> {
    const outcome = await this.annotations.run({ batchId, projectId, ...input }, context);
    const say = (line: DecodeRefusal) => ({ source: line.source, message: translate(language, line.reasonKey, line.params ?? {}) });
    const refusals = outcome.refusals.map(say);
    const warnings = outcome.warnings.map(say);
    if (!outcome.written) {
      throw new AppError(400, 'IMPORT_REFUSED', 'exports.import.failed', {}, [], {
        refusals: refusals.length > 0 ? refusals : [say({ source: '-', reasonKey: 'exports.import.no_files' })],
        warnings,
      });
    }
    return { items: outcome.items, objects: outcome.objects, refusals, warnings, dropped: outcome.dropped };
  }
}
