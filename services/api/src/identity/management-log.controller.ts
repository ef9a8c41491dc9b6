// getoperatehistory: the management log, ten to a page, each operation described in the caller's language; by project
// where asked, and for an auditor only the events of the projects given to it (alone or among several) and the
// assignments that gave it them.
import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { Request } from 'express';
import { type CommandContext, NotFoundError } from '@annot/core';
import { type ManagementLogEntry, managementLogQuery, Role } from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { requestLanguage } from '../http/request-language';
import { describeOperation } from '../i18n/operations';
import { translate } from '../i18n/translate';
import { HiddenInPrivateDeployment } from './access/access.decorator';
import { Can } from './access/can.decorator';
import { AuditorProjectsRepository } from './auditor-projects.repository';
import { ManagementLogRepository, type ManagementLogScope } from './management-log.repository';

class ManagementLogDto extends createZodDto(managementLogQuery) {}

@ApiTags('history')
@Controller('manage/history')
export class ManagementLogController {
  constructor(
    private readonly history: ManagementLogRepository,
    private readonly auditors: AuditorProjectsRepository,
  ) {}

  @Get('getoperatehistory')
  @Can('history.read')
  @HiddenInPrivateDeployment()
  async page(@Query() query: ManagementLogDto, @Req() req: Request, @Ctx() context: CommandContext): Promise<{ list: ManagementLogEntry[]; total: number }> {
    const language = requestLanguage(req);
    const { rows, total } = await this.history.page(query.limit, query.offset, await this.projectsRead(context, query.projectId));
    const list = rows.map((row) => ({
      id: row.id,
      user_name: row.actorName ?? translate(language, `actors.${row.actorId === 'system' ? 'system' : 'anonymous'}`),
      role: row.actorRole,
      operation: describeOperation(language, row.eventType, row.summary),
      event_type: row.eventType,
      created_at: row.createdAt,
    }));
    return { list, total };
  }

  /**
   * The events the caller reads: an auditor only those of its own projects, asked or not, with the assignments that
   * gave it them; the staff those of the project asked, or all. Events of no project stay the staff's.
   */
  private async projectsRead(context: CommandContext, asked: string | undefined): Promise<ManagementLogScope | undefined> {
    if (context.actor.role !== Role.Auditor) return asked ? { projectIds: [asked] } : undefined;
    const own = await this.auditors.projectIdsOf(context.actor.id);
    if (!asked) return { projectIds: own, givenTo: context.actor.id };
    if (!own.includes(asked)) throw new NotFoundError('things.project', asked);
    return { projectIds: [asked] };
  }
}
