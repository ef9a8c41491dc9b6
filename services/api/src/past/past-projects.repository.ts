// What a past read of a project's items needs from the log: the import chunks that registered its items, and every
// event of its items' streams up to a moment, item by item, without the result documents the counts never read.
import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db, type EventRow, type StoredEvent, toStoredEvent } from '@annot/core';
import type { ItemEvent, LogPlace, RegisteredItem } from '@annot/workflows';

export interface RegisteredChunk extends LogPlace {
  batchId: string;
  firstSeq: number;
  count: number;
  linkId: string | null;
}

/** Where the log is cut: at a position, at a time, or not at all. */
export type LogCut = { position: bigint } | { at: string } | null;

/** An item's id follows from its batch and place, as the items projection derives it (md5 of "batch:seq" as a uuid). */
export function itemIdAt(batchId: string, seq: number): string {
  const hex = createHash('md5').update(`${batchId}:${seq}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const itemsOfChunk = (chunk: RegisteredChunk): RegisteredItem[] =>
  Array.from({ length: chunk.count }, (_, i) => ({ itemId: itemIdAt(chunk.batchId, chunk.firstSeq + i), linkId: chunk.linkId }));

@Injectable()
export class PastProjectsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async chunks(projectId: string): Promise<RegisteredChunk[]> {
    const { rows } = await sql<RegisteredChunk>`
      SELECT e.global_position::text AS position,
             to_char(e.recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "recordedAt",
             e.data->>'batchId' AS "batchId", (e.data->>'firstSeq')::int AS "firstSeq",
             jsonb_array_length(e.data->'fileNames') AS count, e.data->>'linkId' AS "linkId"
      FROM batches b JOIN events e ON e.stream_id = 'batchitems-' || b.batch_id::text
      WHERE b.project_id = ${projectId}::uuid AND e.type = 'BatchItemsRegistered'
      ORDER BY e.global_position`.execute(this.db);
    return rows;
  }

  /**
   * Every event of `types` up to the cut that the project's statistics are made of, in log order: the project's own
   * (its links, batches, imports, sampling rounds and acceptance batches), its items', and every account's (teams).
   * A saved result keeps only its objects' classes and tools, all that the tally reads of it.
   */
  async statisticsEvents(projectId: string, cut: LogCut, types: readonly string[]): Promise<StoredEvent[]> {
    const until = cutOf(cut);
    const data = sql`CASE WHEN e.type = 'ResultSaved' THEN jsonb_set(e.data, '{result}', jsonb_build_object('objects', COALESCE(
      (SELECT jsonb_agg(jsonb_build_object('className', o->'className', 'toolId', o->'toolId')) FROM jsonb_array_elements(e.data->'result'->'objects') o), '[]'::jsonb)))
      ELSE e.data END`;
    const columns = sql`e.global_position::text AS global_position, e.tx_id::text AS tx_id, e.tx_id AS tx, e.global_position AS pos, e.stream_id, e.stream_position::text AS stream_position,
      e.event_id, e.type, e.schema_version, ${data} AS data, e.metadata,
      to_char(e.recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS recorded_at`;
    const { rows } = await sql<EventRow>`
      SELECT ${columns} FROM events e
      WHERE e.type = ANY(${[...types]}::text[]) AND NOT e.stream_id LIKE 'item-%'
        AND (e.data->>'projectId' = ${projectId} OR e.stream_id LIKE 'account-%') ${until}
      UNION ALL
      SELECT ${columns} FROM data_items d JOIN events e ON e.stream_id = 'item-' || d.item_id::text
      WHERE d.project_id = ${projectId}::uuid AND e.type = ANY(${[...types]}::text[]) ${until}
      ORDER BY tx, pos`.execute(this.db);
    return rows.map(toStoredEvent);
  }

  /**
   * Every event of the project's items up to the cut, in log order (which is each stream's own order, and spares a
   * sort of the whole set); without what evolve never reads (the saved documents, the ids the row already names),
   * since carrying the events to the fold is most of its time.
   */
  async itemEvents(projectId: string, cut: LogCut): Promise<{ itemId: string; event: ItemEvent }[]> {
    const until = cutOf(cut);
    // Memory enough to hash the project's items and sort their events without spilling to disk (4 s, not 6, at 300,000).
    const { rows } = await this.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL work_mem = '128MB'`.execute(trx);
      return sql<{ itemId: string; type: ItemEvent['type']; data: ItemEvent['data'] }>`
        SELECT d.item_id AS "itemId", e.type, e.data - 'result' - 'itemId' - 'projectId' AS data
        FROM data_items d JOIN events e ON e.stream_id = 'item-' || d.item_id::text
        WHERE d.project_id = ${projectId}::uuid ${until}
        ORDER BY e.global_position`.execute(trx);
    });
    return rows.map((r) => ({ itemId: r.itemId, event: { type: r.type, data: r.data } as ItemEvent }));
  }
}

const cutOf = (cut: LogCut) =>
  !cut ? sql`` : 'position' in cut ? sql`AND e.global_position <= ${cut.position.toString()}::bigint` : sql`AND e.recorded_at <= ${cut.at}::timestamptz`;
