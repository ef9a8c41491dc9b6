// A PM or an admin binds the chat (DingTalk) account that notifications reach them on.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountLifecycle, type AppendResult, CommandPipeline, type CommandContext } from '@annot/core';
import { accountStreamId } from '@annot/workflows';

export class BindChatAccountCommand {
  constructor(
    readonly accountId: string,
    readonly dingTalkAccount: string,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(BindChatAccountCommand)
export class BindChatAccountHandler implements ICommandHandler<BindChatAccountCommand, AppendResult> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ accountId, dingTalkAccount, context }: BindChatAccountCommand): Promise<AppendResult> {
    return this.pipeline.run(accountLifecycle, accountStreamId(accountId), context, {
      event: { type: 'account.bind_chat' },
      decide: () => [{ type: 'ChatAccountBound' as const, data: { accountId, dingTalkAccount } }],
    });
  }
}
