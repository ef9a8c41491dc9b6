// Lifecycles' current states as their projection rows hold them: what reads, access checks and jobs decide on, in one
// statement, instead of folding streams. Inline with the events, so a row is the state the last command left.
import { Inject, Injectable } from '@nestjs/common';
import { type Kysely, sql } from 'kysely';
import type { Loaded } from '../commands/command-pipeline';
import { DATABASE } from '../database/database.token';
import type { Database } from '../database/database.types';
import type { StateRow } from './lifecycle-state';

@Injectable()
export class LifecycleStates {
  constructor(@Inject(DATABASE) private readonly db: Kysely<Database>) {}

  /** The state with its stream version (its ETag); one that does not exist is the lifecycle's initial state at 0. */
  async read<S>(row: StateRow<S>, id: string): Promise<Loaded<S>> {
    const { rows } = await sql<{ state: S | null; version: string }>`
      SELECT state, ${sql.ref(row.version)}::text AS version FROM ${sql.table(row.table)} WHERE ${sql.ref(row.key)} = ${id}`.execute(this.db);
    const found = rows[0];
    return found?.state ? { state: found.state, version: BigInt(found.version) } : { state: row.initial, version: 0n };
  }
}
