// A visitor registers as a user (tagger) or a team (supplier), after proving the phone or email with a code.
import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountLifecycle, CommandPipeline, type CommandContext, uniqueAs } from '@annot/core';
import { accountStreamId, type RegisterInput, registrationRoles } from '@annot/workflows';
import { PasswordHasher } from '../password-hasher.service';

export class RegisterAccountCommand {
  constructor(
    readonly form: RegisterInput,
    readonly teamId: string | null,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(RegisterAccountCommand)
export class RegisterAccountHandler implements ICommandHandler<RegisterAccountCommand, { id: string }> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute({ form, teamId, context }: RegisterAccountCommand): Promise<{ id: string }> {
    const accountId = randomUUID();
    const passwordHash = await this.hasher.hash(form.password);
    const role = registrationRoles[form.user_type];
    const registered = {
      type: 'AccountRegistered' as const,
      data: {
        accountId,
        name: form.name,
        account: form.account,
        phone: form.type === 1 ? form.account : null,
        email: form.type === 2 ? form.account : null,
        role,
        teamId,
        company: form.user_type === 20 ? form.name : null,
        passwordHash,
        countryId: form.country_id,
        currentLocate: form.current_locate,
        teamNumber: form.team_number ?? null,
      },
    };
    // The new account is the actor of its own registration.
    const own = { ...context, actor: { id: accountId, role } };
    await uniqueAs('accounts_login_role_idx', 'account', 'identity.account_taken', () =>
      this.pipeline.run(accountLifecycle, accountStreamId(accountId), own, { decide: () => [registered] }),
    );
    return { id: accountId };
  }
}
