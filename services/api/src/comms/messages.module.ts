// The message center: messages, their unread count and the live notice of a changed inbox.
import { Module } from '@nestjs/common';
import { ReadMessagesHandler } from './commands/read-messages.handler';
import { InboxListener } from './inbox-listener.service';
import { MessagesController } from './messages.controller';
import { MessagesRepository } from './messages.repository';

@Module({
  controllers: [MessagesController],
  providers: [MessagesRepository, ReadMessagesHandler, InboxListener],
  exports: [MessagesRepository, InboxListener],
})
export class MessagesModule {}
