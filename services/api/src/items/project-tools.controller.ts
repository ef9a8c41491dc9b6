// The tools a project cites, with their definitions at the cited versions, for the editor of anyone who works on
// it or accepts its data: taggers and client acceptors may not read the catalog, yet draw the objects of these tools.
import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { type CommandContext, LifecycleStates, projectStateRow } from '@annot/core';
import { type ResultTool, type ToolInput } from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { Can } from '../identity/access/can.decorator';
import { ItemAccess } from './item-access.service';
import { ItemsRepository } from './items.repository';

class ProjectParamsDto extends createZodDto(z.object({ projectId: z.uuid() })) {}

@ApiTags('items')
@Controller('manage/items')
export class ProjectToolsController {
  constructor(
    private readonly states: LifecycleStates,
    private readonly items: ItemsRepository,
    private readonly access: ItemAccess,
  ) {}

  @Get('projects/:projectId/tools')
  @Can('item.read')
  async tools(@Param() params: ProjectParamsDto, @Ctx() context: CommandContext): Promise<ResultTool[]> {
    await this.access.assertProjectReader(context.actor, params.projectId);
    const { state } = await this.states.read(projectStateRow, params.projectId);
    const cited = state.tools ?? [];
    const definitions = await this.items.toolDefinitions(cited);
    // In the project's order: the toolbar and its keys follow the order the PM gave the tools.
    return cited.flatMap((ref) => definitions.filter((d) => d.toolId === ref.toolId && d.toolVersion === ref.toolVersion)).map((d) => ({ ...d, definition: d.definition as ToolInput }));
  }
}
