// Ends the caller's own session.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountLifecycle, type AppendResult, CommandPipeline, type CommandContext } from '@annot/core';
import { accountStreamId } from '@annot/workflows';

export class SignOutCommand {
  constructor(
    readonly accountId: string,
    readonly sessionId: string,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(SignOutCommand)
export class SignOutHandler implements ICommandHandler<SignOutCommand, AppendResult> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ accountId, sessionId, context }: SignOutCommand): Promise<AppendResult> {
    return this.pipeline.run(accountLifecycle, accountStreamId(accountId), context, {
      event: { type: 'account.sign_out' },
      decide: (state) =>
        state.openSessions.includes(sessionId) ? [{ type: 'SessionEnded' as const, data: { accountId, sessionId, reason: 'logout' as const } }] : [],
    });
  }
}
