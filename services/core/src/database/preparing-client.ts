// A pg client that keeps the statements it runs again as prepared statements of its connection, so the server parses
// and plans a hot statement (a claim's pool lock, an append) once per connection instead of at every run. Like the
// statement caches of asyncpg and pgx: only a text run twice on the connection is kept, and at most `keptPerConnection`
// of them, so statements run once (an ad hoc filter, a list of a new length) do not fill the server's memory.
// PostgreSQL plans a kept statement for its first runs' values, and keeps a generic plan only where it costs no more.
import { createHash } from 'node:crypto';
import pg from 'pg';

/** Prepared statements a connection keeps; a pool's connections come and go, so each one starts afresh. */
export const keptPerConnection = 200;

/** Texts seen once that a connection remembers, waiting for their second run; forgotten all at once beyond it. */
const seenOncePerConnection = 2_000;

export class PreparingClient extends pg.Client {
  /** Texts kept as prepared statements, by their names. */
  private readonly kept = new Map<string, string>();
  private readonly seenOnce = new Set<string>();

  // pg's query has many signatures; only a text with parameters (as Kysely sends every statement with values) is named.
  override query(...args: any[]): any {
    const [text, values] = args;
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && args.length === 2) {
      const name = this.nameOf(text);
      if (name) return super.query({ name, text, values });
    }
    return (super.query as (...a: unknown[]) => unknown)(...args);
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
