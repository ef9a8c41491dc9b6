// Personnel: list, view, create, edit, disable and re-enable accounts, each caller within the roles it may manage.
import { Body, Controller, Get, Inject, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { type AppConfig, CONFIG, type CommandContext } from '@annot/core';
import { createPersonInput, editPersonInput, listPeopleQuery, type Page, type PersonView } from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { Versioned } from '../http/envelope';
import { IfMatch } from '../http/if-match.decorator';
import { Can } from './access/can.decorator';
import type { AuthedRequest } from './access/session.guard';
import { CreateAccountCommand } from './commands/create-account.handler';
import { EditAccountCommand } from './commands/edit-account.handler';
import { SetAccountStatusCommand } from './commands/set-account-status.handler';
import { PeoplePolicyService } from './people-policy.service';
import { LoginTickets } from './sessions/login-tickets.service';

class ListPeopleDto extends createZodDto(listPeopleQuery) {}
class CreatePersonDto extends createZodDto(createPersonInput) {}
class EditPersonDto extends createZodDto(editPersonInput) {}
class PersonParamsDto extends createZodDto(z.object({ id: z.uuid() })) {}

@ApiTags('people')
@Controller('manage/people')
export class PeopleController {
  constructor(
    private readonly commands: CommandBus,
    private readonly policy: PeoplePolicyService,
    private readonly tickets: LoginTickets,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Can('people.read')
  async list(@Query() query: ListPeopleDto, @Req() req: AuthedRequest): Promise<Page<PersonView>> {
    return this.policy.list(req.actor!, query);
  }

  @Get(':id')
  @Can('people.read')
  async get(@Param() params: PersonParamsDto, @Req() req: AuthedRequest): Promise<Versioned<PersonView>> {
    const person = await this.policy.visiblePerson(req.actor!, params.id);
    return new Versioned(person, person.version);
  }

  @Post()
  @Can('people.manage')
  async create(@Body() body: CreatePersonDto, @Req() req: AuthedRequest, @Ctx() context: CommandContext): Promise<{ id: string; version: string }> {
    const { password, ...profile } = body;
    const teamId = await this.policy.assertMayCreate(req.actor!, profile.role, profile.teamId, profile.account);
    return this.commands.execute(new CreateAccountCommand({ ...profile, teamId }, password, context));
  }

  @Patch(':id')
  @Can('people.manage')
  async edit(
    @Param() params: PersonParamsDto,
    @Body() body: EditPersonDto,
    @IfMatch() expected: bigint | undefined,
    @Req() req: AuthedRequest,
    @Ctx() context: CommandContext,
  ): Promise<{ version: string }> {
    await this.policy.assertMayManage(req.actor!, params.id, body.teamId);
    const { password, ...changes } = body;
    const result = await this.commands.execute(new EditAccountCommand(params.id, changes, password, context, expected));
    return { version: result.version.toString() };
  }

  @Post(':id/disable')
  @Can('people.manage')
  disable(@Param() params: PersonParamsDto, @IfMatch() expected: bigint | undefined, @Req() req: AuthedRequest, @Ctx() context: CommandContext) {
    return this.setStatus(params.id, 'disable', expected, req, context);
  }

  @Post(':id/enable')
  @Can('people.manage')
  enable(@Param() params: PersonParamsDto, @IfMatch() expected: bigint | undefined, @Req() req: AuthedRequest, @Ctx() context: CommandContext) {
    return this.setStatus(params.id, 'enable', expected, req, context);
  }

  /** A one-time sign-in link (dots-uuid) for an account, issued by an admin. */
  @Post(':id/login-ticket')
  @Can('people.sign_in_link')
  async loginTicket(@Param() params: PersonParamsDto, @Req() req: AuthedRequest): Promise<{ uuid: string; expiresAt: string }> {
    await this.policy.visiblePerson(req.actor!, params.id);
    return this.tickets.issue(params.id, req.actor!.id);
  }

  private async setStatus(id: string, action: 'disable' | 'enable', expected: bigint | undefined, req: AuthedRequest, context: CommandContext) {
    await this.policy.assertMayManage(req.actor!, id, undefined);
    const result = await this.commands.execute(new SetAccountStatusCommand(id, action, context, expected));
    return { version: result.version.toString() };
  }
}
