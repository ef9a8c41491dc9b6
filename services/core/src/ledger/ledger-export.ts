// The audit ledger as a file an auditor takes away (docs/ledger-export.md): a header with the chain's anchors, then one
// line per ledger entry in order. The events of the scope come whole; those of other projects keep only their place and
// hash, so the chain still runs through them while their content stays private.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/database.types';
import { exactIso } from '../database/sql-time';
import { type EventRow, type StoredEvent, toStoredEvent } from '../events/stored-event';
import { genesisHash } from './event-hash';

export const ledgerExportFormat = 'annot-ledger';

export interface LedgerScope {
  /** One project's events in full, or every event when null. */
  projectId: string | null;
  /** The range by the time events were recorded: the entries from the first at or after `from` to the last at or before `to`. */
  from?: string;
  to?: string;
}

export interface LedgerAnchor {
  seq: string;
  hash: string;
}

export interface LedgerExportHeader {
  format: typeof ledgerExportFormat;
  version: 1;
  exportedAt: string;
  scope: { projectId: string | null; from: string | null; to: string | null };
  /** The entry before the first one in the file (seq 0 and the genesis hash at the ledger's start) and the last one. */
  start: LedgerAnchor;
  end: LedgerAnchor;
  /** The ledger's newest entry when the file was made, to compare with the platform's at any later time. */
  head: LedgerAnchor;
}

/** An entry of the file: its place, its hash, and its event unless the event is outside the scope. */
export type LedgerExportEntry = LedgerAnchor & { event?: Omit<StoredEvent, 'txId'> };

/** The streams of a project's own events, by the projections that name the project of each. */
const projectStreams = (projectId: string) => sql<{ stream_id: string }>`
  SELECT 'project-' || ${projectId} AS stream_id
  UNION ALL SELECT 'item-' || item_id FROM items WHERE project_id = ${projectId}::uuid
  UNION ALL SELECT 'batch-' || batch_id FROM batches WHERE project_id = ${projectId}::uuid
  UNION ALL SELECT 'batchitems-' || batch_id FROM batches WHERE project_id = ${projectId}::uuid
  UNION ALL SELECT 'sampling-' || task_id FROM sampling_tasks WHERE project_id = ${projectId}::uuid
  UNION ALL SELECT 'acceptance-' || batch_id FROM acceptance_batches WHERE project_id = ${projectId}::uuid
  UNION ALL SELECT 'export-' || export_id FROM export_records WHERE project_id = ${projectId}::uuid
  UNION ALL SELECT 'algorithm_call-' || call_id FROM algorithm_calls WHERE project_id = ${projectId}::uuid
  UNION ALL SELECT 'webhook-' || webhook_id FROM webhooks WHERE project_id = ${projectId}::uuid`;

async function anchorAt(db: Kysely<Database>, seq: bigint): Promise<LedgerAnchor> {
  if (seq <= 0n) return { seq: '0', hash: genesisHash };
  const row = await db.selectFrom('audit_ledger').select(['seq', 'hash']).where('seq', '=', seq.toString()).executeTakeFirstOrThrow();
  return { seq: String(row.seq), hash: row.hash };
}

/** The seq range of the scope's times: the whole ledger when no time bounds it. */
async function seqRange(db: Kysely<Database>, scope: LedgerScope): Promise<{ first: bigint; last: bigint }> {
  const { rows } = await sql<{ first: string | null; last: string | null }>`
    SELECT (SELECT min(l.seq) FROM audit_ledger l JOIN events e ON e.global_position = l.global_position
             WHERE ${scope.from ?? null}::timestamptz IS NULL OR e.recorded_at >= ${scope.from ?? null}::timestamptz)::text AS first,
           (SELECT max(l.seq) FROM audit_ledger l JOIN events e ON e.global_position = l.global_position
             WHERE ${scope.to ?? null}::timestamptz IS NULL OR e.recorded_at <= ${scope.to ?? null}::timestamptz)::text AS last`.execute(db);
  const first = BigInt(rows[0].first ?? 1);
  const last = BigInt(rows[0].last ?? 0);
  return { first, last };
}

export async function ledgerExportHeader(db: Kysely<Database>, scope: LedgerScope, exportedAt: string): Promise<LedgerExportHeader & { range: { first: bigint; last: bigint } }> {
  const range = await seqRange(db, scope);
  const newest = await db.selectFrom('audit_ledger').select(sql<string>`coalesce(max(seq), 0)::text`.as('seq')).executeTakeFirstOrThrow();
  // An empty range (nothing recorded in the times asked) is a file of no entries that starts and ends at one anchor.
  const start = await anchorAt(db, range.first - 1n);
  const end = range.last >= range.first ? await anchorAt(db, range.last) : start;
  return {
    format: ledgerExportFormat,
    version: 1,
    exportedAt,
    scope: { projectId: scope.projectId, from: scope.from ?? null, to: scope.to ?? null },
    start,
    end,
    head: await anchorAt(db, BigInt(newest.seq)),
    range,
  };
}

/** The entries of the range in seq order, a page at a time. */
export async function* ledgerExportEntries(db: Kysely<Database>, scope: LedgerScope, range: { first: bigint; last: bigint }, pageSize = 5000): AsyncGenerator<LedgerExportEntry[]> {
  const own = scope.projectId ? new Set((await projectStreams(scope.projectId).execute(db)).rows.map((r) => r.stream_id)) : null;
  const inScope = (streamId: string) => !own || own.has(streamId) || streamId.startsWith(`reading-${scope.projectId}:`);
  for (let from = range.first; from <= range.last; from += BigInt(pageSize)) {
    const to = from + BigInt(pageSize) - 1n < range.last ? from + BigInt(pageSize) - 1n : range.last;
    const { rows: places } = await sql<{ seq: string; hash: string; global_position: string; stream_id: string }>`
      SELECT l.seq::text AS seq, l.hash, l.global_position::text AS global_position, e.stream_id
      FROM audit_ledger l JOIN events e ON e.global_position = l.global_position
      WHERE l.seq BETWEEN ${from.toString()}::bigint AND ${to.toString()}::bigint ORDER BY l.seq`.execute(db);
    const wanted = places.filter((p) => inScope(p.stream_id)).map((p) => p.global_position);
    const { rows } = wanted.length
      ? await sql<EventRow>`
          SELECT global_position::text AS global_position, tx_id::text AS tx_id, stream_id, stream_position, event_id, type,
                 schema_version, data, metadata, ${exactIso('recorded_at')} AS recorded_at
          FROM events WHERE global_position = ANY(${wanted}::bigint[])`.execute(db)
      : { rows: [] };
    const events = new Map(rows.map((row) => [row.global_position, toStoredEvent(row)]));
    yield places.map(({ seq, hash, global_position }) => {
      const stored = events.get(global_position);
      if (!stored) return { seq, hash };
      const { txId: _txId, ...event } = stored;
      return { seq, hash, event };
    });
  }
}
