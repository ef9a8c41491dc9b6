// The notices of a reader: published announcements whose scope names them, by role, team or person; any other is
// answered as if it did not exist.
import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { type CommandContext, NotFoundError } from '@annot/core';
import { inScope, type NoticeSummary, type NoticeView, type Page, pageQuery } from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { Can } from '../identity/access/can.decorator';
import { AnnouncementsRepository } from './announcements.repository';

class NoticeParamsDto extends createZodDto(z.object({ announcementId: z.uuid() })) {}
class ListNoticesDto extends createZodDto(pageQuery) {}

@ApiTags('announcements')
@Controller('manage/notices')
export class AnnouncementNoticesController {
  constructor(private readonly announcements: AnnouncementsRepository) {}

  @Get()
  @Can('announcement.read')
  async list(@Query() query: ListNoticesDto, @Ctx() context: CommandContext): Promise<Page<NoticeSummary>> {
    return this.announcements.notices(await this.announcements.reader(context.actor), query.limit, query.cursor);
  }

  @Get(':announcementId')
  @Can('announcement.read')
  async get(@Param() params: NoticeParamsDto, @Ctx() context: CommandContext): Promise<NoticeView> {
    const found = await this.announcements.published(params.announcementId);
    if (!found || !inScope(found.scope, await this.announcements.reader(context.actor))) throw new NotFoundError('things.announcement', params.announcementId);
    const { scope: _scope, ...notice } = found;
    return notice;
  }
}
