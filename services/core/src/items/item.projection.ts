// The items of the batches as the item lists, the pools and the editor read them: the pool each item waits in, the
// share of the pool it is in, who holds it, its frames, its latest result, and how many items stand in each link, state
// and share, written in the command's transaction. Items are registered by their batch's import and leave with their
// batch; everything else that moves them is the work on the item itself or the sharing of a link's pool.
import { sql } from 'kysely';
import { type BatchEvent, type BatchItemsRegistered, chunkFrameCounts } from '@annot/workflows';
import type { StoredEvent } from '../events/stored-event';
import type { Projection } from '../projections/projection';
import { ItemCounts, moveItems, stripeOf } from './item-counts';
import { applyClaims, applyItemEvents, claimsAlone, itemRowEventTypes } from './item-rows';
import { applyShareEvent, shareRowEventTypes } from './share-rows';

export const itemProjection: Projection = {
  name: 'items',
  mode: 'inline',
  tables: ['items', 'item_frames', 'item_results', 'share_progress', 'item_counts'],
  async apply(db, events) {
    // A claim, the hottest command of all: its items' rows and their counts move in one statement.
    if (events.length > 0 && claimsAlone(events)) return applyClaims(db, events, new ItemCounts(), true);
    // Written once at the end, in one statement, so the counts' rows are locked as briefly as the transaction allows.
    const counts = new ItemCounts();
    for (let i = 0; i < events.length; i++) {
      const event = events[i];
      if (itemRowEventTypes.includes(event.type)) {
        // Item events in a row go together, so many claims of one command write their rows in one statement.
        let end = i + 1;
        while (end < events.length && itemRowEventTypes.includes(events[end].type)) end++;
        await applyItemEvents(db, events.slice(i, end), counts);
        i = end - 1;
        continue;
      }
      if (shareRowEventTypes.includes(event.type)) {
        await applyShareEvent(db, event, counts);
        continue;
      }
      await applyBatchEvent(db, event, counts);
    }
    await counts.write(db);
  },
};

/** What a batch's own events do to its items: registered by its import, priority edited, taken out when it is deleted. */
async function applyBatchEvent(db: Parameters<Projection['apply']>[0], event: StoredEvent, counts: ItemCounts): Promise<void> {
  switch (event.type) {
    case 'BatchEdited': {
      const { batchId, priority } = event.data as Extract<BatchEvent, { type: 'BatchEdited' }>['data'];
      await db.updateTable('items').set({ priority }).where('batch_id', '=', batchId).execute();
      break;
    }
    case 'BatchDeleted': {
      const { batchId } = event.data as Extract<BatchEvent, { type: 'BatchDeleted' }>['data'];
      // The items leave every pool; the rows stay so the batch's history can still be read.
      await moveItems(db, counts, stripeOf(event.metadata.actorId), sql`d.batch_id = ${batchId}::uuid`, { link_id: null, status: 'deleted' });
      break;
    }
    case 'BatchItemsRegistered':
      await registerChunk(db, event.data as BatchItemsRegistered['data'], event.recordedAt, counts, stripeOf(event.metadata.actorId));
      break;
  }
}

/** Separates the values of a column sent as one text: the import refuses file names with control characters. */
const separator = '\x1f';
const joined = (values: readonly (string | number | null)[]): string => values.map((v) => (v === null ? '' : String(v))).join(separator);

/**
 * The chunk's items, one statement whatever its size. Each column travels as one separated text that string_to_array
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
  if (count === 0) return;
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
