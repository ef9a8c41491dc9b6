// `replay --verify` over a real log: silent when all is well, loud and precise when an event was altered.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { auditProjection, catchUp, EventStore, managementLogProjection, noStream, projectionCatalogue, rebuildInto } from '@annot/core';
import { replayCommand } from '../../scripts/src/replay-command';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testEvent } from '../support/events';

async function replay(test: TestDatabase): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await replayCommand(['--verify'], test.url, (line) => lines.push(line));
  return { code, output: lines.join('\n') };
}

describe('replay --verify', () => {
  let test: TestDatabase;
  let tampered: string;

  beforeAll(async () => {
    test = await createTestDatabase();
    const store = new EventStore(test.db);
    for (let i = 0; i < 30; i++) {
      const auditId = randomUUID();
      await store.append(`audit-${auditId}`, noStream, [testEvent('AuditRequested', { auditId, requestedBy: `auditor-${i}` })], {
        projections: [auditProjection],
      });
      if (i === 17) tampered = auditId;
    }
    for (const projection of projectionCatalogue.filter((p) => p.mode === 'async')) await catchUp(test.db, projection);
  });
  afterAll(async () => test.drop());

  it('passes and says what it compared on an untouched log', async () => {
    const { code, output } = await replay(test);
    expect(code).toBe(0);
    expect(output).toContain('same  audits -> audits: live 30 rows, rebuilt 30 rows');
    expect(output).toContain('same  management-log -> management_log: live 30 rows, rebuilt 30 rows');
    expect(output).toContain('intact     audit ledger hash chain: 30 events checked');
  });

  it('rebuilds the management log into a copy with every index of the live one, built after it is filled', async () => {
    // An index as its definition reads without its name and schema, which differ between the live table and the copy.
    const indexesOf = async (db: typeof test.db, schema: string) => {
      const { rows } = await sql<{ definition: string }>`
        SELECT regexp_replace(indexdef, 'INDEX \\S+ ON \\S+\\.', 'INDEX ON ') AS definition
        FROM pg_indexes WHERE schemaname = ${schema} AND tablename = 'management_log' ORDER BY 1`.execute(db);
      return rows.map((row) => row.definition);
    };
    const live = await indexesOf(test.db, 'public');
    expect(live.length).toBeGreaterThan(1);
    await test.db.transaction().execute(async (trx) => {
      expect(await rebuildInto(trx, 'copied', [managementLogProjection], { pageSize: 7 })).toBe(30);
      expect(await indexesOf(trx, 'copied')).toEqual(live);
      await sql`DROP SCHEMA copied CASCADE`.execute(trx);
    });
  });

  it('fails and names the event when one stored event is changed in SQL', async () => {
    const { rows } = await sql<{ event_id: string; global_position: string }>`
      UPDATE events SET data = jsonb_set(data, '{requestedBy}', '"mallory"')
      WHERE stream_id = ${`audit-${tampered}`} RETURNING event_id, global_position::text`.execute(test.db);
    const { code, output } = await replay(test);
    expect(code).toBe(1);
    expect(output).toContain(`event ${rows[0].event_id} (global position ${rows[0].global_position}) fails its hash check`);
    expect(output).toMatch(/DIFFERENT  audits -> audits: .*1 only live, 1 only rebuilt/);
    expect(output).toContain('"requested_by":"mallory"');
    expect(output).toContain('replay FAILED');
  });

  it('fails when a projection row is changed behind the log', async () => {
    await sql`UPDATE events SET data = jsonb_set(data, '{requestedBy}', '"auditor-17"') WHERE stream_id = ${`audit-${tampered}`}`.execute(test.db);
    expect((await replay(test)).code).toBe(0);
    await sql`DELETE FROM management_log WHERE global_position = (SELECT max(global_position) FROM management_log)`.execute(test.db);
    const { code, output } = await replay(test);
    expect(code).toBe(1);
    expect(output).toMatch(/DIFFERENT  management-log -> management_log: live 29 rows, rebuilt 30 rows, 0 only live, 1 only rebuilt/);
  });
});
