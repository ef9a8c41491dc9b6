// The people of a project's links: the PM chooses teams and taggers; a supplier groups its own taggers.
import { Body, Controller, Get, Param, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import type { CommandContext } from '@annot/core';
import { linkGroupInput, linkMembersInput, type LinkMembersView } from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { IfMatch } from '../http/if-match.decorator';
import { Can } from '../identity/access/can.decorator';
import { AssignLinkMembersCommand } from './commands/assign-link-members.handler';
import { SaveLinkGroupCommand } from './commands/save-link-group.handler';
import { ProjectAccess } from './project-access.service';
import { ProjectReferences } from './project-references.service';
import { ProjectViews } from './project-views.service';

class ParamsDto extends createZodDto(z.object({ id: z.uuid() })) {}
class LinkParamsDto extends createZodDto(z.object({ id: z.uuid(), linkId: z.uuid() })) {}
class GroupParamsDto extends createZodDto(z.object({ id: z.uuid(), linkId: z.uuid(), groupId: z.uuid() })) {}
class MembersDto extends createZodDto(linkMembersInput) {}
class GroupDto extends createZodDto(linkGroupInput) {}

@ApiTags('projects')
@Controller('manage/projects/:id')
export class ProjectMembersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly access: ProjectAccess,
    private readonly references: ProjectReferences,
    private readonly views: ProjectViews,
  ) {}

  /** Every link's people for the PM; a supplier sees only the links its team works on, and only its own people there. */
  @Get('members')
  @Can('project.members.read')
  async members(@Param() params: ParamsDto, @Ctx() context: CommandContext): Promise<LinkMembersView[]> {
    await this.access.assertVisible(context.actor, params.id);
    return this.views.members(params.id, await this.access.scope(context.actor));
  }

  @Put('links/:linkId/members')
  @Can('project.members.assign')
  async assign(@Param() params: LinkParamsDto, @Body() body: MembersDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<{ version: string }> {
    await this.references.checkMembers(body);
    const result = await this.commands.execute(new AssignLinkMembersCommand(params.id, params.linkId, body, context, expected));
    return { version: result.version.toString() };
  }

  @Post('links/:linkId/groups')
  @Can('project.groups.manage')
  async createGroup(@Param() params: LinkParamsDto, @Body() body: GroupDto, @Ctx() context: CommandContext): Promise<{ groupId: string; version: string }> {
    return this.saveGroup(params.id, params.linkId, null, body, context);
  }

  @Put('links/:linkId/groups/:groupId')
  @Can('project.groups.manage')
  async editGroup(@Param() params: GroupParamsDto, @Body() body: GroupDto, @Ctx() context: CommandContext): Promise<{ groupId: string; version: string }> {
    return this.saveGroup(params.id, params.linkId, params.groupId, body, context);
  }

  @Post('links/:linkId/groups/:groupId/delete')
  @Can('project.groups.manage')
  async deleteGroup(@Param() params: GroupParamsDto, @Ctx() context: CommandContext): Promise<{ groupId: string; version: string }> {
    return this.saveGroup(params.id, params.linkId, params.groupId, null, context);
  }

  private async saveGroup(projectId: string, linkId: string, groupId: string | null, group: GroupDto | null, context: CommandContext) {
    await this.access.assertVisible(context.actor, projectId);
    const teamId = await this.access.supplierTeam(context.actor);
    if (group) await this.references.checkGroup(group, teamId);
    const result = await this.commands.execute(new SaveLinkGroupCommand(projectId, linkId, groupId, group, teamId, context));
    return { groupId: result.groupId, version: result.version.toString() };
  }
}
