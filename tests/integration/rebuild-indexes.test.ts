// A rebuild of the management log from empty goes without the log's secondary indexes and builds them once it has
// caught up: the indexes come back as they were, after a rebuild cut short too, and readers meanwhile see every row.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { catchUp, type Db, EventStore, managementLogProjection, noStream, ProjectionRunner, runBatch } from '@annot/core';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testEvent } from '../support/events';

const projection = managementLogProjection;

/** The indexes of the live management log, as pg_indexes defines them. */
async function indexesOfLog(db: Db): Promise<string[]> {
  const { rows } = await sql<{ indexdef: string }>`
    SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'management_log' ORDER BY indexname`.execute(db);
  return rows.map((row) => row.indexdef);
}

/** The log emptied and its checkpoint forgotten, as a reset leaves it: the next batch rebuilds it from the first event. */
async function reset(db: Db): Promise<void> {
  await sql`TRUNCATE management_log`.execute(db);
  await sql`DELETE FROM projection_checkpoints WHERE projection = ${projection.name}`.execute(db);
}

/** Every row of the log as its readers get it, in log order. */
async function rowsOfLog(db: Db): Promise<string[]> {
  const { rows } = await sql<{ row: string }>`SELECT row_to_json(m)::text AS row FROM management_log m ORDER BY global_position`.execute(db);
  return rows.map((row) => row.row);
}

/** The place of the n-th event in log order (1 is the first). */
async function placeOf(db: Db, n: number): Promise<{ txId: string; globalPosition: string }> {
  const { rows } = await sql<{ tx_id: string; global_position: string }>`
    SELECT tx_id::text AS tx_id, global_position::text AS global_position FROM events ORDER BY tx_id, global_position OFFSET ${n - 1} LIMIT 1`.execute(db);
  return { txId: rows[0].tx_id, globalPosition: rows[0].global_position };
}

/** What the log's readers see of one project: its rows, newest first, through the project index when it is there. */
async function loggedFor(db: Db, projectId: string): Promise<string[]> {
  const { rows } = await sql<{ global_position: string }>`
    SELECT global_position FROM management_log WHERE project_id = ${projectId} ORDER BY global_position DESC`.execute(db);
  return rows.map((row) => row.global_position);
}

