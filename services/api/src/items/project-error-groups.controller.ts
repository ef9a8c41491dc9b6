// The error groups a project uses, for the mark dialog of anyone who judges its items: inspectors and client acceptors
// see these and no other project's groups, while the catalog's full list stays with the staff.
import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import type { CommandContext } from '@annot/core';
import { Ctx } from '../http/command-context.decorator';
import { Can } from '../identity/access/can.decorator';
import { ProjectErrorGroups } from '../projects/project-error-groups.service';
import type { ProjectErrorGroup } from '../projects/projects.repository';
import { ItemAccess } from './item-access.service';

class ProjectParamsDto extends createZodDto(z.object({ projectId: z.uuid() })) {}

@ApiTags('items')
@Controller('manage/items')
export class ProjectErrorGroupsController {
  constructor(
    private readonly groups: ProjectErrorGroups,
    private readonly access: ItemAccess,
  ) {}

  @Get('projects/:projectId/error-groups')
  @Can('item.read')
  async list(@Param() params: ProjectParamsDto, @Ctx() context: CommandContext): Promise<ProjectErrorGroup[]> {
    await this.access.assertProjectReader(context.actor, params.projectId);
    return this.groups.of(params.projectId);
  }
}
