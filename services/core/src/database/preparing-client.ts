// A pg client that keeps the statements it runs again as prepared statements of its connection, so the server parses
// and plans a hot statement (a claim's pool lock, an append) once per connection instead of at every run. Like the
// statement caches of asyncpg and pgx: only a text run twice on the connection is kept, and at most `keptPerConnection`
// of them, so statements run once (an ad hoc filter, a list of a new length) do not fill the server's memory.
// PostgreSQL plans a kept statement for its first runs' values, and keeps a generic plan only where it costs no more.
// A transaction's `begin` is kept too, and travels with the transaction's first statement: one round trip fewer for
// every transaction (`QueryAfterBegin`).
import { createHash } from 'node:crypto';
import pg from 'pg';
import { beginResult, beginStatement, QueryAfterBegin } from './query-after-begin';

/** Prepared statements a connection keeps; a pool's connections come and go, so each one starts afresh. */
export const keptPerConnection = 200;

/** Texts seen once that a connection remembers, waiting for their second run; forgotten all at once beyond it. */
const seenOncePerConnection = 2_000;

export class PreparingClient extends pg.Client {
  /** Texts kept as prepared statements, by their names. */
  private readonly kept = new Map<string, string>();
  private readonly seenOnce = new Set<string>();

  /** A `begin` asked for and answered, not sent yet: it goes with the transaction's first statement. */
  private beginWaits = false;

  // pg's query has many signatures; only a text with parameters (as Kysely sends every statement with values) is named.
  override query(...args: any[]): any {
    const [text, values] = args;
    const bare = typeof text === 'string' && Array.isArray(values) && args.length === 2;
    if (bare && values.length === 0 && text === 'begin' && !this.beginWaits) return this.begin();
    if (this.beginWaits) {
      this.beginWaits = false;
      // A transaction that ends before it ran anything had nothing to begin.
      if (bare && values.length === 0 && (text === 'commit' || text === 'rollback')) return Promise.resolve({ ...beginResult, command: text.toUpperCase() });
      if (bare && values.length > 0) return this.afterBegin({ name: this.nameOf(text), text, values });
      // Anything else (a text without parameters, a cursor) goes after the begin, sent on its own as it always was.
      super.query(beginStatement).catch(() => undefined);
    }
    if (bare && values.length > 0) {
      const name = this.nameOf(text);
      if (name) return super.query({ name, text, values });
    }
    return (super.query as (...a: unknown[]) => unknown)(...args);
  }

  /** pg hands a query object it is given back as it is: its answer comes through the callback. */
  private afterBegin(config: pg.QueryConfig): Promise<pg.QueryResult> {
    return new Promise((resolve, reject) => {
      super.query(new QueryAfterBegin({ ...config, callback: (error: Error | null, result: pg.QueryResult) => (error ? reject(error) : resolve(result)) }));
    });
  }

  /** The first `begin` of a connection runs as the statement it keeps; later ones wait for the first statement after them. */
  private begin(): Promise<pg.QueryResult> {
    const parsed = (this.connection as unknown as { parsedStatements: Record<string, string> }).parsedStatements;
    if (parsed[beginStatement.name] === undefined) return super.query(beginStatement);
    this.beginWaits = true;
    return Promise.resolve(beginResult);
  }

  /** The statement's name where it is or becomes one the connection keeps; undefined to send it unnamed. */
  private nameOf(text: string): string | undefined {
    const known = this.kept.get(text);
    if (known) return known;
    if (this.kept.size >= keptPerConnection) return undefined;
    if (!this.seenOnce.has(text)) {
      if (this.seenOnce.size >= seenOncePerConnection) this.seenOnce.clear();
      this.seenOnce.add(text);
      return undefined;
    }
    this.seenOnce.delete(text);
    const name = `s${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    this.kept.set(text, name);
    return name;
  }
}
