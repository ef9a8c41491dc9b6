// Opens a session for an account that proved who it is; with `kick`, its other sessions end in the same append.
import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountLifecycle, CommandPipeline, type CommandContext } from '@annot/core';
import { type AccountEvent, accountStreamId } from '@annot/workflows';
import { hashToken, newToken } from '../access/tokens';

export class SignInCommand {
  constructor(
    readonly accountId: string,
    readonly via: 'password' | 'ticket',
    readonly kick: boolean,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand, { token: string; sessionId: string }> {
  constructor(private readonly pipeline: CommandPipeline) {}

  async execute({ accountId, via, kick, context }: SignInCommand): Promise<{ token: string; sessionId: string }> {
    const token = newToken();
    const sessionId = randomUUID();
    await this.pipeline.run(accountLifecycle, accountStreamId(accountId), context, {
      event: { type: 'account.sign_in' },
      decide: (state): AccountEvent[] => [
        ...(kick ? state.openSessions.map((id) => ({ type: 'SessionEnded' as const, data: { accountId, sessionId: id, reason: 'kicked' as const } })) : []),
        { type: 'SessionStarted', data: { accountId, sessionId, tokenHash: hashToken(token), via } },
      ],
    });
    return { token, sessionId };
  }
}
