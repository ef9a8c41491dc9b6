// Who asks for a command and in which conversation: becomes the metadata of every event it appends.
import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../events/stored-event';

export interface Actor {
  id: string;
  role: string;
}

export interface CommandContext {
  actor: Actor;
  commandId: string;
  correlationId: string;
  causationId: string | null;
  requestId: string | null;
  clientIp: string | null;
  /** False where the command id was made for this request: nothing can have run under it yet. */
  repeatable?: boolean;
}

export function commandContext(actor: Actor, fields: Partial<Omit<CommandContext, 'actor'>> = {}): CommandContext {
  const commandId = fields.commandId ?? randomUUID();
  return {
    actor,
    commandId,
    correlationId: fields.correlationId ?? commandId,
    causationId: fields.causationId ?? null,
    requestId: fields.requestId ?? null,
    clientIp: fields.clientIp ?? null,
    repeatable: fields.commandId !== undefined,
  };
}

export function metadataOf(context: CommandContext, machine: string | null): EventMetadata {
  return {
    actorId: context.actor.id,
    actorRole: context.actor.role,
    commandId: context.commandId,
    correlationId: context.correlationId,
    causationId: context.causationId,
    requestId: context.requestId,
    clientIp: context.clientIp,
    machine,
  };
}

/** The actor of work the platform does on its own (workers, timers). */
export const systemActor: Actor = { id: 'system', role: 'system' };
