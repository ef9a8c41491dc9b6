// The guard of every route: who is calling (from the session token) and whether the route admits them.
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { type Actor, AppError, type AppConfig, CONFIG, commandContext } from '@annot/core';
import { RotateSessionTokenCommand } from '../commands/rotate-session-token.handler';
import { SessionsRepository } from '../sessions/sessions.repository';
import { StreamTickets } from '../sessions/stream-tickets.service';
import { accessKey, type AccessRule, privateHiddenKey, privateRolesKey } from './access.decorator';
import { hashToken, tokenOf } from './tokens';

export type AuthedRequest = Request & { actor?: Actor; sessionId?: string; id?: unknown };

export const tokenInvalid = () => new AppError(403, 'TOKEN_INVALID', 'errors.token_invalid');
export const forbidden = () => new AppError(403, 'FORBIDDEN', 'errors.forbidden');
/** A role the route never admits: the refusal names the roles that may, so the caller knows whom to ask. */
export const forbiddenFor = (roles: readonly string[]) => new AppError(403, 'FORBIDDEN', 'errors.forbidden_roles', { roles: roles.map((role) => `roles.r${role}`) });

@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsRepository,
    private readonly tickets: StreamTickets,
    private readonly commands: CommandBus,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    if (this.config.privateDeployment && this.reflector.getAllAndOverride<boolean>(privateHiddenKey, targets)) {
      throw new AppError(404, 'NOT_FOUND', 'errors.route_not_found', { method: req.method, path: req.path });
    }
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(accessKey, targets);
    if (!rule) throw forbidden();
    if (rule.kind === 'service') {
      const key = this.config.centralLoginKey;
      if (!key || req.headers['x-service-key'] !== key) throw forbidden();
      return true;
    }

    if (rule.kind === 'stream-ticket') return this.admitTicket(req);

    const token = tokenOf(req.headers, req.cookies as Record<string, string>);
    const session = token ? await this.sessions.findLive(hashToken(token), this.config.sessionIdleMinutes) : undefined;
    if (session && session.accountStatus === 'active') {
      req.actor = { id: session.accountId, role: session.role };
      req.sessionId = session.sessionId;
      await this.sessions.touch(session);
      if (!session.previousToken && this.tokenIsOld(session.tokenIssuedAt)) {
        await this.rotate(req, context.switchToHttp().getResponse<Response>(), session.accountId, session.sessionId);
      }
    }
    if (rule.kind === 'public') return true;
    if (!req.actor) throw tokenInvalid();
    if (rule.kind === 'roles') {
      const admitted = this.admitted(rule.roles, targets);
      if (!admitted.includes(req.actor.role)) throw forbiddenFor(admitted);
    }
    return true;
  }

  private async admitTicket(req: AuthedRequest): Promise<boolean> {
    const ticket = typeof req.query.ticket === 'string' ? req.query.ticket : null;
    const sessionId = ticket ? await this.tickets.sessionOf(ticket) : null;
    const session = sessionId ? await this.sessions.findLiveById(sessionId, this.config.sessionIdleMinutes) : undefined;
    if (!session || session.accountStatus !== 'active') throw new AppError(403, 'TICKET_INVALID', 'errors.ticket_invalid');
    req.actor = { id: session.accountId, role: session.role };
    req.sessionId = session.sessionId;
    return true;
  }

  private admitted(roles: readonly string[], targets: Parameters<Reflector['getAllAndOverride']>[1]): readonly string[] {
    const extra = this.config.privateDeployment ? (this.reflector.getAllAndOverride<string[]>(privateRolesKey, targets) ?? []) : [];
    return [...roles, ...extra];
  }

  private tokenIsOld(issuedAt: Date): boolean {
    return Date.now() - new Date(issuedAt).getTime() > this.config.tokenRotateMinutes * 60_000;
  }

  /** The seed's client takes a fresh token from the Authorization response header. */
  private async rotate(req: AuthedRequest, res: Response, accountId: string, sessionId: string): Promise<void> {
    const ctx = commandContext(req.actor!, { requestId: req.id ? String(req.id) : null, clientIp: req.ip ?? null });
    const token = await this.commands.execute<RotateSessionTokenCommand, string | null>(new RotateSessionTokenCommand(accountId, sessionId, ctx));
    if (token) {
      res.setHeader('Authorization', `Bearer ${token}`);
      res.setHeader('Access-Control-Expose-Headers', 'Authorization');
    }
  }
}
