// A project as it was at a past moment, read only, for the staff and auditors: its items counted per link and status,
// its items page by page, its statistics, the moments named by what happened then, and what changed between two moments.
import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import type { CommandContext } from '@annot/core';
import { type PastItemsPage, pastItemsQuery, type PastLandmark, type ProjectDiffPage, projectDiffQuery, type ProjectPastView, type ProjectStatisticsView, rawMomentQuery } from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { Can } from '../identity/access/can.decorator';
import { GetPastItemsQuery } from './queries/get-past-items.handler';
import { GetPastLandmarksQuery } from './queries/get-past-landmarks.handler';
import { GetPastStatisticsQuery } from './queries/get-past-statistics.handler';
import { GetProjectAsOfQuery } from './queries/get-project-as-of.handler';
import { GetProjectDiffQuery } from './queries/get-project-diff.handler';

class MomentDto extends createZodDto(rawMomentQuery) {}
class PastItemsDto extends createZodDto(pastItemsQuery) {}
class ProjectDiffDto extends createZodDto(projectDiffQuery) {}
/** The moment and the live page's range, each checked by the read. */
class PastStatisticsDto extends createZodDto(
  rawMomentQuery.extend({ from: z.string().max(20).optional(), to: z.string().max(20).optional(), granularity: z.string().max(20).optional(), tz: z.string().max(100).optional() }),
) {}
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

  /** Its acceptance verdicts, closed sampling rounds and exports' starts, newest first, each with its position. */
  @Get('landmarks')
  landmarks(@Param() params: ProjectParamsDto, @Ctx() context: CommandContext): Promise<{ items: PastLandmark[] }> {
    return this.queries.execute(new GetPastLandmarksQuery(context.actor, params.projectId));
  }

  @Get('items')
  items(@Param() params: ProjectParamsDto, @Query() query: PastItemsDto, @Ctx() context: CommandContext): Promise<PastItemsPage> {
    return this.queries.execute(new GetPastItemsQuery(context.actor, params.projectId, query));
  }

  @Get('statistics')
  statistics(@Param() params: ProjectParamsDto, @Query() query: PastStatisticsDto, @Ctx() context: CommandContext): Promise<ProjectStatisticsView> {
    return this.queries.execute(new GetPastStatisticsQuery(context.actor, params.projectId, query));
  }

  /** The items whose place or result differs between two moments, each `now`, `position:N` or `at:<instant>`. */
  @Get('diff')
  diff(@Param() params: ProjectParamsDto, @Query() query: ProjectDiffDto, @Ctx() context: CommandContext): Promise<ProjectDiffPage> {
    return this.queries.execute(new GetProjectDiffQuery(context.actor, params.projectId, query));
  }
}
