// An admin, a PM or a supplier creates an account; the password is hashed before it becomes an event.
import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountLifecycle, CommandPipeline, type CommandContext, uniqueAs } from '@annot/core';
import { type AccountProfile, accountStreamId } from '@annot/workflows';
import { PasswordHasher } from '../password-hasher.service';

export class CreateAccountCommand {
  constructor(
    readonly profile: AccountProfile,
    readonly password: string,
    readonly context: CommandContext,
    /** Fixed for the bootstrap admin, so several API processes create it once. */
    readonly accountId: string = randomUUID(),
  ) {}
}

@CommandHandler(CreateAccountCommand)
export class CreateAccountHandler implements ICommandHandler<CreateAccountCommand, { id: string; version: string }> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute({ profile, password, context, accountId }: CreateAccountCommand): Promise<{ id: string; version: string }> {
    const passwordHash = await this.hasher.hash(password);
    const result = await uniqueAs('accounts_login_role_idx', 'account', 'identity.account_taken', () =>
      this.pipeline.run(accountLifecycle, accountStreamId(accountId), context, {
        decide: () => [{ type: 'AccountCreated' as const, data: { accountId, ...profile, passwordHash } }],
      }),
    );
    return { id: result.streamId.slice('account-'.length), version: result.version.toString() };
  }
}
