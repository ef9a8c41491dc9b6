// Sets a new password after a reset by code; every open session of the account ends.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountLifecycle, type AppendResult, CommandPipeline, type CommandContext } from '@annot/core';
import { type AccountEvent, accountStreamId } from '@annot/workflows';

export class ChangePasswordCommand {
  constructor(
    readonly accountId: string,
    readonly passwordHash: string,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand, AppendResult> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ accountId, passwordHash, context }: ChangePasswordCommand): Promise<AppendResult> {
    return this.pipeline.run(accountLifecycle, accountStreamId(accountId), context, {
      event: { type: 'account.change_password' },
      decide: (state): AccountEvent[] => [
        { type: 'PasswordChanged', data: { accountId, passwordHash, reason: 'reset' } },
        ...state.openSessions.map((sessionId) => ({ type: 'SessionEnded' as const, data: { accountId, sessionId, reason: 'password_changed' as const } })),
      ],
    });
  }
}
