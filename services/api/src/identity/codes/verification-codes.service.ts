// Verification codes: six digits, stored hashed, expiring, with few attempts and a 60-second resend limit.
import { createHash, randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@annot/core';
import { isPhone } from '@annot/workflows';
import { type Language } from '../../i18n/language';
import { translate } from '../../i18n/translate';
import { CODE_TRANSPORT, type CodeTransport } from './code-transport';
import { VerificationCodesRepository } from './verification-codes.repository';

export type CodePurpose = 'register' | 'login' | 'reset';

export const resendSeconds = 60;
const lifetimeMinutes = 10;
const maxAttempts = 5;

const hashCode = (target: string, purpose: CodePurpose, code: string) =>
  createHash('sha256').update(`${purpose}:${target.toLowerCase()}:${code}`).digest('hex');

@Injectable()
export class VerificationCodes {
  constructor(
    private readonly codes: VerificationCodesRepository,
    @Inject(CODE_TRANSPORT) private readonly transport: CodeTransport,
  ) {}

  /** Issues a code for `target` (the phone or email the person typed) and sends it to `deliverTo`. */
  async issue(target: string, purpose: CodePurpose, language: Language, deliverTo: string = target): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const wait = await this.codes.insertUnlessRecent(target.toLowerCase(), purpose, hashCode(target, purpose, code), lifetimeMinutes, resendSeconds);
    if (wait !== null) throw new AppError(429, 'RATE_LIMITED', 'identity.code_wait', { seconds: wait, count: wait });
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
    const verdict = await this.codes.judgeLatest(target.toLowerCase(), purpose, (latest) => {
      if (!latest || latest.attempts >= maxAttempts) return 'none';
      if (latest.codeHash !== hashCode(target, purpose, code.trim())) return 'miss';
      return options.consume ? 'consume' : 'keep';
    });
    return verdict === 'consume' || verdict === 'keep';
  }
}
