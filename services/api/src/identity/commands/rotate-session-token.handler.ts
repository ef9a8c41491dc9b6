// Gives a long-lived session a fresh token; when two requests race, the loser keeps the current token.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountLifecycle, AppError, CommandPipeline, type CommandContext } from '@annot/core';
import { accountStreamId } from '@annot/workflows';
import { hashToken, newToken } from '../access/tokens';

export class RotateSessionTokenCommand {
  constructor(
    readonly accountId: string,
    readonly sessionId: string,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(RotateSessionTokenCommand)
export class RotateSessionTokenHandler implements ICommandHandler<RotateSessionTokenCommand, string | null> {
  constructor(private readonly pipeline: CommandPipeline) {}

  async execute({ accountId, sessionId, context }: RotateSessionTokenCommand): Promise<string | null> {
    const token = newToken();
    try {
      await this.pipeline.run(accountLifecycle, accountStreamId(accountId), context, {
        event: { type: 'account.sign_in' },
        decide: () => [{ type: 'SessionTokenRotated' as const, data: { accountId, sessionId, tokenHash: hashToken(token) } }],
      });
      return token;
    } catch (error) {
      if (error instanceof AppError && error.status === 409) return null;
      throw error;
    }
  }
}
