// Runs async projections from the global log; checkpoint and writes commit together, one runner per projection.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database/database.types';
import { type LogCursor, logStart } from '../events/stored-event';
import { firstOfLog } from '../events/event-log.reader';
import type { Wakeup } from '../database/wakeup';
import type { LogRange, Projection } from './projection';
import { applyPage, type ProjectionPage, readPage } from './projection-page';
import { createIndexes, dropSecondaryIndexes } from './rebuild-indexes';

export interface RunnerOptions {
  batchSize?: number;
  /** Bytes of event data as stored per batch, beside its events; see `BatchBounds`. */
  batchBytes?: number;
  idleMs?: number;
  onError?: (projection: string, error: unknown) => void;
  /** Rings when events are appended; without it the loops poll at their own pace all the time. */
  wakeup?: Wakeup;
}

export type BatchOutcome = 'applied' | 'idle' | 'busy';

/** Events per batch, each committed with its checkpoint. */
const defaultBatchSize = 2000;

/**
 * Bytes of event data per batch, as stored (compressed). An import's ResultSaved carries its result, 950 bytes stored
 * for ten boxes, 3.8 kB as JSON text and several times that once parsed, so 10,000 of them read ahead while 10,000 are
 * applied held hundreds of MB in each runner. Half a MB is about 500 such results (a chunk of registered items, 22 kB
 * stored, compresses eleven times: about 23 of them) and still takes a runner's usual batch of small events (a
 * lifecycle change, a claim, a few hundred bytes each) whole.
 */
const defaultBatchBytes = 1 << 19;

/**
 * A batch ends at `events` events or where its events' data reaches `bytes` as stored, whichever comes first (never
 * before its first event). A bare number bounds the events only, with the default bytes.
 */
export interface BatchBounds {
  events: number;
  bytes: number;
}

export type BatchSize = number | Partial<BatchBounds>;

const boundsOf = (size: BatchSize = {}): BatchBounds =>
  typeof size === 'number' ? { events: size, bytes: defaultBatchBytes } : { events: size.events ?? defaultBatchSize, bytes: size.bytes ?? defaultBatchBytes };

/** How many times larger the batches of a runner far behind are than those of one that keeps up. */
const aheadFactor = 5;

export async function readCheckpoint(db: Kysely<Database>, projection: string): Promise<LogCursor> {
  return (await readRunnerState(db, projection)).at;
}

/** What a projection's runner keeps beside its events: its checkpoint, and the indexes a rebuild dropped, if any. */
interface RunnerState {
  at: LogCursor;
  droppedIndexes: string[] | null;
}

/** Named in public: replay reads the live checkpoints while its search path points at its fresh tables. */
async function readRunnerState(db: Kysely<Database>, projection: string): Promise<RunnerState> {
  const { rows } = await sql<{ tx_id: string | null; global_position: string | null; definitions: string[] | null }>`
    SELECT c.tx_id::text AS tx_id, c.global_position::text AS global_position, d.definitions
    FROM (SELECT ${projection}::text AS projection) p
    LEFT JOIN public.projection_checkpoints c USING (projection)
    LEFT JOIN public.projection_dropped_indexes d USING (projection)`.execute(db);
  const { tx_id: txId, global_position: globalPosition, definitions } = rows[0];
  return { at: txId !== null && globalPosition !== null ? { txId, globalPosition } : logStart, droppedIndexes: definitions };
}

/**
 * Applies one batch of settled events. The transaction-scoped advisory lock is the lease: a second
 * runner of the same projection, in any process, gets 'busy' and leaves the batch to the holder.
 */
export async function runBatch(db: Kysely<Database>, projection: Projection, batchSize?: BatchSize): Promise<BatchOutcome> {
  return (await firstBatch(db, projection, boundsOf(batchSize))).outcome;
}

/**
 * One batch read and applied in one transaction, with where it ended when it came back full (more may wait). A full
 * batch from the first event into empty tables begins a rebuild: the tables' secondary indexes go first (for a
 * projection that allows it); a batch that leaves nothing behind it ends one, and builds them again.
 */
