// The projects an auditor reads: the admin reads and replaces the set; an auditor changes nothing, its own set included.
import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { AppError, type CommandContext, NotFoundError } from '@annot/core';
import { auditorProjectsInput, Role } from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { IfMatch } from '../http/if-match.decorator';
import { Can } from './access/can.decorator';
import { AccountsRepository } from './accounts.repository';
import { AuditorProjectsRepository } from './auditor-projects.repository';
import { AssignAuditorProjectsCommand } from './commands/assign-auditor-projects.handler';

class AuditorProjectsDto extends createZodDto(auditorProjectsInput) {}
class AuditorParamsDto extends createZodDto(z.object({ id: z.uuid() })) {}

@ApiTags('people')
@Controller('manage/people/:id/projects')
@Can('people.auditors.assign')
export class AuditorProjectsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly accounts: AccountsRepository,
    private readonly auditorProjects: AuditorProjectsRepository,
  ) {}

  @Get()
  async get(@Param() params: AuditorParamsDto): Promise<{ projectIds: string[] }> {
    await this.assertAuditor(params.id);
    return { projectIds: await this.auditorProjects.projectIdsOf(params.id) };
  }

  @Put()
  async assign(
    @Param() params: AuditorParamsDto,
    @Body() body: AuditorProjectsDto,
    @IfMatch() expected: bigint | undefined,
    @Ctx() context: CommandContext,
  ): Promise<{ version: string }> {
    await this.assertAuditor(params.id);
    const [unknown] = await this.auditorProjects.unknownProjects(body.projectIds);
    if (unknown) throw new NotFoundError('things.project', unknown);
    const result = await this.commands.execute(new AssignAuditorProjectsCommand(params.id, body.projectIds, context, expected));
    return { version: result.version.toString() };
  }

  private async assertAuditor(id: string): Promise<void> {
    const person = await this.accounts.person(id);
    if (!person) throw new NotFoundError('things.account', id);
    if (person.role !== Role.Auditor) throw new AppError(409, 'INVALID_TRANSITION', 'people.not_auditor');
  }
}
