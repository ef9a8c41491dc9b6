// Self-registration of users and teams: the code proves the phone or email, and an account is registered once per role.
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AppError, type CommandContext } from '@annot/core';
import { type RegisterInput, registrationRoles } from '@annot/workflows';
import type { Language } from '../i18n/language';
import { AccountsRepository } from './accounts.repository';
import { VerificationCodes } from './codes/verification-codes.service';
import { RegisterAccountCommand } from './commands/register-account.handler';

@Injectable()
export class RegistrationService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly codes: VerificationCodes,
    private readonly commands: CommandBus,
  ) {}

  async sendCode(account: string, language: Language): Promise<void> {
    await this.codes.issue(account, 'register', language);
  }

  async register(form: RegisterInput, context: CommandContext): Promise<{ id: string }> {
    if (await this.accounts.exists(form.account, registrationRoles[form.user_type])) {
      throw new AppError(400, 'ACCOUNT_TAKEN', 'identity.account_taken', {}, [{ field: 'account', messageKey: 'identity.account_taken' }]);
    }
    if (!(await this.codes.verify(form.account, 'register', form.verification_code))) {
      throw new AppError(400, 'VERIFICATION_FAILED', 'identity.verification_failed', {}, [{ field: 'verification_code', messageKey: 'identity.verification_failed' }]);
    }
    // A user names the organisation of the team it works for; an unknown one simply leaves it without a team.
    const teamId = form.user_type === 10 && form.team_number ? await this.accounts.teamByOrganisation(form.team_number) : null;
    return this.commands.execute(new RegisterAccountCommand(form, teamId, context));
  }
}