async function firstBatch(db: Kysely<Database>, projection: Projection, bounds: BatchBounds): Promise<{ outcome: BatchOutcome; fullTo?: LogCursor }> {
  return db.transaction().execute(async (trx) => {
    const held = await lease(trx, projection);
    if (!held) return { outcome: 'busy' as const };
    const batch = await readSettled(trx, projection, held.at, bounds);
    const full = batch?.full === true;
    if (full && (await rebuildsFromEmpty(trx, projection, held))) await dropIndexes(trx, projection);
    if (batch) await commitBatch(trx, projection, batch, held);
    if (!full) await buildDroppedIndexes(trx, projection, held);
    return batch ? { outcome: 'applied' as const, fullTo: full ? batch.last : undefined } : { outcome: 'idle' as const };
  });
}

/**
 * Applies settled batches back to back until one comes back empty, another runner holds the lease, or `more` says
 * stop. A runner that keeps up reads and applies its batch in one transaction. One far behind (a new or reset one
 * rebuilding from the first event), whose batch came back full, goes on in batches of `aheadFactor` times the events
 * (and the same bytes: a batch of large events stays as small in memory), each read on a second connection of the
 * pool while the one before is applied and committed, so it reads and writes at once; a batch read ahead is applied
 * only if the checkpoint is still where it was read from. Caught up, it ends with a batch that is not full (or a last
 * look that finds none), which builds any indexes the rebuild dropped.
 */
export async function applySettled(db: Kysely<Database>, projection: Projection, batchSize?: BatchSize, more: () => boolean = () => true): Promise<BatchOutcome> {
  const bounds = boundsOf(batchSize);
  const first = await firstBatch(db, projection, bounds);
  if (!first.fullTo || !more()) return first.outcome;
  const ahead = { events: bounds.events * aheadFactor, bytes: bounds.bytes };
  let next = readSettled(db, projection, first.fullTo, ahead);
  for (;;) {
    const batch = await next;
    if (!batch) {
      await runBatch(db, projection, bounds);
      return 'applied';
    }
    next = readSettled(db, projection, batch.last, ahead);
    // A read that fails while this batch is applied must not go unhandled; the await above rethrows it.
    next.catch(() => undefined);
    if (!(await applyBatch(db, projection, batch, batch.full)) || !more()) {
      await next.catch(() => undefined);
      return 'applied';
    }
  }
}

/**
 * Applies `batch` in a transaction of its own with the checkpoint at its end, if the lease is free and the checkpoint
 * still where the batch was read from; false when another runner holds the lease or has moved on. A rebuild from empty
 * of a projection that makes its rows in SQL applies the batch's second half on another connection of the pool while
 * the lease holder applies the first, so the server builds rows on two cores; the checkpoint moves once both have
 * committed. Should the lease holder fail after the other half committed, those rows stand past the checkpoint, and
 * every batch of the rebuild, until its indexes are built again, is applied leaving rows that stand as they are.
 */
async function applyBatch(db: Kysely<Database>, projection: Projection, batch: ProjectionPage, full: boolean): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const held = await lease(trx, projection);
    if (!held || held.at.txId !== batch.after.txId || held.at.globalPosition !== batch.after.globalPosition) return false;
    if (held.droppedIndexes !== null && projection.applyRange && batch.middle) {
      const { after, middle, last } = batch;
      const halves = await Promise.allSettled([projection.applyRange(trx, { after, until: middle }, true), applyAlone(db, projection, { after: middle, until: last })]);
      const failed = halves.find((half) => half.status === 'rejected');
      if (failed) throw failed.reason;
      await moveCheckpoint(trx, projection, batch);
    } else await commitBatch(trx, projection, batch, held);
    if (!full) await buildDroppedIndexes(trx, projection, held);
    return true;
  });
}

