// Gives settled events a gap-free sequence and a SHA-256 hash chain, in global log order.
import { sql } from 'kysely';
import type { Projection } from '../projections/projection';
import { chainHash, genesisHash } from './event-hash';

export const auditLedgerProjection: Projection = {
  name: 'audit-ledger',
  mode: 'async',
  tables: ['audit_ledger'],
  async apply(db, events) {
    if (events.length === 0) return;
    const last = await db.selectFrom('audit_ledger').select(['seq', 'hash']).orderBy('seq', 'desc').limit(1).executeTakeFirst();
    let seq = BigInt(last?.seq ?? 0);
    let hash = last?.hash ?? genesisHash;
    const seqs: string[] = [];
    const hashes: string[] = [];
    for (const event of events) {
      seq += 1n;
      hash = chainHash(hash, event);
      seqs.push(seq.toString());
      hashes.push(hash);
    }
    await sql`
      INSERT INTO audit_ledger (seq, global_position, event_id, hash)
      SELECT * FROM unnest(${seqs}::bigint[], ${events.map((e) => e.globalPosition)}::bigint[],
                           ${events.map((e) => e.eventId)}::uuid[], ${hashes}::text[])`.execute(db);
  },
};
