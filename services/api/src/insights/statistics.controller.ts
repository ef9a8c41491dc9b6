// Statistics over HTTP: a project's figures for the staff, a tagger's own, a supplier's team's, and the staff's
// dashboard. Thin: it checks who may see which project and whose rows, and hands the query on.
import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import type { CommandContext } from '@annot/core';
import { type DashboardView, type ProjectStatisticsView, resolveRange, statisticsQuery } from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { Can } from '../identity/access/can.decorator';
import { ProjectAccess } from '../projects/project-access.service';
import { GetDashboardQuery } from './queries/get-dashboard.handler';
import { GetProjectStatisticsQuery } from './queries/get-project-statistics.handler';
import type { Who } from './statistics.repository';

class ParamsDto extends createZodDto(z.object({ id: z.uuid() })) {}
class StatisticsQueryDto extends createZodDto(statisticsQuery) {}

@ApiTags('insights')
@Controller('manage')
export class StatisticsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly projects: ProjectAccess,
  ) {}

  @Get('projects/:id/statistics')
  @Can('statistics.project')
  project(@Param() params: ParamsDto, @Query() query: StatisticsQueryDto, @Ctx() context: CommandContext): Promise<ProjectStatisticsView> {
    return this.read(params.id, query, context, 'project', { all: true });
  }

  @Get('projects/:id/statistics/mine')
  @Can('statistics.own')
  mine(@Param() params: ParamsDto, @Query() query: StatisticsQueryDto, @Ctx() context: CommandContext): Promise<ProjectStatisticsView> {
    return this.read(params.id, query, context, 'mine', { personId: context.actor.id });
  }

  @Get('projects/:id/statistics/team')
  @Can('statistics.team')
  async team(@Param() params: ParamsDto, @Query() query: StatisticsQueryDto, @Ctx() context: CommandContext): Promise<ProjectStatisticsView> {
    await this.projects.assertVisible(context.actor, params.id);
    return this.read(params.id, query, context, 'team', { teamId: await this.projects.supplierTeam(context.actor) });
  }

  @Get('dashboard')
  @Can('statistics.read')
  dashboard(@Query() query: StatisticsQueryDto): Promise<DashboardView> {
    return this.queries.execute(new GetDashboardQuery(resolveRange(query)));
  }

  private async read(projectId: string, query: StatisticsQueryDto, context: CommandContext, scope: 'project' | 'mine' | 'team', who: Who): Promise<ProjectStatisticsView> {
    await this.projects.assertVisible(context.actor, projectId);
    return this.queries.execute(new GetProjectStatisticsQuery(projectId, scope, who, resolveRange(query)));
  }
}
