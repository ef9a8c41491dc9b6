// A PM's pre-labelled annotations for a batch, as the import form sends them: imported through the platform's
// annotation import, its refusals and warnings said in the caller's language. Nothing written is a refusal of the
// request, listing why.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AnnotationImport, type AnnotationImportInput, AppError, type CommandContext } from '@annot/core';
import type { DecodeRefusal } from '@annot/workflows';
import type { Language } from '../../i18n/language';
import { translate } from '../../i18n/translate';

export class ImportAnnotationsCommand {
  constructor(
    readonly batchId: string,
    readonly projectId: string,
    readonly input: AnnotationImportInput,
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
    const outcome = await this.annotations.run(batchId, projectId, input, context);
    const refusals = outcome.refusals.map((r) => say(r, language));
    const warnings = outcome.warnings.map((w) => say(w, language));
    if (!outcome.written) {
      throw new AppError(400, 'IMPORT_REFUSED', 'exports.import.failed', {}, [], {
        refusals: refusals.length > 0 ? refusals : [say({ source: '-', reasonKey: 'exports.import.no_files' }, language)],
        warnings,
      });
    }
    return { items: outcome.items, objects: outcome.objects, refusals, warnings, dropped: outcome.dropped };
  }
}

function say(refusal: DecodeRefusal, language: Language): { source: string; message: string } {
  return { source: refusal.source, message: translate(language, refusal.reasonKey, refusal.params ?? {}) };
}
