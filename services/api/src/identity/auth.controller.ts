// The seed's sign-in calls at their exact paths: thin, each validates, checks access and hands the work on.
import { Body, Controller, Get, Inject, Post, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { AppError, type AppConfig, CONFIG, type CommandContext } from '@annot/core';
import {
  bindChatInput,
  countries,
  type Country,
  countriesQuery,
  dotsLoginInput,
  loginInput,
  menuFor,
  type MenuItem,
  type PersonInfo,
  registerInput,
  resetPasswordInput,
  sendCodeQuery,
} from '@annot/workflows';
import type { Request } from 'express';
import { Ctx } from '../http/command-context.decorator';
import { Notice } from '../http/envelope';
import { requestLanguage } from '../http/request-language';
import { HiddenInPrivateDeployment, Public, ServiceOnly, SignedIn } from './access/access.decorator';
import { Can } from './access/can.decorator';
import type { AuthedRequest } from './access/session.guard';
import { AccountsRepository } from './accounts.repository';
import { BindChatAccountCommand } from './commands/bind-chat-account.handler';
import { SignOutCommand } from './commands/sign-out.handler';
import { PasswordResetService } from './password-reset.service';
import { RegistrationService } from './registration.service';
import { LoginTickets } from './sessions/login-tickets.service';
import { LoginCodes } from './codes/login-codes.service';
import { personInfo, SignInService } from './sign-in.service';

class LoginDto extends createZodDto(loginInput) {}
class DotsLoginDto extends createZodDto(dotsLoginInput) {}
class SendCodeDto extends createZodDto(sendCodeQuery) {}
class RegisterDto extends createZodDto(registerInput) {}
class ResetPasswordDto extends createZodDto(resetPasswordInput) {}
class BindChatDto extends createZodDto(bindChatInput) {}
class CountriesDto extends createZodDto(countriesQuery) {}
class TicketRequestDto extends createZodDto(z.object({ accountId: z.uuid() })) {}

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly signIns: SignInService,
    private readonly registration: RegistrationService,
    private readonly resets: PasswordResetService,
    private readonly loginCodes: LoginCodes,
    private readonly tickets: LoginTickets,
    private readonly accounts: AccountsRepository,
    private readonly commands: CommandBus,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('manage/auth/login')
  @Public()
  async login(@Body() body: LoginDto, @Ctx() context: CommandContext): Promise<unknown> {
    const outcome = await this.signIns.signIn(body, context);
    if (outcome.kind === 'signed-in-elsewhere') return new Notice('LOGIN_REPEAT', 'identity.login_repeat', null);
    if (outcome.kind === 'choose-account') return { accountList: outcome.accountList };
    return { token: outcome.token, info: outcome.info };
  }

  @Post('manage/auth/dots_login')
  @Public()
  async dotsLogin(@Body() body: DotsLoginDto, @Ctx() context: CommandContext): Promise<{ token: string; info: PersonInfo }> {
    const accountId = await this.tickets.consume(body.uuid);
    if (!accountId) throw new AppError(403, 'TOKEN_INVALID', 'identity.ticket_invalid');
    return this.signIns.signInWithTicket(accountId, context);
  }

  /** A central login service asks for a ticket for one of our accounts with the shared key. */
  @Post('manage/auth/login_tickets')
  @ServiceOnly()
  async issueTicket(@Body() body: TicketRequestDto): Promise<{ uuid: string; expiresAt: string }> {
    const account = await this.accounts.byId(body.accountId);
    if (!account) throw new AppError(404, 'NOT_FOUND', 'errors.not_found', { what: 'things.account', id: body.accountId });
    return this.tickets.issue(account.id, 'central-login');
  }

  @Get('ocr_front_config/server_url_config.json')
  @Public()
  serverUrlConfig(): { dots_url: string; private_deployment: boolean } {
    return { dots_url: this.config.centralLoginUrl, private_deployment: this.config.privateDeployment };
  }

  @Get('api/user/info')
  @SignedIn()
  async userInfo(@Req() req: AuthedRequest): Promise<{ data: PersonInfo }> {
    const account = await this.accounts.byId(req.actor!.id);
    return { data: personInfo(account!) };
  }

  @Get('manage/auth/countries')
  @Public()
  @HiddenInPrivateDeployment()
  countries(@Query() _query: CountriesDto): Omit<Country, 'region'>[] {
    // The seed's country is its id and two names; the console finds the region for other languages in the shared table.
    return countries.map(({ region: _, ...country }) => country);
  }

  @Post('manage/auth/register')
  @Public()
  @HiddenInPrivateDeployment()
  register(@Query() form: RegisterDto, @Ctx() context: CommandContext): Promise<{ id: string }> {
    return this.registration.register(form, context);
  }

  @Get('manage/auth/sendcode')
  @Public()
  @HiddenInPrivateDeployment()
  async sendCode(@Query() query: SendCodeDto, @Req() req: Request): Promise<{ seconds: number }> {
    await this.registration.sendCode(query.account, requestLanguage(req));
    return { seconds: 60 };
  }

  @Get('manage/auth/suppliersendcode')
  @Public()
  @HiddenInPrivateDeployment()
  async supplierSendCode(@Query() query: SendCodeDto, @Req() req: Request): Promise<{ seconds: number }> {
    await this.registration.sendCode(query.account, requestLanguage(req));
    return { seconds: 60 };
  }

  /** The internal tab's code, sent to the phone or email of the admin or PM account. */
  @Get('manage/auth/logincode')
  @Public()
  async loginCode(@Query() query: SendCodeDto, @Req() req: Request): Promise<{ seconds: number }> {
    await this.loginCodes.send(query.account, requestLanguage(req));
    return { seconds: 60 };
  }

  @Get('manage/auth/forgetsendcode')
  @Public()
  async forgetSendCode(@Query() query: SendCodeDto, @Req() req: Request): Promise<{ seconds: number }> {
    await this.resets.sendCode(query.account, requestLanguage(req));
    return { seconds: 60 };
  }

  @Post('manage/auth/resetpasswd')
  @Public()
  async resetPassword(@Body() body: ResetPasswordDto, @Ctx() context: CommandContext): Promise<null> {
    await this.resets.reset(body.account, body.code, body.password, context);
    return null;
  }

  @Get('manage/auth/logout')
  @SignedIn()
  async logout(@Req() req: AuthedRequest, @Ctx() context: CommandContext): Promise<null> {
    await this.commands.execute(new SignOutCommand(req.actor!.id, req.sessionId!, context));
    return null;
  }

  @Post('manage/auth/bindding')
  @Can('chat.bind')
  async bind(@Body() body: BindChatDto, @Req() req: AuthedRequest, @Ctx() context: CommandContext): Promise<null> {
    await this.commands.execute(new BindChatAccountCommand(req.actor!.id, body.ding_talk_account, context));
    return null;
  }

  @Get('manage/project/wordlistByRole')
  @SignedIn()
  wordlistByRole(@Req() req: AuthedRequest): { role: string; menu: MenuItem[] } {
    return { role: req.actor!.role, menu: menuFor(req.actor!.role, this.config.privateDeployment) };
  }

  @Post('api/active_ping')
  @SignedIn()
  activePing(): { alive: true } {
    return { alive: true };
  }
}
