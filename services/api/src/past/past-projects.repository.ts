// What a past read of a project's statistics needs from the log: the events its statistics are made of, up to a
// moment, without the result documents the tally never reads.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { atOrBefore, DATABASE, type Db, type EventRow, type LogCut, type StoredEvent, toStoredEvent } from '@annot/core';

@Injectable()
export class PastProjectsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /**
   * Every event of `types` up to the cut that the project's statistics are made of, in log order: the project's own
   * (its links, batches, imports, sampling rounds and acceptance batches), its items', and every account's (teams).
   * A saved result keeps only its objects' classes and tools, all that the tally reads of it.
   */
  async statisticsEvents(projectId: string, cut: LogCut, types: readonly string[]): Promise<StoredEvent[]> {
    const until = atOrBefore(cut);
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
      SELECT ${columns} FROM items d JOIN events e ON e.stream_id = 'item-' || d.item_id::text
      WHERE d.project_id = ${projectId}::uuid AND e.type = ANY(${[...types]}::text[]) ${until}
      ORDER BY tx, pos`.execute(this.db);
    return rows.map(toStoredEvent);
  }
}
