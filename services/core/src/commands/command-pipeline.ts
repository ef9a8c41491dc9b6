// The write path of every lifecycle command: load, evolve, let the machine decide, append.
import { Injectable } from '@nestjs/common';
import { decide, type DomainEvent } from '@annot/workflows';
import type { LifecycleMachine } from '@annot/workflows';
import { InvalidTransitionError, NotFoundError, VersionConflictError } from '../errors/app-error';
import { type AppendResult, EventStore, noStream } from '../events/event-store';
import type { StoredEvent } from '../events/stored-event';
import type { OutboxMessage } from '../outbox/outbox-message';
import type { Projection } from '../projections/projection';
import { type CommandContext, metadataOf } from './command-context';

export interface Lifecycle<S, E extends DomainEvent> {
  machine: LifecycleMachine;
  initial: S;
  evolve(state: S, event: E): S;
  /** The machine state the stream is in, or 'none' for a stream without events. */
  status(state: S): string;
  context(state: S): unknown;
  projections: Projection[];
}

export interface CommandRequest<S, E extends DomainEvent> {
  /** The machine event this command sends; omitted for the command that opens the stream. */
  event?: { type: string };
  decide(state: S): E[];
  outbox?(state: S): OutboxMessage[];
  /** From If-Match: the version the caller last saw. */
  expectedVersion?: bigint;
}

@Injectable()
export class CommandPipeline {
  constructor(private readonly eventStore: EventStore) {}

  async run<S, E extends DomainEvent>(
    lifecycle: Lifecycle<S, E>,
    streamId: string,
    context: CommandContext,
    request: CommandRequest<S, E>,
  ): Promise<AppendResult> {
    const seen = await this.eventStore.commandResult(context.commandId);
    if (seen) return seen;

    const { state, version } = await this.eventStore.aggregate<S>(
      streamId,
      (s, e: StoredEvent) => lifecycle.evolve(s, e as unknown as E),
      lifecycle.initial,
    );
    if (request.expectedVersion !== undefined && request.expectedVersion !== version) {
      throw new VersionConflictError(streamId, request.expectedVersion.toString());
    }
    const status = lifecycle.status(state);
    if (request.event && status === 'none') throw new NotFoundError(`things.${lifecycle.machine.id}`, streamId.slice(streamId.indexOf('-') + 1));
    if (request.event) {
      const decision = decide(lifecycle.machine, status, lifecycle.context(state), request.event);
      if (!decision.allowed) throw new InvalidTransitionError(decision.from, decision.event, decision.allowedEvents);
    } else if (status !== 'none') {
      throw new VersionConflictError(streamId, noStream.toString());
    }

    const machineRef = `${lifecycle.machine.id}@${lifecycle.machine.version ?? '1'}`;
    const metadata = metadataOf(context, machineRef);
    const events = request.decide(state).map((e) => ({ type: e.type, data: e.data, metadata }));
    // A command whose decision changes nothing appends nothing and answers with the current version.
    if (events.length === 0) return { streamId, version, positions: [], duplicate: false };
    return this.eventStore.append(streamId, version, events, {
      commandId: context.commandId,
      projections: lifecycle.projections,
      outbox: request.outbox?.(state),
    });
  }
}
