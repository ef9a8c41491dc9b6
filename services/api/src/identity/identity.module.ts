// The identity context: accounts, sign-in, sessions, people, teams, codes and the management log.
import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { type AppConfig, CONFIG } from '@annot/core';
import { SessionGuard } from './access/session.guard';
import { AccountsRepository } from './accounts.repository';
import { AdminBootstrap } from './admin-bootstrap.service';
import { AuditorProjectsController } from './auditor-projects.controller';
import { AuditorProjectsRepository } from './auditor-projects.repository';
import { AuthController } from './auth.controller';
import { CODE_TRANSPORT } from './codes/code-transport';
import { MailboxTransport, SmtpTransport } from './codes/code-transports';
import { LoginCodes } from './codes/login-codes.service';
import { MailboxRepository } from './codes/mailbox.repository';
import { VerificationCodesRepository } from './codes/verification-codes.repository';
import { VerificationCodes } from './codes/verification-codes.service';
import { AssignAuditorProjectsHandler } from './commands/assign-auditor-projects.handler';
import { BindChatAccountHandler } from './commands/bind-chat-account.handler';
import { ChangePasswordHandler } from './commands/change-password.handler';
import { CreateAccountHandler } from './commands/create-account.handler';
import { EditAccountHandler } from './commands/edit-account.handler';
import { RegisterAccountHandler } from './commands/register-account.handler';
import { RotateSessionTokenHandler } from './commands/rotate-session-token.handler';
import { SaveTeamHandler } from './commands/save-team.handler';
import { SetAccountStatusHandler } from './commands/set-account-status.handler';
import { SignInHandler } from './commands/sign-in.handler';
import { SignOutHandler } from './commands/sign-out.handler';
import { ManagementLogController } from './management-log.controller';
import { ManagementLogRepository } from './management-log.repository';
import { MailboxController } from './mailbox.controller';
import { PasswordHasher } from './password-hasher.service';
import { PasswordResetService } from './password-reset.service';
import { PeopleController } from './people.controller';
import { PeoplePolicyService } from './people-policy.service';
import { RegistrationService } from './registration.service';
import { LoginTickets } from './sessions/login-tickets.service';
import { LoginTicketsRepository } from './sessions/login-tickets.repository';
import { SessionsRepository } from './sessions/sessions.repository';
import { StreamTickets } from './sessions/stream-tickets.service';
import { SignInService } from './sign-in.service';
import { SignInThrottle } from './sign-in-throttle.repository';
import { TeamsController } from './teams.controller';

@Module({
  controllers: [AuthController, PeopleController, AuditorProjectsController, TeamsController, ManagementLogController, MailboxController],
  providers: [
    { provide: APP_GUARD, useClass: SessionGuard },
    {
      provide: CODE_TRANSPORT,
      inject: [CONFIG, MailboxRepository],
      useFactory: (config: AppConfig, mailbox: MailboxRepository) => {
        const development = new MailboxTransport(mailbox);
        return config.mailUrl ? new SmtpTransport(config.mailUrl, config.mailFrom, development) : development;
      },
    },
    AccountsRepository,
    AuditorProjectsRepository,
    AssignAuditorProjectsHandler,
    SessionsRepository,
    StreamTickets,
    ManagementLogRepository,
    MailboxRepository,
    PasswordHasher,
    VerificationCodesRepository,
    VerificationCodes,
    LoginCodes,
    LoginTicketsRepository,
    LoginTickets,
    SignInThrottle,
    SignInService,
    RegistrationService,
    PasswordResetService,
    PeoplePolicyService,
    AdminBootstrap,
    CreateAccountHandler,
    RegisterAccountHandler,
    EditAccountHandler,
    SetAccountStatusHandler,
    SignInHandler,
    SignOutHandler,
    ChangePasswordHandler,
    BindChatAccountHandler,
    RotateSessionTokenHandler,
    SaveTeamHandler,
  ],
  exports: [StreamTickets, SessionsRepository],
})
export class IdentityModule {}
