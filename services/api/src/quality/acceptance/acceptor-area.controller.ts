// The client acceptor's area over HTTP: their acceptance projects, a project's batches naming them, every item of
// those batches a page at a time, and the statistics of their acceptance. The staff may read them too, and see all.
import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import type { CommandContext } from '@annot/core';
import { type AcceptanceBatchRow, acceptanceItemsQuery, type AcceptanceProjectRow, type AcceptanceStatistics, type AcceptorItemRow, type Page } from '@annot/workflows';
import { Ctx } from '../../http/command-context.decorator';
import { Can } from '../../identity/access/can.decorator';
import { AcceptanceAccess } from './acceptance-access.service';
import { AcceptanceRepository } from './acceptance.repository';

class ProjectParamsDto extends createZodDto(z.object({ projectId: z.uuid() })) {}
class ItemsQueryDto extends createZodDto(acceptanceItemsQuery) {}

@ApiTags('quality')
@Controller('manage/quality/acceptance/projects')
@Can('acceptance.read')
export class AcceptorAreaController {
  constructor(
    private readonly batches: AcceptanceRepository,
    private readonly access: AcceptanceAccess,
  ) {}

  @Get()
  async projects(@Ctx() context: CommandContext): Promise<{ items: AcceptanceProjectRow[] }> {
    return { items: await this.batches.projects(this.access.viewer(context.actor)) };
  }

  @Get(':projectId/batches')
  async projectBatches(@Param() params: ProjectParamsDto, @Ctx() context: CommandContext): Promise<{ items: AcceptanceBatchRow[] }> {
    const viewer = await this.access.assertProject(context.actor, params.projectId);
    return { items: await this.batches.batches(params.projectId, viewer) };
  }

  @Get(':projectId/items')
  async items(@Param() params: ProjectParamsDto, @Query() query: ItemsQueryDto, @Ctx() context: CommandContext): Promise<Page<AcceptorItemRow>> {
    const viewer = await this.access.assertProject(context.actor, params.projectId);
    return this.batches.projectItems(params.projectId, viewer, query);
  }

  @Get(':projectId/statistics')
  async statistics(@Param() params: ProjectParamsDto, @Ctx() context: CommandContext): Promise<AcceptanceStatistics> {
    const viewer = await this.access.assertProject(context.actor, params.projectId);
    return this.batches.statistics(params.projectId, viewer);
  }
}
