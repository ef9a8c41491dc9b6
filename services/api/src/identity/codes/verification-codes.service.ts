// Verification codes: six digits, stored hashed, expiring, with few attempts and a 60-second resend limit.
import { createHash, randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { AppError, DATABASE, type Db } from '@annot/core';
import { isPhone } from '@annot/workflows';
import { type Language } from '../../i18n/language';
import { translate } from '../../i18n/translate';
import { CODE_TRANSPORT, type CodeTransport } from './code-transport';

export type CodePurpose = 'register' | 'login' | 'reset';

export const resendSeconds = 60;
const lifetimeMinutes = 10;
const maxAttempts = 5;

const hashCode = (target: string, purpose: CodePurpose, code: string) =>
  createHash('sha256').update(`${purpose}:${target.toLowerCase()}:${code}`).digest('hex');

@Injectable()
export class VerificationCodes {
  constructor(
    @Inject(DATABASE) private readonly db: Db,
    @Inject(CODE_TRANSPORT) private readonly transport: CodeTransport,
  ) {}

  /** Issues a code for `target` (the phone or email the person typed) and sends it to `deliverTo`. */
  async issue(target: string, purpose: CodePurpose, language: Language, deliverTo: string = target): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.db.transaction().execute(async (trx) => {
      // The row lock on the latest code makes two quick clicks wait for each other instead of both sending.
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`code:${purpose}:${target.toLowerCase()}`}, 0))`.execute(trx);
      const last = await trx
        .selectFrom('verification_codes')
        .select(sql<number>`extract(epoch from now() - sent_at)::int`.as('age'))
        .where('target', '=', target.toLowerCase())
        .where('purpose', '=', purpose)
        .orderBy('sent_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (last && last.age < resendSeconds) {
        throw new AppError(429, 'RATE_LIMITED', 'identity.code_wait', { seconds: resendSeconds - last.age, count: resendSeconds - last.age });
      }
      await trx
        .insertInto('verification_codes')
        .values({
          target: target.toLowerCase(),
          purpose,
          code_hash: hashCode(target, purpose, code),
          expires_at: sql<Date>`now() + make_interval(mins => ${lifetimeMinutes})`,
        })
        .execute();
    });
    await this.transport.send({
      channel: isPhone(deliverTo) ? 'sms' : 'email',
      recipient: deliverTo,
      subject: translate(language, 'identity.code_subject'),
      body: translate(language, 'identity.code_body', { code, minutes: lifetimeMinutes, count: lifetimeMinutes }),
    });
  }

  /**
   * Consumes the latest code if it matches; a wrong guess uses up one of its attempts. With
   * `consume: false` a right code stays usable, for a sign-in that must first be confirmed.
   */
  async verify(target: string, purpose: CodePurpose, code: string, options: { consume: boolean } = { consume: true }): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const latest = await trx
        .selectFrom('verification_codes')
        .select(['id', 'code_hash', 'attempts'])
        .where('target', '=', target.toLowerCase())
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .orderBy('sent_at', 'desc')
        .limit(1)
        .forUpdate()
        .executeTakeFirst();
      if (!latest || latest.attempts >= maxAttempts) return false;
      if (latest.code_hash !== hashCode(target, purpose, code.trim())) {
        await trx.updateTable('verification_codes').set({ attempts: latest.attempts + 1 }).where('id', '=', latest.id).execute();
        return false;
      }
      if (options.consume) await trx.updateTable('verification_codes').set({ consumed_at: new Date() }).where('id', '=', latest.id).execute();
      return true;
    });
  }
}
