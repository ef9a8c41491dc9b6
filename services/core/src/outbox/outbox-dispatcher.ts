// Moves outbox rows to BullMQ under each row's own job id, delayed until their run_at; rows stay put while Redis is away.
import { sql, type Kysely } from 'kysely';
import type { Queue } from 'bullmq';
import type { Database } from '../database/database.types';
import type { Wakeup } from '../database/wakeup';
import { delayUntil } from './outbox-message';

export interface DispatcherOptions {
  batchSize?: number;
  idleMs?: number;
  /** How long one add may wait for Redis; BullMQ waits forever for a connection it never had. */
  sendTimeoutMs?: number;
  onError?: (error: unknown) => void;
  /** Rings when outbox rows are written; without it the loop polls every `idleMs` all the time. */
  wakeup?: Wakeup;
}

export const outboxJobId = (jobId: string): string => `outbox-${jobId}`;

export class OutboxDispatcher {
  private running = false;
  private loopDone: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly queueFor: (name: string) => Queue,
    private readonly options: DispatcherOptions = {},
  ) {}

  /** Dispatches one batch; returns how many rows reached Redis. SKIP LOCKED lets several dispatchers share the table. */
  async dispatchOnce(): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('outbox')
        .select(['id', 'job_id', 'queue', 'job_name', 'payload', 'run_at'])
        .where('dispatched_at', 'is', null)
        .orderBy('id')
        .limit(this.options.batchSize ?? 100)
        .forUpdate()
        .skipLocked()
        .execute();
      const sent: string[] = [];
      for (const row of rows) {
        try {
          // A job re-added after a crash between add and commit keeps the same id, so BullMQ ignores it.
          const added = this.queueFor(row.queue).add(row.job_name, row.payload, {
            jobId: outboxJobId(row.job_id),
            // A timer is in Redis from now on, so it outlives a restart of any worker; its delay counts from this add.
            delay: delayUntil(row.run_at),
            attempts: 5,
            backoff: { type: 'exponential', delay: 1000 },
            removeOnComplete: { age: 7 * 24 * 3600 },
            removeOnFail: { age: 30 * 24 * 3600 },
          });
          await withTimeout(added, this.options.sendTimeoutMs ?? 3000);
          sent.push(row.id);
        } catch (error) {
          await trx
            .updateTable('outbox')
            .set({ attempts: sql`attempts + 1`, last_error: String((error as Error).message ?? error) })
            .where('id', '=', row.id)
            .execute();
          this.options.onError?.(error);
          break;
        }
      }
      if (sent.length > 0) {
        await trx.updateTable('outbox').set({ dispatched_at: new Date(), last_error: null }).where('id', 'in', sent).execute();
      }
      return sent.length;
    });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.options.wakeup?.ring();
    await this.loopDone;
  }

  private async loop(): Promise<void> {
    const idleMs = this.options.idleMs ?? 250;
    const wakeup = this.options.wakeup;
    while (this.running) {
      const seen = wakeup?.seen ?? 0;
      let sent = 0;
      try {
        sent = await this.dispatchOnce();
      } catch (error) {
        this.options.onError?.(error);
      }
      if (sent > 0) continue;
      // With nothing sent (or Redis away), the next try comes when a row is written, or after the long rest.
      await (wakeup ? wakeup.rest(seen) : new Promise((resolve) => setTimeout(resolve, idleMs)));
    }
  }
}

/** An add that times out may still land later; the row stays pending and its next add reuses the job id. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  promise.catch(() => undefined);
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
