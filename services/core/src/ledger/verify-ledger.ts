// Re-checks the audit ledger against the stored events: sequence without gaps, every hash recomputed.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/database.types';
import { exactIso } from '../database/sql-time';
import { type EventRow, toStoredEvent } from '../events/stored-event';
import { chainHash, genesisHash } from './event-hash';

export interface LedgerVerdict {
  ok: boolean;
  checked: number;
  firstBad: { seq: string; eventId: string; globalPosition: string; reason: 'hash' | 'gap' | 'missing_event' } | null;
}

export interface VerifyLedgerOptions {
  pageSize?: number;
  onProgress?: (checked: number, total: number) => void | Promise<void>;
}

export async function verifyLedger(db: Kysely<Database>, options: VerifyLedgerOptions = {}): Promise<LedgerVerdict> {
  const pageSize = options.pageSize ?? 5000;
  const { rows: countRows } = await sql<{ total: string }>`SELECT count(*)::text AS total FROM public.audit_ledger`.execute(db);
  const total = Number(countRows[0].total);
  let previous = genesisHash;
  let expectedSeq = 1n;
  let checked = 0;
  for (;;) {
    const { rows } = await sql<EventRow & { seq: string; hash: string; ledger_event_id: string; ledger_position: string }>`
      SELECT l.seq, l.hash, l.event_id AS ledger_event_id, l.global_position AS ledger_position,
             e.global_position, e.tx_id::text AS tx_id, e.stream_id, e.stream_position, e.event_id, e.type,
             e.schema_version, e.data, e.metadata,
             ${exactIso('e.recorded_at')} AS recorded_at
      FROM public.audit_ledger l LEFT JOIN public.events e ON e.global_position = l.global_position
      WHERE l.seq >= ${expectedSeq.toString()}::bigint
      ORDER BY l.seq LIMIT ${pageSize}`.execute(db);
    if (rows.length === 0) break;
    for (const row of rows) {
      const at = { seq: row.seq, eventId: row.ledger_event_id, globalPosition: row.ledger_position };
      if (BigInt(row.seq) !== expectedSeq) return { ok: false, checked, firstBad: { ...at, reason: 'gap' } };
      if (row.event_id !== row.ledger_event_id) return { ok: false, checked, firstBad: { ...at, reason: 'missing_event' } };
      previous = chainHash(previous, toStoredEvent(row));
      if (previous !== row.hash) return { ok: false, checked, firstBad: { ...at, reason: 'hash' } };
      expectedSeq += 1n;
      checked += 1;
    }
    await options.onProgress?.(checked, total);
  }
  return { ok: true, checked, firstBad: null };
}
