// A statement sent with the `begin` of its transaction in front of it, in one write and one round trip: the kept
// `begin` is bound and executed, then the statement is parsed (where it is not kept), bound and executed, and one
// Sync closes both. PostgreSQL runs them in order as one pipeline, so the statement runs inside the transaction the
// `begin` opened, and the transaction stays open after the Sync, as a `begin` sent on its own would leave it. Should
// the statement fail, the transaction is open and failed, and the caller's rollback ends it as it ends any other.
import pg from 'pg';

/** The `begin` every connection keeps prepared, so that the pipeline has no Parse of its own to answer. */
export const beginStatement = { name: 'annot_begin', text: 'begin', values: [], queryMode: 'extended' as const };

/** What a `begin` answers; nothing reads more of it. */
export const beginResult = { command: 'BEGIN', rowCount: null, rows: [], fields: [], oid: 0 } as unknown as pg.QueryResult;

/** pg's query object, as far as this one extends it. */
interface Submitted {
  submit(connection: pg.Connection): Error | null;
  handleCommandComplete(message: unknown, connection: pg.Connection): void;
}

type Answered = pg.QueryConfig & { callback: (error: Error | null, result: pg.QueryResult) => void };
const PgQuery = pg.Query as unknown as new (config: Answered) => Submitted;

export class QueryAfterBegin extends PgQuery {
  /** The first command to complete is the `begin`, which is not the statement's result. */
  private begun = false;

  override submit(connection: pg.Connection): Error | null {
    const stream = connection.stream as pg.Connection['stream'] & { cork?: () => void; uncork?: () => void };
    // pg corks the statement's own messages too; the outer cork holds the `begin`'s with them until both are written.
    stream.cork?.();
    try {
      const wire = connection as unknown as { bind(config: object): void; execute(config: object): void };
      wire.bind({ statement: beginStatement.name, portal: '', values: [] });
      wire.execute({ portal: '', rows: 0 });
      return super.submit(connection);
    } finally {
      stream.uncork?.();
    }
  }

  override handleCommandComplete(message: unknown, connection: pg.Connection): void {
    if (!this.begun) {
      this.begun = true;
      return;
    }
    super.handleCommandComplete(message, connection);
  }
}
