// What an annotation upload reads of a batch (its project and the project's annotation type), and the annotation
// imports' records as their status route answers them, their lines said in the reader's language.
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db, exactIso } from '@annot/core';
import type { AnnotationImportLine, AnnotationImportView } from '@annot/workflows';
import type { Language } from '../../i18n/language';
import { translate } from '../../i18n/translate';

interface StoredLines {
  refusals: AnnotationImportLine[];
  warnings: AnnotationImportLine[];
  dropped: { files: string[]; objects: string[] };
}

@Injectable()
export class AnnotationImportsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async projectOf(batchId: string): Promise<{ projectId: string; annotationType: string } | undefined> {
    return this.db
      .selectFrom('batches as b')
      .innerJoin('projects as p', 'p.project_id', 'b.project_id')
      .select(['b.project_id as projectId', 'p.annotation_type as annotationType'])
      .where('b.batch_id', '=', batchId)
      .where('b.status', '<>', 'deleted')
      .executeTakeFirst();
  }

  /** The project an import belongs to, for whoever may follow its job. */
  async projectOfImport(importId: string): Promise<string | undefined> {
    return (await this.db.selectFrom('annotation_imports').select('project_id').where('import_id', '=', importId).executeTakeFirst())?.project_id;
  }

  /** An import's record with the project it belongs to, for the access check. */
  async get(importId: string, language: Language): Promise<{ projectId: string; view: AnnotationImportView } | undefined> {
    const row = await this.db
      .selectFrom('annotation_imports')
      .select([
        'import_id as importId',
        'batch_id as batchId',
        'project_id as projectId',
        'format',
        'mode',
        'file_name as fileName',
        'status',
        'progress',
        exactIso('requested_at').as('requestedAt'),
        exactIso<string | null>('finished_at').as('finishedAt'),
        'items',
        'objects',
        'refused',
        'warned',
        'lines',
        'reason_key as reasonKey',
        'reason_params as reasonParams',
      ])
      .where('import_id', '=', importId)
      .executeTakeFirst();
    if (!row) return undefined;
    const { projectId, lines, reasonKey, reasonParams, ...rest } = row;
    const stored = (lines as StoredLines | null) ?? { refusals: [], warnings: [], dropped: { files: [], objects: [] } };
    const say = (line: AnnotationImportLine) => ({ source: line.source, message: translate(language, line.reasonKey, line.params ?? {}) });
    const view = {
      ...rest,
      refusals: stored.refusals.map(say),
      warnings: stored.warnings.map(say),
      dropped: stored.dropped,
      reason: reasonKey ? translate(language, reasonKey, (reasonParams as Record<string, unknown> | null) ?? {}) : null,
    } as AnnotationImportView;
    return { projectId, view };
  }
}
