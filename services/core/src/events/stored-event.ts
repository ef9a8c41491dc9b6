// Events as they come back from the store, and the metadata every one of them carries.
import type { EventMetadata } from '@annot/workflows';
export type { EventMetadata };

export interface StoredEvent<TType extends string = string, TData = any> {
  globalPosition: string;
  txId: string;
  streamId: string;
  streamPosition: string;
  eventId: string;
  type: TType;
  schemaVersion: number;
  data: TData;
  metadata: EventMetadata;
  /** ISO-8601 in UTC with microseconds, exactly as PostgreSQL stored it. */
  recordedAt: string;
}

export interface NewEvent {
  type: string;
  data: unknown;
  metadata: EventMetadata;
  schemaVersion?: number;
  eventId?: string;
}

/** Where a reader of the global log stands: events are ordered by (txId, globalPosition). */
export interface LogCursor {
  txId: string;
  globalPosition: string;
}

export const logStart: LogCursor = { txId: '0', globalPosition: '0' };

export interface EventRow {
  global_position: string;
  tx_id: string;
  stream_id: string;
  stream_position: string;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: unknown;
  recorded_at: string;
}

export function toStoredEvent(row: EventRow): StoredEvent {
  return {
    globalPosition: row.global_position,
    txId: row.tx_id,
    streamId: row.stream_id,
    streamPosition: row.stream_position,
    eventId: row.event_id,
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata as EventMetadata,
    recordedAt: row.recorded_at,
  };
}
