// Tells the loops of every process on the database (any replica's projections and outbox dispatcher) that commits
// appended events or outbox rows. The NOTIFY goes out after the commit, on a connection of its own: one sent inside
// the appending transaction takes PostgreSQL's database-wide notify lock at commit, so concurrent appends would commit
// one at a time. Commits close together share one notification, at most one every few milliseconds; a notification
// lost with its connection only leaves the loops to their long rest.
import pg from 'pg';
import { writtenChannel } from '../database/wakeup';

/** What a notification names: the table whose readers it wakes. */
export type WrittenTable = 'events' | 'outbox';

/** The least time between two notifications of one process. */
const gapMs = 5;
/** How long the connection stays open after the last notification, so a quiet process holds none. */
const idleMs = 30_000;

export class WrittenNotifier {
  private readonly pending = new Set<WrittenTable>();
  /** One connection, opened for a notification and closed when idle; one that broke is replaced by the next. */
  private readonly connection: pg.Pool;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The notification on its way: the next one waits for it. */
  private sending: Promise<void> | null = null;
  private sentAt = Number.NEGATIVE_INFINITY;
  private closed = false;

  constructor(
    url: string,
    private readonly onTrouble: (error: unknown) => void = () => undefined,
  ) {
    // A notification commits without waiting for the disk: one lost in a crash only leaves the loops to their long
    // rest, and a flush for each would take the disk from the appends it tells of.
    this.connection = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: idleMs, allowExitOnIdle: true, options: '-c synchronous_commit=off' });
    this.connection.on('error', () => undefined);
  }

  /** A transaction that wrote to these tables has committed. */
  written(tables: Iterable<WrittenTable>): void {
    if (this.closed) return;
    for (const table of tables) this.pending.add(table);
    this.schedule();
  }

  /** Sends what is still to be told, and closes the connection. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.sending;
    if (this.pending.size > 0) await this.send();
    await this.connection.end();
  }

  private schedule(): void {
    if (this.closed || this.timer !== undefined || this.sending !== null || this.pending.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.sending = this.send().finally(() => {
        this.sending = null;
        this.schedule();
      });
    }, Math.max(0, this.sentAt + gapMs - performance.now()));
  }

  private async send(): Promise<void> {
    const tables = [...this.pending];
    this.pending.clear();
    this.sentAt = performance.now();
    try {
      await this.connection.query('SELECT pg_notify($1, t) FROM unnest($2::text[]) AS t', [writtenChannel, tables]);
    } catch (error) {
      this.onTrouble(error);
    }
  }
}
