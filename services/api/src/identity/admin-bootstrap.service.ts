// Makes sure a platform has its first admin (ADMIN_ACCOUNT / ADMIN_PASSWORD), created once by the system.
import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AppError, type AppConfig, CONFIG, commandContext, systemActor } from '@annot/core';
import { isEmail, isPhone, Role } from '@annot/workflows';
import { AccountsRepository } from './accounts.repository';
import { CreateAccountCommand } from './commands/create-account.handler';

/** The same id in every process, so concurrent start-ups create the admin once. */
export function bootstrapAdminId(account: string): string {
  const hex = createHash('sha256').update(`bootstrap-admin:${account.toLowerCase()}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger(AdminBootstrap.name);

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly commands: CommandBus,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (await this.accounts.adminExists()) return;
    const { account, password, name } = this.config.admin;
    const profile = {
      name,
      account,
      phone: isPhone(account) ? account : null,
      email: isEmail(account) ? account : null,
      role: Role.Admin,
      teamId: null,
      company: null,
    };
    try {
      await this.commands.execute(new CreateAccountCommand(profile, password, commandContext(systemActor), bootstrapAdminId(account)));
      this.logger.log(`created the first admin account ${account}`);
    } catch (error) {
      if (!(error instanceof AppError && error.status === 409)) throw error;
    }
  }
}
