// The only Kysely of verification codes: each stored hashed with its expiry and the attempts made at it.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db } from '@annot/core';

/** The latest code of a target and purpose that is neither used nor expired. */
export interface LiveCode {
  codeHash: string;
  attempts: number;
}

/** What a check does to the code it found: nothing (none or used up), count a wrong guess, use it, or leave it usable. */
export type CodeVerdict = 'none' | 'miss' | 'consume' | 'keep';

@Injectable()
export class VerificationCodesRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /**
   * Stores a code unless one went to the same target for the same purpose less than `resendSeconds` ago; answers the
   * seconds still to wait then, or null once stored. A lock on the target makes two quick clicks wait for each other
   * instead of both sending.
   */
  async insertUnlessRecent(target: string, purpose: string, codeHash: string, lifetimeMinutes: number, resendSeconds: number): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`code:${purpose}:${target}`}, 0))`.execute(trx);
      const last = await trx
        .selectFrom('verification_codes')
        .select(sql<number>`extract(epoch from now() - sent_at)::int`.as('age'))
        .where('target', '=', target)
        .where('purpose', '=', purpose)
        .orderBy('sent_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (last && last.age < resendSeconds) return resendSeconds - last.age;
      await trx
        .insertInto('verification_codes')
        .values({ target, purpose, code_hash: codeHash, expires_at: sql<Date>`now() + make_interval(mins => ${lifetimeMinutes})` })
        .execute();
      return null;
    });
  }

  /** Locks the latest live code of the target and purpose, and applies what `judge` decides of it in the same transaction. */
  async judgeLatest(target: string, purpose: string, judge: (latest: LiveCode | undefined) => CodeVerdict): Promise<CodeVerdict> {
    return this.db.transaction().execute(async (trx) => {
      const latest = await trx
        .selectFrom('verification_codes')
        .select(['id', 'code_hash', 'attempts'])
        .where('target', '=', target)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .orderBy('sent_at', 'desc')
        .limit(1)
        .forUpdate()
        .executeTakeFirst();
      const verdict = judge(latest && { codeHash: latest.code_hash, attempts: latest.attempts });
      if (latest && verdict === 'miss') await trx.updateTable('verification_codes').set({ attempts: latest.attempts + 1 }).where('id', '=', latest.id).execute();
      if (latest && verdict === 'consume') await trx.updateTable('verification_codes').set({ consumed_at: new Date() }).where('id', '=', latest.id).execute();
      return verdict;
    });
  }
}
