// Teams (suppliers): list (searched by name or contact), create and edit, for admins and PMs.
import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { AppError, type CommandContext } from '@annot/core';
import { listTeamsQuery, teamInput, type TeamView } from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { IfMatch } from '../http/if-match.decorator';
import { Can } from './access/can.decorator';
import { AccountsRepository } from './accounts.repository';
import { SaveTeamCommand } from './commands/save-team.handler';

class TeamDto extends createZodDto(teamInput) {}
class ListTeamsDto extends createZodDto(listTeamsQuery) {}
class TeamParamsDto extends createZodDto(z.object({ id: z.uuid() })) {}

@ApiTags('teams')
@Controller('manage/teams')
export class TeamsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly accounts: AccountsRepository,
  ) {}

  @Get()
  @Can('team.read')
  list(@Query() query: ListTeamsDto): Promise<TeamView[]> {
    return this.accounts.teams(query.keyword);
  }

  @Post()
  @Can('team.manage')
  async create(@Body() body: TeamDto, @Ctx() context: CommandContext): Promise<{ id: string; version: string }> {
    await this.assertNameFree(body.name, null);
    const result = await this.commands.execute(new SaveTeamCommand(null, body, context));
    return { id: result.streamId.slice('team-'.length), version: result.version.toString() };
  }

  @Patch(':id')
  @Can('team.manage')
  async edit(@Param() params: TeamParamsDto, @Body() body: TeamDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<{ version: string }> {
    await this.assertNameFree(body.name, params.id);
    const result = await this.commands.execute(new SaveTeamCommand(params.id, body, context, expected));
    return { version: result.version.toString() };
  }

  private async assertNameFree(name: string, teamId: string | null): Promise<void> {
    if (await this.accounts.teamNameTaken(name, teamId)) {
      throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: 'name', messageKey: 'team.name_taken' }]);
    }
  }
}