/** A half of a rebuild's batch, applied and committed on a connection of its own. */
async function applyAlone(db: Kysely<Database>, projection: Projection, range: LogRange): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('synchronous_commit', 'off', true)`.execute(trx);
    await projection.applyRange!(trx, range, true);
  });
}

/**
 * The lease of a projection's runner for the rest of the transaction, with its state, if no other runner holds it; in
 * the same round trip, the transaction's commit is told not to wait for the disk: a crash can lose a batch only
 * together with its checkpoint, and the runner then applies it again. The state is read by a statement of its own,
 * once the lock is held: the snapshot of the statement that takes the lock may predate the last commit of the runner
 * that held it before, and would show its checkpoint where it was.
 */
async function lease(trx: Transaction<Database>, projection: Projection): Promise<RunnerState | undefined> {
  const { rows } = await sql<{ leased: boolean }>`
    SELECT pg_try_advisory_xact_lock(hashtextextended(${'projection:' + projection.name}, 0)) AS leased,
           set_config('synchronous_commit', 'off', true) AS synchronous_commit`.execute(trx);
  return rows[0].leased ? readRunnerState(trx, projection.name) : undefined;
}

/** Whether the lease holder is about to fill the projection's tables from empty, and may drop their indexes first. */
async function rebuildsFromEmpty(trx: Transaction<Database>, projection: Projection, held: RunnerState): Promise<boolean> {
  if (!projection.indexesAfterRebuild || held.droppedIndexes || held.at.txId !== logStart.txId || held.at.globalPosition !== logStart.globalPosition) return false;
  for (const table of projection.tables) {
    const { rows } = await sql<{ empty: boolean }>`SELECT NOT EXISTS (SELECT FROM ${sql.table(table)}) AS empty`.execute(trx);
    if (!rows[0].empty) return false;
  }
  return true;
}

/**
 * Drops the secondary indexes of the projection's tables and keeps their definitions, in the lease holder's
 * transaction: the tables never lose an index without the record of it. Readers meanwhile find the rows they always
 * would, only by scanning; one that holds a table too long keeps the indexes in place.
 */
async function dropIndexes(trx: Transaction<Database>, projection: Projection): Promise<void> {
  const dropped = await dropSecondaryIndexes(trx, projection.tables, dropLockTimeout);
  if (dropped.length > 0) await trx.insertInto('projection_dropped_indexes').values({ projection: projection.name, definitions: dropped }).execute();
}

/** How long the drop waits for readers of the tables before the rebuild goes on with its indexes. */
const dropLockTimeout = '2s';

/** Builds the indexes a rebuild dropped, in the lease holder's transaction, and forgets them in the same commit. */
async function buildDroppedIndexes(trx: Transaction<Database>, projection: Projection, held: RunnerState): Promise<void> {
  if (!held.droppedIndexes) return;
  await createIndexes(trx, held.droppedIndexes);
  await trx.deleteFrom('projection_dropped_indexes').where('projection', '=', projection.name).execute();
}

const readSettled = (db: Kysely<Database>, projection: Projection, after: LogCursor, bounds: BatchBounds) =>
  readPage(db, projection, { after, limit: bounds.events, horizon: 'settled' }, bounds.bytes);

/**
 * Applies a batch and moves the checkpoint past it, in the caller's transaction. A rebuild from empty applies rows
 * that a half committed alone may have made already (see `applyBatch`), and leaves those as they are.
 */
async function commitBatch(trx: Transaction<Database>, projection: Projection, batch: ProjectionPage, held: RunnerState): Promise<void> {
  await applyPage(trx, projection, batch, held.droppedIndexes !== null);
  await moveCheckpoint(trx, projection, batch);
}

async function moveCheckpoint(trx: Transaction<Database>, projection: Projection, batch: ProjectionPage): Promise<void> {
  await sql`
    INSERT INTO projection_checkpoints (projection, tx_id, global_position, updated_at)
    VALUES (${projection.name}, ${batch.last.txId}::xid8, ${batch.last.globalPosition}::bigint, now())
    ON CONFLICT (projection) DO UPDATE
      SET tx_id = excluded.tx_id, global_position = excluded.global_position, updated_at = now()`.execute(trx);
}

/**
 * Applies batches until the projection has every event of its types committed before the call, waiting while
 * transactions still running elsewhere on the server hold the settled horizon short of them, or while another
 * runner holding the lease applies them.
 */
export async function catchUp(db: Kysely<Database>, projection: Projection, batchSize?: BatchSize): Promise<void> {
  const target = await lastEventOf(db, projection);
  if (!target) return;
  for (;;) {
    const reached = await readCheckpoint(db, projection.name);
    if (BigInt(reached.txId) > BigInt(target.txId) || (reached.txId === target.txId && BigInt(reached.globalPosition) >= BigInt(target.globalPosition))) return;
    if ((await applySettled(db, projection, batchSize)) !== 'applied') await sleep(20);
  }
}

/** The last committed event the projection reads, in log order. */
async function lastEventOf(db: Kysely<Database>, projection: Projection): Promise<LogCursor | undefined> {
  let query = db
    .selectFrom('events')
    .select([sql<string>`tx_id::text`.as('tx_id'), 'global_position'])
    .orderBy(sql`events.tx_id`, 'desc')
    .orderBy(sql`events.global_position`, 'desc')
    .limit(1);
  if (projection.types) query = query.where('type', 'in', [...projection.types]);
  const row = await query.executeTakeFirst();
  return row ? { txId: row.tx_id, globalPosition: row.global_position } : undefined;
}

export class ProjectionRunner {
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly projections: Projection[],
    private readonly options: RunnerOptions = {},
  ) {}

  private get bounds(): Partial<BatchBounds> {
    return { events: this.options.batchSize, bytes: this.options.batchBytes };
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loops = this.projections.filter((p) => p.mode === 'async').map((p) => this.loop(p));
  }

  async stop(): Promise<void> {
    this.running = false;
    this.options.wakeup?.ring();
    await Promise.all(this.loops);
    this.loops = [];
  }

  private async loop(projection: Projection): Promise<void> {
    const pollMs = projection.pollMs ?? this.options.idleMs ?? 200;
    const wakeup = this.options.wakeup;
    let starting = true;
    while (this.running) {
      const seen = wakeup?.seen ?? 0;
      let next: 'now' | 'soon' | 'when written';
      try {
        next = await this.step(projection, starting);
        starting = false;
      } catch (error) {
        this.options.onError?.(projection.name, error);
        next = 'soon';
      }
      if (next === 'now') continue;
      if (!wakeup) await sleep(pollMs);
      else await wakeup.rest(seen, next === 'soon' ? pollMs : wakeup.restMs);
    }
  }

  /**
   * One poll: a batch applied goes on at once; events committed behind a transaction still running are looked for
   * again soon; with nothing waiting (or another process applying) the loop rests until something is written. The
   * first poll after a start looks for a batch even with nothing waiting: a rebuild that a stop cut short after its
   * last batch left indexes to build again.
   */
  private async step(projection: Projection, starting: boolean): Promise<'now' | 'soon' | 'when written'> {
    const waiting = await waitingFor(this.db, projection);
    if (waiting === 'none') {
      if (starting) await runBatch(this.db, projection, this.bounds);
      return 'when written';
    }
    if (waiting === 'unsettled') return 'soon';
    const outcome = await applySettled(this.db, projection, this.bounds, () => this.running);
    return outcome === 'applied' ? 'now' : 'when written';
  }
}

/**
 * What waits for a projection past its checkpoint, read outside any transaction: settled events to apply, committed
 * ones held behind an older transaction still running ('unsettled'), or nothing. The first event past the checkpoint
 * in log order says which, since later ones belong to the same or younger transactions.
 */
export async function waitingFor(db: Kysely<Database>, projection: Projection): Promise<'settled' | 'unsettled' | 'none'> {
  const first = await firstOfLog(db, await readCheckpoint(db, projection.name), projection.types);
  return first === undefined ? 'none' : first.settled ? 'settled' : 'unsettled';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
