// Builders of events and metadata for tests that talk to the event store directly.
import { randomUUID } from 'node:crypto';
import type { EventMetadata, NewEvent } from '@annot/core';

export function testMetadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  const commandId = randomUUID();
  return {
    actorId: 'tester',
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
