// Distribution of links' pools over HTTP: the PM shares a link's pool among its teams, a supplier splits its team's
// share among its groups, and both read the shares and their progress.
import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import type { CommandContext } from '@annot/core';
import { type LinkDistributionView, linkDistributionInput, teamSplitInput } from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { IfMatch } from '../http/if-match.decorator';
import { Can } from '../identity/access/can.decorator';
import { ProjectAccess } from '../projects/project-access.service';
import { DistributePoolCommand } from './commands/distribute-pool.handler';
import { DistributionRepository } from './distribution.repository';
import { DistributionViews } from './distribution-views.service';

class ProjectParamsDto extends createZodDto(z.object({ projectId: z.uuid() })) {}
class LinkParamsDto extends createZodDto(z.object({ linkId: z.uuid() })) {}
class LinkDistributionDto extends createZodDto(linkDistributionInput) {}
class TeamSplitDto extends createZodDto(teamSplitInput) {}

@ApiTags('distribution')
@Controller('manage/distribution')
export class DistributionController {
  constructor(
    private readonly commands: CommandBus,
    private readonly access: ProjectAccess,
    private readonly shares: DistributionRepository,
    private readonly views: DistributionViews,
  ) {}

  /** Every link's shares for the PM; a supplier its own team's share and groups on the links its team is on. */
  @Get('projects/:projectId')
  @Can('distribution.read')
  links(@Param() params: ProjectParamsDto, @Ctx() context: CommandContext): Promise<LinkDistributionView[]> {
    return this.views.ofProject(context.actor, params.projectId);
  }

  @Put('links/:linkId')
  @Can('distribution.manage')
  async distribute(@Param() params: LinkParamsDto, @Body() body: LinkDistributionDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<{ version: string }> {
    await this.visibleLink(params.linkId, context);
    return this.commands.execute(new DistributePoolCommand(params.linkId, { kind: 'link', input: body }, context, expected));
  }

  @Put('links/:linkId/groups')
  @Can('distribution.split')
  async split(@Param() params: LinkParamsDto, @Body() body: TeamSplitDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<{ version: string }> {
    await this.visibleLink(params.linkId, context);
    const teamId = await this.access.supplierTeam(context.actor);
    return this.commands.execute(new DistributePoolCommand(params.linkId, { kind: 'team', teamId, input: body }, context, expected));
  }

  /** A link of a project the caller may not see answers as one that does not exist. */
  private async visibleLink(linkId: string, context: CommandContext): Promise<void> {
    const link = await this.shares.link(linkId);
    if (link) await this.access.assertVisible(context.actor, link.projectId);
  }
}
