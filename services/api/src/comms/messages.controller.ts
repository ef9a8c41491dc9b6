// The message center over HTTP: each person's own messages, their unread count (the seed's two calls), and reads.
import { Body, Controller, Get, Param, Post, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { type CommandContext, NotFoundError } from '@annot/core';
import { messageListQuery, type MessageView, type Page, readMessagesInput } from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { requestLanguage } from '../http/request-language';
import { Can } from '../identity/access/can.decorator';
import type { AuthedRequest } from '../identity/access/session.guard';
import { ReadMessagesCommand } from './commands/read-messages.handler';
import { MessagesRepository } from './messages.repository';

class ListMessagesDto extends createZodDto(messageListQuery) {}
class ReadMessagesDto extends createZodDto(readMessagesInput) {}
class MessageParamsDto extends createZodDto(z.object({ messageId: z.guid() })) {}

@ApiTags('messages')
@Controller()
export class MessagesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly messages: MessagesRepository,
  ) {}

  /** The seed's header badge for the staff reads `data.count`. */
  @Get('manage/home/noreadcount')
  @Can('message.read')
  async noReadCount(@Req() req: AuthedRequest): Promise<{ count: number }> {
    return { count: await this.messages.unread(req.actor!.id) };
  }

  /** The seed's badge for taggers reads `data.unread`. */
  @Get('api/messages/unread_count')
  @Can('message.read')
  async unreadCount(@Req() req: AuthedRequest): Promise<{ unread: number }> {
    return { unread: await this.messages.unread(req.actor!.id) };
  }

  @Get('manage/messages')
  @Can('message.read')
  async list(@Query() query: ListMessagesDto, @Req() req: AuthedRequest): Promise<Page<MessageView> & { unread: number }> {
    const id = req.actor!.id;
    const [page, unread] = await Promise.all([this.messages.list(id, query, requestLanguage(req as Request)), this.messages.unread(id)]);
    return { ...page, unread };
  }

  @Post('manage/messages/read')
  @Can('message.read')
  async read(@Body() body: ReadMessagesDto, @Ctx() context: CommandContext): Promise<{ version: string }> {
    const own = await this.messages.ownIds(context.actor.id, body.messageIds);
    if (own.length === 0) throw new NotFoundError('things.message', body.messageIds[0]);
    return this.commands.execute(new ReadMessagesCommand(own, context));
  }

  @Post('manage/messages/:messageId/read')
  @Can('message.read')
  readOne(@Param() params: MessageParamsDto, @Ctx() context: CommandContext): Promise<{ version: string }> {
    return this.read({ messageIds: [params.messageId] }, context);
  }

  @Post('manage/messages/read-all')
  @Can('message.read')
  readAll(@Ctx() context: CommandContext): Promise<{ version: string }> {
    return this.commands.execute(new ReadMessagesCommand('all', context));
  }
}
