// Ledger verification over HTTP: thin, it validates and hands the work to the command and query buses.
import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import type { CommandContext } from '@annot/core';
import { type AuditView, type Page, pageQuery, requestAuditInput } from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { Can } from '../identity/access/can.decorator';
import type { Versioned } from '../http/envelope';
import { RequestAuditCommand, type RequestAuditResult } from './commands/request-audit.handler';
import { GetAuditQuery } from './queries/get-audit.handler';
import { ListAuditsQuery } from './queries/list-audits.handler';

class RequestAuditDto extends createZodDto(requestAuditInput) {}
class ListAuditsDto extends createZodDto(pageQuery) {}
class AuditParamsDto extends createZodDto(z.object({ auditId: z.uuid() })) {}

@ApiTags('audits')
@Controller('manage/audits')
@Can('audit.request')
export class AuditsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  request(@Body() _body: RequestAuditDto, @Ctx() context: CommandContext): Promise<RequestAuditResult> {
    return this.commands.execute(new RequestAuditCommand(context));
  }

  @Get()
  @Can('audit.read')
  list(@Query() query: ListAuditsDto): Promise<Page<AuditView>> {
    return this.queries.execute(new ListAuditsQuery(query));
  }

  @Get(':auditId')
  @Can('audit.read')
  get(@Param() params: AuditParamsDto): Promise<Versioned<AuditView>> {
    return this.queries.execute(new GetAuditQuery(params.auditId));
  }
}
