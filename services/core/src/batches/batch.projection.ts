// Batches as the batch list shows them: their state, how many items each import registered and how far it is, written
// in the command's transaction. The items themselves are the item projection's.
import { sql } from 'kysely';
import { type BatchEvent, type BatchItemsRegistered, type BatchState, evolveBatch, initialBatchState } from '@annot/workflows';
import type { StoredEvent } from '../events/stored-event';
import { foldStates, type StateRow } from '../projections/lifecycle-state';
import type { Projection } from '../projections/projection';

type BatchStoredEvent = StoredEvent<BatchEvent['type'] | 'BatchItemsRegistered'>;

/** A batch's lifecycle state on its row: the import job reads the import it runs from it. */
export const batchStateRow: StateRow<BatchState> = {
  stream: 'batch-',
  table: 'batches',
  key: 'batch_id',
  version: 'version',
  initial: initialBatchState,
  evolve: evolveBatch,
};

export const batchProjection: Projection = {
  name: 'batches',
  mode: 'inline',
  tables: ['batches'],
  async apply(db, events) {
    for (const event of events as BatchStoredEvent[]) {
      const at = event.recordedAt;
      const data = event.data as BatchEvent['data'];
      const batch = db.updateTable('batches').where('batch_id', '=', data.batchId);
      // The items stream has versions of its own; the batch's version (its ETag) follows only the batch stream.
      const version = event.streamPosition;
      switch (event.type) {
        case 'BatchCreated': {
          const { batchId, projectId, name, priority, uploadType } = event.data as Extract<BatchEvent, { type: 'BatchCreated' }>['data'];
          await db
            .insertInto('batches')
            .values({ batch_id: batchId, project_id: projectId, name, priority, upload_type: uploadType, status: 'waiting_for_upload', items: 0, failed: 0, importing: null, failure_file_id: null, import_error: null, created_at: at, updated_at: at, version })
            .execute();
          break;
        }
        case 'BatchEdited': {
          const { name, priority } = event.data as Extract<BatchEvent, { type: 'BatchEdited' }>['data'];
          await batch.set({ name, priority, updated_at: at, version }).execute();
          break;
        }
        case 'BatchImportRequested': {
          const { importId } = event.data as Extract<BatchEvent, { type: 'BatchImportRequested' }>['data'];
          await batch.set({ importing: JSON.stringify({ importId, progress: 0 }), import_error: null, updated_at: at, version }).execute();
          break;
        }
        case 'BatchImported': {
          const { failureFileId } = event.data as Extract<BatchEvent, { type: 'BatchImported' }>['data'];
          await batch.set({ status: 'in_progress', importing: null, failure_file_id: failureFileId, updated_at: at, version }).execute();
          break;
        }
        case 'BatchImportFailed': {
          const { reasonKey } = event.data as Extract<BatchEvent, { type: 'BatchImportFailed' }>['data'];
          await batch.set({ importing: null, import_error: reasonKey, updated_at: at, version }).execute();
          break;
        }
        case 'BatchPaused': {
          const { kind } = event.data as Extract<BatchEvent, { type: 'BatchPaused' }>['data'];
          await batch.set({ status: kind === 'annotation' ? 'paused_annotation' : 'paused_inspection', updated_at: at, version }).execute();
          break;
        }
        case 'BatchResumed':
          await batch.set({ status: 'in_progress', updated_at: at, version }).execute();
          break;
        case 'BatchStopped':
          await batch.set({ status: 'stopped', updated_at: at, version }).execute();
          break;
        case 'BatchDeleted':
          await batch.set({ status: 'deleted', importing: null, updated_at: at, version }).execute();
          break;
        case 'BatchItemsRegistered':
          await countRegistered(db, event.data as BatchItemsRegistered['data'], at);
          break;
      }
    }
    await foldStates(db, batchStateRow, events);
  },
};

/** A chunk of the import's items: how many it registered and failed, and how far the import is. */
async function countRegistered(db: Parameters<Projection['apply']>[0], chunk: BatchItemsRegistered['data'], at: string): Promise<void> {
  await sql`
    UPDATE batches SET items = items + ${chunk.fileNames.length}::int, failed = failed + ${chunk.failedNames.length}::int,
      importing = CASE WHEN importing IS NULL THEN NULL ELSE jsonb_set(importing, '{progress}', to_jsonb(${chunk.progress}::int)) END,
      updated_at = ${at}::timestamptz
    WHERE batch_id = ${chunk.batchId}::uuid`.execute(db);
}
