// What a benchmark claims to have written, checked in the database: a figure over rows that are not there is void.
import type { RawBuilder } from 'kysely';
import type { Db } from '@annot/core';

/** Runs `counts` (one row of named counts) and throws unless each is what the benchmark claims. */
export async function checkWritten(db: Db, what: string, counts: RawBuilder<Record<string, unknown>>, claimed: Record<string, number>): Promise<void> {
  const found = (await counts.execute(db)).rows[0] ?? {};
  const wrong = Object.entries(claimed).filter(([name, value]) => Number(found[name]) !== value);
  if (wrong.length === 0) return;
  const detail = wrong.map(([name, value]) => `${name}: ${String(found[name] ?? 'none')} found, ${value} claimed`).join('; ');
  throw new Error(`${what} did not write what it claims (${detail}), so its figure is void`);
}
