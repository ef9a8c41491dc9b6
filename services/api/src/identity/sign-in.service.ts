// The seed's sign-in: role tabs, account choice, the internal tab's code, LOGIN_REPEAT, throttling of failures.
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AppError, type AppConfig, CONFIG, type CommandContext } from '@annot/core';
import { type LoginInput, loginTabs, type PersonInfo } from '@annot/workflows';
import { VerificationCodes } from './codes/verification-codes.service';
import { SignInCommand } from './commands/sign-in.handler';
import { AccountsRepository, type SignInCandidate } from './accounts.repository';
import { PasswordHasher } from './password-hasher.service';
import { SessionsRepository } from './sessions/sessions.repository';
import { SignInThrottle } from './sign-in-throttle.repository';

export type SignInOutcome =
  | { kind: 'signed-in'; token: string; info: PersonInfo }
  | { kind: 'choose-account'; accountList: { id: string; name: string }[] }
  | { kind: 'signed-in-elsewhere' };

export const personInfo = (a: Pick<SignInCandidate, 'id' | 'name' | 'role' | 'account' | 'dingTalkAccount'>): PersonInfo => ({
  id: a.id,
  name: a.name,
  role: a.role,
  account: a.account,
  ding_talk_account: a.dingTalkAccount,
});

const badCredentials = () => new AppError(400, 'LOGIN_FAILED', 'identity.bad_credentials');

@Injectable()
export class SignInService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly sessions: SessionsRepository,
    private readonly hasher: PasswordHasher,
    private readonly codes: VerificationCodes,
    private readonly throttle: SignInThrottle,
    private readonly commands: CommandBus,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async signIn(input: LoginInput, context: CommandContext): Promise<SignInOutcome> {
    await this.throttle.assertAllowed(input.account, context.clientIp);
    const tab = loginTabs[input.role as keyof typeof loginTabs];
    let candidates = await this.accounts.candidates(input.account, tab);
    if (input.auth_uid) candidates = candidates.filter((c) => c.id === input.auth_uid);
    const matched: SignInCandidate[] = [];
    for (const candidate of candidates) {
      if (await this.hasher.verify(candidate.passwordHash, input.password)) matched.push(candidate);
    }
    if (matched.length === 0) {
      await this.throttle.recordFailure(input.account, context.clientIp);
      throw badCredentials();
    }
    if (matched.length > 1) return { kind: 'choose-account', accountList: matched.map(({ id, name }) => ({ id, name })) };

    const account = matched[0];
    if (account.status !== 'active') throw new AppError(403, 'ACCOUNT_DISABLED', 'identity.account_disabled');
    if (input.role === 4 && !input.verification_code) {
      throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: 'verification_code', messageKey: 'identity.code_required' }]);
    }
    const live = await this.sessions.liveSessionIds(account.id, this.config.sessionIdleMinutes);
    const mustConfirm = live.length > 0 && !input.confirm;
    // The code is checked before LOGIN_REPEAT is told, but only used up by the sign-in that happens.
    if (input.role === 4 && !(await this.codes.verify(input.account, 'login', input.verification_code!, { consume: !mustConfirm }))) {
      // Under the code's own field, where the person reads what to do about it.
      throw new AppError(400, 'VERIFICATION_FAILED', 'identity.verification_failed', {}, [{ field: 'verification_code', messageKey: 'identity.verification_failed' }]);
    }
    if (mustConfirm) return { kind: 'signed-in-elsewhere' };

    const { token } = await this.commands.execute<SignInCommand, { token: string }>(
      new SignInCommand(account.id, 'password', true, { ...context, actor: { id: account.id, role: account.role } }),
    );
    await this.throttle.clear(input.account);
    return { kind: 'signed-in', token, info: personInfo(account) };
  }

  /** Exchanges a login ticket (dots-uuid) for a session; other sessions stay open. */
  async signInWithTicket(accountId: string, context: CommandContext): Promise<{ token: string; info: PersonInfo }> {
    const account = await this.accounts.byId(accountId);
    if (!account || account.status !== 'active') throw new AppError(403, 'ACCOUNT_DISABLED', 'identity.account_disabled');
    const { token } = await this.commands.execute<SignInCommand, { token: string }>(
      new SignInCommand(account.id, 'ticket', false, { ...context, actor: { id: account.id, role: account.role } }),
    );
    return { token, info: personInfo(account) };
  }
}
