// A project's items as they were at a past moment, counted per link and status: read only, for the staff and auditors.
import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import type { CommandContext } from '@annot/core';
import { type ProjectPastView, rawMomentQuery } from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { Can } from '../identity/access/can.decorator';
import { GetProjectAsOfQuery } from './queries/get-project-as-of.handler';

class MomentDto extends createZodDto(rawMomentQuery) {}
class ProjectParamsDto extends createZodDto(z.object({ projectId: z.uuid() })) {}

@ApiTags('past')
@Controller('manage/past/projects/:projectId')
@Can('past.read')
export class PastProjectsController {
  constructor(private readonly queries: QueryBus) {}

  @Get('counts')
  counts(@Param() params: ProjectParamsDto, @Query() query: MomentDto, @Ctx() context: CommandContext): Promise<ProjectPastView> {
    return this.queries.execute(new GetProjectAsOfQuery(context.actor, params.projectId, query));
  }
}