describe('rebuild without secondary indexes', () => {
  let test: TestDatabase;
  let indexes: string[];
  const projectId = randomUUID();
  let ofProject: string[] = [];
  const events = 40;

  beforeAll(async () => {
    test = await createTestDatabase();
    const store = new EventStore(test.db);
    for (let n = 0; n < events / 2; n++) {
      const { positions } = await store.append(`thing-${randomUUID()}`, noStream, [
        testEvent('ThingMade', { projectId: n % 3 === 0 ? projectId : randomUUID(), n, projectIds: [randomUUID()] }),
        testEvent('ThingNoted', [n]),
      ]);
      if (n % 3 === 0) ofProject.push(positions[0]);
    }
    ofProject = ofProject.reverse();
    indexes = await indexesOfLog(test.db);
    // A runner applies only settled events: a transaction elsewhere on the server, begun before the last append, holds
    // them back, and the batches below would come back short.
    await vi.waitFor(
      async () => {
        const { rows } = await sql<{ settled: boolean }>`SELECT pg_snapshot_xmin(pg_current_snapshot()) > max(tx_id) AS settled FROM events`.execute(test.db);
        if (!rows[0].settled) throw new Error('the appends are not settled yet');
      },
      { timeout: 120_000, interval: 200 },
    );
  }, 180_000);
  afterAll(async () => test.drop());

  it('drops the secondary indexes for a rebuild from empty, keeps the primary key, and builds them again once caught up', async () => {
    expect(indexes.length).toBeGreaterThan(1);
    await reset(test.db);

    expect(await runBatch(test.db, projection, 4)).toBe('applied');
    // Only the primary key, which the writes rely on, is left while the rebuild runs.
    expect(await indexesOfLog(test.db)).toEqual([expect.stringContaining('management_log_pkey')]);

    await catchUp(test.db, projection, 4);
    expect(await indexesOfLog(test.db)).toEqual(indexes);
    expect(await loggedFor(test.db, projectId)).toEqual(ofProject);
    const { rows } = await sql<{ rows: number }>`SELECT count(*)::int AS rows FROM management_log`.execute(test.db);
    expect(rows[0].rows).toBe(events);
  });

  it('applies each batch of a rebuild in two halves, each committed by a transaction of its own', async () => {
    await catchUp(test.db, projection, 4);
    const before = await rowsOfLog(test.db);
    await reset(test.db);

    // The first batch of 4 drops the indexes; the rebuild then goes on in batches of 20 (its ahead factor): 20 and 16.
    await catchUp(test.db, projection, 4);
    const { rows } = await sql<{ writers: number }>`SELECT count(DISTINCT xmin::text)::int AS writers FROM management_log`.execute(test.db);
    expect(rows[0].writers).toBe(1 + 2 + 2);
    expect(await rowsOfLog(test.db)).toEqual(before);
    expect(await indexesOfLog(test.db)).toEqual(indexes);
  });

  it('leaves the rows a half committed alone as they are, and logs every other event once', async () => {
    await catchUp(test.db, projection, 4);
    const before = await rowsOfLog(test.db);
    await reset(test.db);
    await runBatch(test.db, projection, 10);
    // The second half of a batch committed while its lease holder failed: events 21 to 30 stand past the checkpoint.
    const half = { after: await placeOf(test.db, 20), until: await placeOf(test.db, 30) };
    await test.db.transaction().execute((trx) => projection.applyRange!(trx, half));
    const { rows } = await sql<{ rows: number }>`SELECT count(*)::int AS rows FROM management_log`.execute(test.db);
    expect(rows[0].rows).toBe(20);

    await catchUp(test.db, projection, 10);
    expect(await rowsOfLog(test.db)).toEqual(before);
    expect(await indexesOfLog(test.db)).toEqual(indexes);
  });

  it('lets readers see every row of a rebuild cut short, and builds the indexes when the rebuild goes on', async () => {
    await reset(test.db);
    // A runner that stops after two batches: the log holds their rows, without its secondary indexes.
    await runBatch(test.db, projection, 10);
    await runBatch(test.db, projection, 10);
    expect(await indexesOfLog(test.db)).toHaveLength(1);
    // The project's rows among the first twenty events (of the first ten appends: n = 0, 3, 6 and 9).
    expect(await loggedFor(test.db, projectId)).toEqual(ofProject.slice(-4));

    // The next runner to start goes on from the checkpoint, drops nothing more and builds the indexes at the end.
    const runner = new ProjectionRunner(test.db, [projection], { idleMs: 5, batchSize: 10 });
    runner.start();
    try {
      await expect.poll(() => indexesOfLog(test.db), { timeout: 10_000 }).toEqual(indexes);
    } finally {
      await runner.stop();
    }
    expect(await loggedFor(test.db, projectId)).toEqual(ofProject);
  });

  it('builds the indexes after a rebuild reset midway and begun again', async () => {
    await reset(test.db);
    await runBatch(test.db, projection, 10);
    expect(await indexesOfLog(test.db)).toHaveLength(1);
    await reset(test.db);

    await catchUp(test.db, projection, 10);
    expect(await indexesOfLog(test.db)).toEqual(indexes);
    expect(await loggedFor(test.db, projectId)).toEqual(ofProject);
  });

  it('builds the indexes when a runner starts with nothing left to apply after a rebuild stopped on its last batch', async () => {
    await reset(test.db);
    // One full batch takes every event: the rebuild has dropped the indexes and has not yet looked for more.
    await runBatch(test.db, projection, events);
    expect(await indexesOfLog(test.db)).toHaveLength(1);

    const runner = new ProjectionRunner(test.db, [projection], { idleMs: 5 });
    runner.start();
    try {
      await expect.poll(() => indexesOfLog(test.db), { timeout: 10_000 }).toEqual(indexes);
    } finally {
      await runner.stop();
    }
  });

  it('keeps the indexes when a reader holds the log longer than the drop may wait, and rebuilds all the same', async () => {
    await reset(test.db);
    await test.db.connection().execute(async (reader) => {
      await sql`BEGIN`.execute(reader);
      await sql`SELECT count(*) FROM management_log`.execute(reader);
      try {
        expect(await runBatch(test.db, projection, 4)).toBe('applied');
        expect(await indexesOfLog(test.db)).toEqual(indexes);
      } finally {
        await sql`ROLLBACK`.execute(reader);
      }
    });
    await catchUp(test.db, projection, 4);
    expect(await indexesOfLog(test.db)).toEqual(indexes);
    expect(await loggedFor(test.db, projectId)).toEqual(ofProject);
  });

  it('leaves the indexes once, without an error, when two runners rebuild side by side', async () => {
    await reset(test.db);
    const errors: unknown[] = [];
    const runners = [0, 1].map(() => new ProjectionRunner(test.db, [projection], { idleMs: 5, batchSize: 3, onError: (_, error) => errors.push(error) }));
    runners.forEach((runner) => runner.start());
    try {
      await expect.poll(() => loggedFor(test.db, projectId), { timeout: 10_000 }).toEqual(ofProject);
      await expect.poll(() => indexesOfLog(test.db), { timeout: 10_000 }).toEqual(indexes);
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
    }
    expect(errors).toEqual([]);
  });
});
