// Builds the command context of a request: actor, command id (Idempotency-Key), request id, client ip.
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { type Actor, commandContext, type CommandContext } from '@annot/core';

/** Until accounts exist every caller is an anonymous guest; the actor is recorded all the same. */
export const anonymousActor: Actor = { id: 'anonymous', role: 'guest' };

export const Ctx = createParamDecorator((_: unknown, context: ExecutionContext): CommandContext => {
  const req = context.switchToHttp().getRequest<Request & { id?: string; actor?: Actor }>();
  const header = (name: string) => {
    const value = req.headers[name];
    return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
  };
  const requestId = req.id !== undefined ? String(req.id) : null;
  return commandContext(req.actor ?? anonymousActor, {
    commandId: header('idempotency-key') && `${(req.actor ?? anonymousActor).id}:${header('idempotency-key')}`,
    correlationId: header('x-correlation-id') ?? requestId ?? undefined,
    requestId,
    clientIp: req.ip ?? null,
  });
});
