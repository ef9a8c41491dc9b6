// How instants and dates leave PostgreSQL: one UTC ISO-8601 spelling for every reader of the database.
import { type RawBuilder, sql } from 'kysely';

const utc = (column: string) => sql`${sql.ref(column)} AT TIME ZONE 'UTC'`;

/** An instant to the second, as screens and downloads show it. */
export function iso<T extends string | null = string>(column: string): RawBuilder<T> {
  return sql<T>`to_char(${utc(column)}, 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
}

/**
 * An instant to the microsecond: a keyset cursor compares it with the column again, and the ledger hashes it,
 * so a rounded value would skip rows or break the chain.
 */
export function exactIso<T extends string | null = string>(column: string): RawBuilder<T> {
  return sql<T>`to_char(${utc(column)}, 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** A calendar date column, which has no time zone to convert. */
export function isoDate<T extends string | null = string>(column: string): RawBuilder<T> {
  return sql<T>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
}
