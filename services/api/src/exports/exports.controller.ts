// Exports over HTTP: a PM asks for exports of a project, follows their records and downloads the archives; a
// browser downloads through a ticket, an API client with its token. Thin: it checks who may act and hands on.
import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { type AppConfig, AppError, CONFIG, type CommandContext, exportArchiveKey, type Storage, STORAGE } from '@annot/core';
import { can, type ExportOptions, type ExportView, type Page, pageQuery, requestExportInput } from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { RawResponse } from '../http/raw-response.decorator';
import { requestLanguage } from '../http/request-language';
import { Public } from '../identity/access/access.decorator';
import { Can } from '../identity/access/can.decorator';
import { SessionsRepository } from '../identity/sessions/sessions.repository';
import { ProjectAccess } from '../projects/project-access.service';
import { sendArchive } from './archive-response';
import { RequestExportCommand, type RequestExportResult } from './commands/request-export.handler';
import { DownloadTickets, downloadTicketSeconds } from './download-tickets.service';
import { ExportAccess } from './export-access.service';
import { ExportsRepository } from './exports.repository';

class ProjectParamsDto extends createZodDto(z.object({ projectId: z.uuid() })) {}
class ExportParamsDto extends createZodDto(z.object({ exportId: z.uuid() })) {}
class RequestExportDto extends createZodDto(requestExportInput) {}
class ListExportsDto extends createZodDto(pageQuery) {}
class TicketQueryDto extends createZodDto(z.object({ ticket: z.string().min(1).max(200) })) {}

@ApiTags('exports')
@Controller('manage')
export class ExportsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly exports: ExportsRepository,
    private readonly projects: ProjectAccess,
    private readonly access: ExportAccess,
    private readonly tickets: DownloadTickets,
    private readonly sessions: SessionsRepository,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('projects/:projectId/exports')
  @Can('export.manage')
  async request(@Param() params: ProjectParamsDto, @Body() body: RequestExportDto, @Req() req: Request, @Ctx() context: CommandContext): Promise<RequestExportResult> {
    await this.projects.assertVisible(context.actor, params.projectId);
    return this.commands.execute(new RequestExportCommand(params.projectId, body, context, requestLanguage(req)));
  }

  @Get('projects/:projectId/exports')
  @Can('export.read')
  async list(@Param() params: ProjectParamsDto, @Query() query: ListExportsDto, @Req() req: Request, @Ctx() context: CommandContext): Promise<Page<ExportView>> {
    await this.projects.assertVisible(context.actor, params.projectId);
    return this.exports.list(params.projectId, query.limit, query.cursor, requestLanguage(req));
  }

  @Get('projects/:projectId/export-options')
  @Can('export.read')
  async options(@Param() params: ProjectParamsDto, @Ctx() context: CommandContext): Promise<ExportOptions> {
    await this.projects.assertVisible(context.actor, params.projectId);
    return this.exports.options(params.projectId);
  }

  @Get('exports/:exportId')
  @Can('export.read')
  get(@Param() params: ExportParamsDto, @Req() req: Request, @Ctx() context: CommandContext): Promise<ExportView> {
    return this.access.record(context.actor, params.exportId, requestLanguage(req));
  }

  /** A browser downloads by going to the answered address itself, so the archive streams to disk, never into a page. */
  @Post('exports/:exportId/download-tickets')
  @Can('export.read')
  async ticket(@Param() params: ExportParamsDto, @Req() req: Request & { sessionId?: string }, @Ctx() context: CommandContext): Promise<{ url: string; expiresInSeconds: number }> {
    await this.downloadable(params.exportId, context, requestLanguage(req));
    const ticket = await this.tickets.issue(req.sessionId!, params.exportId);
    return { url: `/manage/exports/${params.exportId}/archive?ticket=${encodeURIComponent(ticket)}`, expiresInSeconds: downloadTicketSeconds };
  }

  @Get('exports/:exportId/download')
  @Can('export.read')
  @RawResponse()
  async download(@Param() params: ExportParamsDto, @Req() req: Request, @Res() res: Response, @Ctx() context: CommandContext): Promise<void> {
    const record = await this.downloadable(params.exportId, context, requestLanguage(req));
    await sendArchive(res, this.storage, exportArchiveKey(record.exportId), record.fileName, req.headers.range, record.exportId);
  }

  /** The ticket stands for the session it was asked in: signing out, or losing the right to read exports, ends it. */
  @Get('exports/:exportId/archive')
  @Public()
  @RawResponse()
  async archive(@Param() params: ExportParamsDto, @Query() query: TicketQueryDto, @Req() req: Request, @Res() res: Response, @Ctx() context: CommandContext): Promise<void> {
    const sessionId = await this.tickets.sessionFor(query.ticket, params.exportId);
    const session = await this.sessions.findLiveById(sessionId, this.config.sessionIdleMinutes);
    if (!session || session.accountStatus !== 'active' || !can(session.role, 'export.read', this.config.privateDeployment)) {
      throw new AppError(403, 'TICKET_INVALID', 'exports.ticket_invalid');
    }
    const actor = { ...context.actor, id: session.accountId, role: session.role };
    const record = await this.downloadable(params.exportId, { ...context, actor }, requestLanguage(req));
    await sendArchive(res, this.storage, exportArchiveKey(record.exportId), record.fileName, req.headers.range, record.exportId);
  }

  private async downloadable(exportId: string, context: CommandContext, language: ReturnType<typeof requestLanguage>): Promise<ExportView> {
    const record = await this.access.record(context.actor, exportId, language);
    if (record.status !== 'succeeded' || record.destination.type !== 'download') throw new AppError(409, 'EXPORT_REFUSED', 'exports.not_downloadable');
    return record;
  }
}
