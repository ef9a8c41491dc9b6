// Annotation imports as their status route reads them; inline so the console's next poll and the worker's next step
// read what the last command wrote.
import { sql } from 'kysely';
import { type AnnotationImportEvent, type AnnotationImportState, evolveAnnotationImport, initialAnnotationImportState } from '@annot/workflows';
import type { StoredEvent } from '../events/stored-event';
import { foldStates, type StateRow } from '../projections/lifecycle-state';
import type { Projection } from '../projections/projection';

/** An import's lifecycle state on its row: its job reads from it whether to run, and what to read. */
export const annotationImportStateRow: StateRow<AnnotationImportState> = {
  stream: 'annotation_import-',
  table: 'annotation_imports',
  key: 'import_id',
  version: 'version',
  initial: initialAnnotationImportState,
  evolve: evolveAnnotationImport,
};

type Data<T extends AnnotationImportEvent['type']> = Extract<AnnotationImportEvent, { type: T }>['data'];

/** The file sent, or the folder a folder's files were sent from. */
const uploadName = (uploads: Data<'AnnotationImportRequested'>['uploads']): string => (uploads.length === 1 ? uploads[0].name : uploads[0].name.split('/')[0]);

export const annotationImportProjection: Projection = {
  name: 'annotation_imports',
  mode: 'inline',
  types: ['AnnotationImportRequested', 'AnnotationImportProgressed', 'AnnotationImportFinished', 'AnnotationImportFailed'],
  tables: ['annotation_imports'],
  async apply(db, events) {
    for (const event of events as StoredEvent<AnnotationImportEvent['type']>[]) {
      const version = event.streamPosition;
      const record = db.updateTable('annotation_imports').where('import_id', '=', (event.data as { importId: string }).importId);
      switch (event.type) {
        case 'AnnotationImportRequested': {
          const data = event.data as Data<'AnnotationImportRequested'>;
          await db
            .insertInto('annotation_imports')
            .values({
              import_id: data.importId,
              batch_id: data.batchId,
              project_id: data.projectId,
              format: data.format,
              mode: data.mode,
              file_name: uploadName(data.uploads),
              bytes: data.uploads.reduce((sum, upload) => sum + upload.size, 0),
              status: 'queued',
              progress: 0,
              requested_by: data.by.id,
              requested_at: event.recordedAt,
              items: 0,
              objects: 0,
              refused: 0,
              warned: 0,
              version,
            })
            .execute();
          break;
        }
        case 'AnnotationImportProgressed': {
          const { progress } = event.data as Data<'AnnotationImportProgressed'>;
          // A worker that starts again after a crash reports from the start; the bar does not go back.
          await record.set({ status: 'running', progress: sql<number>`GREATEST(progress, ${progress})`, version }).execute();
          break;
        }
        case 'AnnotationImportFinished': {
          const { items, objects, refused, warned, refusals, warnings, dropped } = event.data as Data<'AnnotationImportFinished'>;
          await record
            .set({ status: 'finished', progress: 100, finished_at: event.recordedAt, items, objects, refused, warned, lines: JSON.stringify({ refusals, warnings, dropped }), version })
            .execute();
          break;
        }
        case 'AnnotationImportFailed': {
          const { reasonKey, params, refused, warned, refusals, warnings } = event.data as Data<'AnnotationImportFailed'>;
          await record
            .set({
              status: 'failed',
              finished_at: event.recordedAt,
              refused,
              warned,
              lines: JSON.stringify({ refusals, warnings, dropped: { files: [], objects: [] } }),
              reason_key: reasonKey,
              reason_params: JSON.stringify(params ?? {}),
              version,
            })
            .execute();
          break;
        }
      }
    }
    await foldStates(db, annotationImportStateRow, events);
  },
};
