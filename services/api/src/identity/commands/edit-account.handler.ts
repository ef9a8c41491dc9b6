// Edits a person's profile; a new password ends every session the account has open.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountLifecycle, type AppendResult, CommandPipeline, type CommandContext } from '@annot/core';
import { type AccountEvent, type AccountProfile, accountStreamId } from '@annot/workflows';
import { PasswordHasher } from '../password-hasher.service';

export class EditAccountCommand {
  constructor(
    readonly accountId: string,
    readonly changes: Partial<AccountProfile>,
    readonly password: string | undefined,
    readonly context: CommandContext,
    readonly expectedVersion?: bigint,
  ) {}
}

@CommandHandler(EditAccountCommand)
export class EditAccountHandler implements ICommandHandler<EditAccountCommand, AppendResult> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute({ accountId, changes, password, context, expectedVersion }: EditAccountCommand): Promise<AppendResult> {
    const passwordHash = password ? await this.hasher.hash(password) : null;
    return this.pipeline.run(accountLifecycle, accountStreamId(accountId), context, {
      event: { type: 'account.edit' },
      expectedVersion,
      decide: (state): AccountEvent[] => [
        { type: 'AccountEdited', data: { accountId, changes } },
        ...(passwordHash
          ? [
              { type: 'PasswordChanged' as const, data: { accountId, passwordHash, reason: 'admin' as const } },
              ...state.openSessions.map((sessionId) => ({ type: 'SessionEnded' as const, data: { accountId, sessionId, reason: 'password_changed' as const } })),
            ]
          : []),
      ],
    });
  }
}
