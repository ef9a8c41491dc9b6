// Batches as the batch list shows them, and their data items: the pools links claim from, the share of the pool each
// item is in, who holds it, its latest result, and how many items stand in each link, state and share, written in the
// command's transaction.
import { sql } from 'kysely';
import { type BatchEvent, type BatchItemsRegistered, type BatchState, chunkFrameCounts, evolveBatch, initialBatchState } from '@annot/workflows';
import type { StoredEvent } from '../events/stored-event';
import { foldStates, type StateRow } from '../projections/lifecycle-state';
import type { Projection } from '../projections/projection';
import { ItemCounts, moveItems, stripeOf } from '../items/item-counts';
import { applyItemEvents, itemRowEventTypes } from '../items/item-rows';
import { applyShareEvent, shareRowEventTypes } from '../items/share-rows';

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
  tables: ['batches', 'items', 'item_frames', 'item_results', 'share_progress', 'item_counts'],
  async apply(db, events) {
    const list = events as BatchStoredEvent[];
    // Written once at the end, in one statement, so the counts' rows are locked as briefly as the transaction allows.
    const counts = new ItemCounts();
    for (let i = 0; i < list.length; i++) {
      const event = list[i];
      if (itemRowEventTypes.includes(event.type)) {
        // Item events in a row go together, so many claims of one command write their rows in one statement.
        let end = i + 1;
        while (end < list.length && itemRowEventTypes.includes(list[end].type)) end++;
        await applyItemEvents(db, list.slice(i, end), counts);
        i = end - 1;
        continue;
      }
      if (shareRowEventTypes.includes(event.type)) {
        await applyShareEvent(db, event, counts);
        continue;
      }
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
          await db.updateTable('items').set({ priority }).where('batch_id', '=', data.batchId).execute();
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
          // The items leave every pool; the rows stay so the batch's history can still be read.
          await moveItems(db, counts, stripeOf(event.metadata.actorId), sql`d.batch_id = ${data.batchId}::uuid`, { link_id: null, status: 'deleted' });
          break;
        case 'BatchItemsRegistered':
          await registerChunk(db, (event.data as BatchItemsRegistered['data']), at, counts, stripeOf(event.metadata.actorId));
          break;
      }
    }
    await counts.write(db);
    await foldStates(db, batchStateRow, events);
  },
};

/** Separates the values of a column sent as one text: the import refuses file names with control characters. */
const separator = '\x1f';
const joined = (values: readonly (string | number | null)[]): string => values.map((v) => (v === null ? '' : String(v))).join(separator);

/**
 * One statement per chunk whatever its size. Each column travels as one separated text that string_to_array
 * splits in the server: a third faster than array parameters, which pg quotes element by element. An item's id
 * is derived from its batch and place, so the live table and a replay agree without the event carrying ids.
 */
async function registerChunk(
  db: Parameters<Projection['apply']>[0],
  chunk: BatchItemsRegistered['data'],
  at: string,
  counts: ItemCounts,
  stripe: number,
): Promise<void> {
  const count = chunk.fileNames.length;
  if (count > 0) {
    // Every row of the chunk is new and waits in the chunk's link.
    counts.add({ projectId: chunk.projectId, linkId: chunk.linkId, status: 'waiting', teamId: null, groupId: null }, count, stripe);
    const column = (values: readonly (string | number | null)[]) => sql`string_to_array(${joined(values)}::text, ${separator}::text)`;
    await sql`
      INSERT INTO items (item_id, batch_id, project_id, link_id, seq, file_name, path, size, media_type, width, height, checksum, frame_count, created_at, priority)
      SELECT md5(${chunk.batchId}::text || ':' || (${chunk.firstSeq}::int + u.ord::int - 1))::uuid,
             ${chunk.batchId}::uuid, ${chunk.projectId}::uuid, ${chunk.linkId}::uuid, ${chunk.firstSeq}::int + u.ord::int - 1,
             u.file_name, COALESCE(u.path, ${chunk.pathPrefix}::text || u.file_name), u.size::bigint, u.media_type,
             NULLIF(u.width, '')::int, NULLIF(u.height, '')::int, u.checksum, u.frame_count::int, ${at}::timestamptz,
             (SELECT priority FROM batches WHERE batch_id = ${chunk.batchId}::uuid)
      FROM unnest(${column(chunk.fileNames)}, ${chunk.paths.length > 0 ? column(chunk.paths) : sql`NULL::text[]`}, ${column(chunk.sizes)},
                  ${column(chunk.mediaTypes)}, ${column(chunk.widths)}, ${column(chunk.heights)}, ${column(chunk.checksums)}, ${column(chunkFrameCounts(chunk))})
           WITH ORDINALITY AS u(file_name, path, size, media_type, width, height, checksum, frame_count, ord)`.execute(db);
    await registerFrames(db, chunk);
  }
  await sql`
    UPDATE batches SET items = items + ${count}::int, failed = failed + ${chunk.failedNames.length}::int,
      importing = CASE WHEN importing IS NULL THEN NULL ELSE jsonb_set(importing, '{progress}', to_jsonb(${chunk.progress}::int)) END,
      updated_at = ${at}::timestamptz
    WHERE batch_id = ${chunk.batchId}::uuid`.execute(db);
}

/** The frames of the chunk's sequence and video items, one row each; pictures have none. */
async function registerFrames(db: Parameters<Projection['apply']>[0], chunk: BatchItemsRegistered['data']): Promise<void> {
  const rows = (chunk.frames ?? []).flatMap((frames, i) => (frames ? [{ frames, seq: chunk.firstSeq + i }] : []));
  for (const { frames, seq } of rows) {
    await sql`
      INSERT INTO item_frames (item_id, path_prefix, frame_count, file_names, widths, heights, timestamps, frame_rate, sensors)
      VALUES (md5(${chunk.batchId}::text || ':' || ${seq}::int)::uuid, ${frames.pathPrefix}, ${frames.count}::int, ${frames.fileNames}::text[],
              ${frames.widths}::int[], ${frames.heights}::int[], ${frames.timestamps}::float8[], ${frames.frameRate}::float8,
              ${frames.sensors ? JSON.stringify(frames.sensors) : null}::jsonb)`.execute(db);
  }
}
