// Announcements over HTTP for the admin: the management table, drafting and editing, publishing now or at a time,
// and stopping. Thin: it checks and hands on.
import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { type CommandContext, NotFoundError } from '@annot/core';
import { announcementInput, announcementStatuses, type AnnouncementSummary, type AnnouncementView, type Page, pageQuery, scheduleAnnouncementInput } from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { Versioned } from '../http/envelope';
import { IfMatch } from '../http/if-match.decorator';
import { Can } from '../identity/access/can.decorator';
import { AnnouncementsRepository } from './announcements.repository';
import { type AnnouncementChange, ChangeAnnouncementCommand } from './commands/change-announcement.handler';
import { type AnnouncementAnswer, DraftAnnouncementCommand } from './commands/draft-announcement.handler';

class AnnouncementParamsDto extends createZodDto(z.object({ announcementId: z.uuid() })) {}
class ListAnnouncementsDto extends createZodDto(pageQuery.extend({ status: z.enum(announcementStatuses).optional() })) {}
class AnnouncementDto extends createZodDto(announcementInput) {}
class ScheduleAnnouncementDto extends createZodDto(scheduleAnnouncementInput) {}

@ApiTags('announcements')
@Controller('manage/announcements')
export class AnnouncementsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly announcements: AnnouncementsRepository,
  ) {}

  @Get()
  @Can('announcement.manage')
  list(@Query() query: ListAnnouncementsDto): Promise<Page<AnnouncementSummary>> {
    return this.announcements.list(query.status, query.limit, query.cursor);
  }

  @Post()
  @Can('announcement.manage')
  draft(@Body() body: AnnouncementDto, @Ctx() context: CommandContext): Promise<AnnouncementAnswer> {
    return this.commands.execute(new DraftAnnouncementCommand(body, context));
  }

  @Get(':announcementId')
  @Can('announcement.manage')
  async get(@Param() params: AnnouncementParamsDto): Promise<Versioned<AnnouncementView>> {
    const view = await this.announcements.get(params.announcementId);
    if (!view) throw new NotFoundError('things.announcement', params.announcementId);
    return new Versioned(view, view.etag);
  }

  @Put(':announcementId')
  @Can('announcement.manage')
  edit(@Param() params: AnnouncementParamsDto, @Body() body: AnnouncementDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<AnnouncementAnswer> {
    return this.change(params.announcementId, { kind: 'edit', input: body }, expected, context);
  }

  @Post(':announcementId/schedule')
  @Can('announcement.manage')
  schedule(@Param() params: AnnouncementParamsDto, @Body() body: ScheduleAnnouncementDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<AnnouncementAnswer> {
    return this.change(params.announcementId, { kind: 'schedule', publishAt: body.publishAt }, expected, context);
  }

  @Post(':announcementId/publish')
  @Can('announcement.manage')
  publish(@Param() params: AnnouncementParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<AnnouncementAnswer> {
    return this.change(params.announcementId, { kind: 'publish' }, expected, context);
  }

  @Post(':announcementId/stop')
  @Can('announcement.manage')
  stop(@Param() params: AnnouncementParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<AnnouncementAnswer> {
    return this.change(params.announcementId, { kind: 'stop' }, expected, context);
  }

  private change(announcementId: string, change: AnnouncementChange, expected: bigint | undefined, context: CommandContext): Promise<AnnouncementAnswer> {
    return this.commands.execute(new ChangeAnnouncementCommand(announcementId, change, expected, context));
  }
}
