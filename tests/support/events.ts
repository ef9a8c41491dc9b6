// Builders of events and metadata for tests that talk to the event store directly.
import { randomUUID } from 'node:crypto';
import type { EventMetadata, NewEvent } from '@annot/core';

/** The actor of the events tests append directly: an account id, as every command's actor is. */
export const testActorId = '7e57e700-0000-4000-8000-000000000001';

export function testMetadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  const commandId = randomUUID();
  return {
    actorId: testActorId,
    actorRole: '01',
    commandId,
    correlationId: commandId,
    causationId: null,
    requestId: null,
    clientIp: '127.0.0.1',
    machine: null,
    ...overrides,
  };
}

export function testEvent(type: string, data: unknown = {}): NewEvent {
  return { type, data, metadata: testMetadata() };
}
