// The audit ledger's hash chain: each settled event's hash covers its content and the hash before it.
import { createHash } from 'node:crypto';
import type { StoredEvent } from '../events/stored-event';

export const genesisHash = '0'.repeat(64);

export function chainHash(previous: string, event: StoredEvent): string {
  return createHash('sha256')
    .update(previous)
    .update('\n')
    .update(
      JSON.stringify([
        event.globalPosition,
        event.eventId,
        event.streamId,
        event.streamPosition,
        event.type,
        event.schemaVersion,
        event.data,
        event.metadata,
        event.recordedAt,
      ]),
    )
    .digest('hex');
}
