// The internal tab's second factor: a code to the phone or email of an admin, PM or auditor account.
import { Injectable } from '@nestjs/common';
import { loginTabs } from '@annot/workflows';
import type { Language } from '../../i18n/language';
import { AccountsRepository } from '../accounts.repository';
import { VerificationCodes } from './verification-codes.service';

@Injectable()
export class LoginCodes {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly codes: VerificationCodes,
  ) {}

  /** Sends nothing, and says nothing different, when no internal account is known by that name. */
  async send(account: string, language: Language): Promise<void> {
    const [first] = await this.accounts.candidates(account, loginTabs[4]);
    if (!first) return;
    await this.codes.issue(account, 'login', language, first.email ?? first.phone ?? account);
  }
}
