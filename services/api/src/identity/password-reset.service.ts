// Finding a password: a code to the phone or email, then a new password for every account that phone or email holds.
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AppError, type CommandContext } from '@annot/core';
import { allRoles } from '@annot/workflows';
import type { Language } from '../i18n/language';
import { AccountsRepository } from './accounts.repository';
import { VerificationCodes } from './codes/verification-codes.service';
import { ChangePasswordCommand } from './commands/change-password.handler';
import { PasswordHasher } from './password-hasher.service';

@Injectable()
export class PasswordResetService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly codes: VerificationCodes,
    private readonly hasher: PasswordHasher,
    private readonly commands: CommandBus,
  ) {}

  /** Answers the same whether or not the account exists, so the call cannot be used to find accounts. */
  async sendCode(account: string, language: Language): Promise<void> {
    const known = await this.accounts.candidates(account, allRoles);
    if (known.length > 0) await this.codes.issue(account, 'reset', language);
  }

  async reset(account: string, code: string, password: string, context: CommandContext): Promise<void> {
    if (!(await this.codes.verify(account, 'reset', code))) throw new AppError(400, 'VERIFICATION_FAILED', 'identity.verification_failed');
    const hash = await this.hasher.hash(password);
    for (const target of await this.accounts.candidates(account, allRoles)) {
      await this.commands.execute(new ChangePasswordCommand(target.id, hash, { ...context, actor: { id: target.id, role: target.role } }));
    }
  }
}
