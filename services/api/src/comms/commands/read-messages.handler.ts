// A person marks some of their messages read, or all they have received.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline, type CommandContext, inboxLifecycle } from '@annot/core';
import { type InboxEvent, inboxStreamId } from '@annot/workflows';

export class ReadMessagesCommand {
  constructor(
    /** The messages to mark, or 'all'. */
    readonly messageIds: string[] | 'all',
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(ReadMessagesCommand)
export class ReadMessagesHandler implements ICommandHandler<ReadMessagesCommand, { version: string }> {
  constructor(private readonly pipeline: CommandPipeline) {}

  async execute({ messageIds, context }: ReadMessagesCommand): Promise<{ version: string }> {
    const accountId = context.actor.id;
    const all = messageIds === 'all';
    const result = await this.pipeline.run(inboxLifecycle, inboxStreamId(accountId), context, {
      event: { type: all ? 'message.read_all' : 'message.read' },
      decide: (): InboxEvent[] => [all ? { type: 'AllMessagesRead', data: { accountId } } : { type: 'MessagesRead', data: { accountId, messageIds } }],
    });
    return { version: result.version.toString() };
  }
}
