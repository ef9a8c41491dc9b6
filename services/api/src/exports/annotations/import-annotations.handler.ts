// A PM's pre-labelled annotations for a batch: through the input gate file by file, decoded in the format named, matched to the batch's items and the
// project's tools, checked like editor saves, then written as the PM's saved results, a chunk of items per
// transaction. With mode "all" any refused line refuses the whole upload and nothing is written; with "good" the
// answer lists what was dropped. What the project cannot hold is skipped with a warning, line by line.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, citedDataRule, citedTools, CommandPipeline, type CommandContext, DATABASE, type Db, ItemWork } from '@annot/core';
import { annotationDecoders, type DecodeRefusal, decodeThroughGate, type ExportFormat, type ImportedFile, itemFinder, matchImport, prelabelItem } from '@annot/workflows';
import { Inject } from '@nestjs/common';
import type { Language } from '../../i18n/language';
import { translate } from '../../i18n/translate';
import { AnnotationImportsRepository } from './annotation-imports.repository';

export class ImportAnnotationsCommand {
  constructor(
    readonly batchId: string,
    readonly projectId: string,
    readonly input: { format: ExportFormat; mode: 'all' | 'good'; files: ImportedFile[] },
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

/** Items written per transaction. */
const chunkSize = 200;

@CommandHandler(ImportAnnotationsCommand)
export class ImportAnnotationsHandler implements ICommandHandler<ImportAnnotationsCommand, ImportAnnotationsResult> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly work: ItemWork,
    private readonly imports: AnnotationImportsRepository,
    @Inject(DATABASE) private readonly db: Db,
  ) {}

  async execute({ batchId, projectId, input, language, context }: ImportAnnotationsCommand): Promise<ImportAnnotationsResult> {
    const targets = await this.imports.targets(batchId);
    const find = itemFinder(targets);
    const sizeOf = (name: string) => {
      const target = find(name);
      return target?.width && target.height ? { width: target.width, height: target.height } : null;
    };
    const decoded = decodeThroughGate(annotationDecoders[input.format], input.files, { rule: await citedDataRule(this.db, projectId), sizeOf });
    const matched = matchImport(decoded, targets, await citedTools(this.db, projectId));
    const refusals = matched.refusals.map((r) => this.say(r, language));
    const warnings = matched.warnings.map((w) => this.say(w, language));
    if (matched.items.length === 0 || (input.mode === 'all' && refusals.length > 0)) {
      throw new AppError(400, 'IMPORT_REFUSED', 'exports.import.failed', {}, [], {
        refusals: refusals.length > 0 ? refusals : [this.say({ source: '-', reasonKey: 'exports.import.no_files' }, language)],
        warnings,
      });
    }
    const rows = new Map(targets.map((t) => [t.itemId, t]));
    const now = new Date();
    const tools = await citedTools(this.db, projectId);
    for (let start = 0; start < matched.items.length; start += chunkSize) {
      const chunk = matched.items.slice(start, start + chunkSize);
      // Each chunk has a command id of its own, derived from the request's, so a repeated request writes nothing twice.
      await this.pipeline.transact({ ...context, commandId: `${context.commandId}:annotations:${start}` }, async (unit) => {
        const { plan } = await this.work.plan(unit, projectId);
        // The chunk's item streams in one read; an item untouched since its import has none.
        await this.work.preload(unit, chunk.map(({ target }) => rows.get(target.itemId)!));
        for (const { target, result } of chunk) {
          const row = rows.get(target.itemId)!;
          const image = target.width && target.height ? { width: target.width, height: target.height } : null;
          await this.work.run(unit, { itemId: row.itemId, projectId: row.projectId, linkId: row.linkId }, plan, context.actor, {
            event: (who) => ({ type: 'item.prelabel', actorId: who.id, manager: who.manager }),
            decide: (state, workPlan, who) => prelabelItem(state, workPlan, who, { result, config: { tools, image }, now }),
          });
        }
      });
    }
    return { items: matched.items.length, objects: matched.items.reduce((sum, i) => sum + i.result.objects.length, 0), refusals, warnings, dropped: matched.dropped };
  }

  private say(refusal: DecodeRefusal, language: Language): { source: string; message: string } {
    return { source: refusal.source, message: translate(language, refusal.reasonKey, refusal.params ?? {}) };
  }
}
