// Disables or re-enables an account; disabling ends its sessions at once, so its next call is refused.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountLifecycle, type AppendResult, CommandPipeline, type CommandContext } from '@annot/core';
import { type AccountEvent, accountStreamId } from '@annot/workflows';

export class SetAccountStatusCommand {
  constructor(
    readonly accountId: string,
    readonly action: 'disable' | 'enable',
    readonly context: CommandContext,
    readonly expectedVersion?: bigint,
  ) {}
}

@CommandHandler(SetAccountStatusCommand)
export class SetAccountStatusHandler implements ICommandHandler<SetAccountStatusCommand, AppendResult> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ accountId, action, context, expectedVersion }: SetAccountStatusCommand): Promise<AppendResult> {
    return this.pipeline.run(accountLifecycle, accountStreamId(accountId), context, {
      event: { type: `account.${action}` },
      expectedVersion,
      decide: (state): AccountEvent[] =>
        action === 'enable'
          ? [{ type: 'AccountEnabled', data: { accountId } }]
          : [
              { type: 'AccountDisabled', data: { accountId } },
              ...state.openSessions.map((sessionId) => ({ type: 'SessionEnded' as const, data: { accountId, sessionId, reason: 'disabled' as const } })),
            ],
    });
  }
}
