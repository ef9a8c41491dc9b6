// The event store: optimistic, idempotent appends that carry their projections and outbox rows in one transaction.
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database/database.types';
import { DATABASE } from '../database/database.token';
import { VersionConflictError } from '../errors/app-error';
import type { OutboxMessage } from '../outbox/outbox-message';
import { jobQueue } from '../jobs/job-catalogue';
import type { Projection } from '../projections/projection';
import { readStream } from './event-log.reader';
import type { NewEvent, StoredEvent } from './stored-event';

/** A stream that must not exist yet, or any version at all. */
export const noStream = 0n;
export const anyVersion = -1n;

export interface AppendOptions {
  commandId?: string;
  projections?: Projection[];
  outbox?: OutboxMessage[];
}

export interface AppendResult {
  streamId: string;
  version: bigint;
  positions: string[];
  /** True when the command id had been seen: nothing was appended and this is the first result. */
  duplicate: boolean;
}

interface AppendRow {
  streamId: string;
  version: string;
  txId: string;
  positions: string[];
  recordedAt: string;
  duplicate?: boolean;
}

const appendText = 'SELECT append_events($1, $2, $3::bigint, $4::jsonb, $5) AS result';
const versionConflictCode = 'ES409';
const uniqueViolationCode = '23505';

export const streamTypeOf = (streamId: string): string => streamId.slice(0, streamId.indexOf('-')) || streamId;

@Injectable()
export class EventStore {
  constructor(@Inject(DATABASE) private readonly db: Kysely<Database>) {}

  /** A stream's events in order and its version; `db` is the caller's transaction when it reads inside one. */
  async readStream(streamId: string, db: Kysely<Database> = this.db): Promise<{ events: StoredEvent[]; version: bigint }> {
    const events = await readStream(db, streamId);
    return { events, version: BigInt(events.length ? events[events.length - 1].streamPosition : 0) };
  }

  async append(
    streamId: string,
    expectedVersion: bigint,
    events: NewEvent[],
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    try {
      // Without projections or outbox rows, the whole append is one statement and one round trip.
      if (!options.projections?.length && !options.outbox?.length) {
        return toResult(await this.callAppend(this.db, streamId, expectedVersion, payloadOf(events), options.commandId));
      }
      return await this.db.transaction().execute((trx) => this.appendIn(trx, streamId, expectedVersion, events, options));
    } catch (error) {
      const failure = await this.settledFailure(error, streamId, expectedVersion, options.commandId);
      if (failure instanceof DuplicateCommand) return failure.result;
      throw failure;
    }
  }

  /** Appends within the caller's transaction, for a command that writes several streams at once. */
  async appendIn(trx: Transaction<Database>, streamId: string, expectedVersion: bigint, events: NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    const payload = payloadOf(events);
    const row = await this.callAppend(trx, streamId, expectedVersion, payload, options.commandId);
    if (!row.duplicate) await this.writeEffects(trx, row, payload, options.projections ?? [], options.outbox ?? [], options.commandId);
    return toResult(row);
  }

  /**
   * What a failed append means to its caller: the first result when the same command won meanwhile (a retry racing
   * its original), a version conflict, or the error itself. Returned, not thrown, so callers throw it.
   */
  async settledFailure(error: unknown, streamId: string, expectedVersion: bigint, commandId: string | undefined): Promise<unknown> {
    const code = (error as { code?: string }).code;
    if (commandId && (code === versionConflictCode || code === uniqueViolationCode)) {
      const first = await this.commandResult(commandId);
      if (first) return new DuplicateCommand(first);
    }
    if (code === versionConflictCode) return new VersionConflictError((error as { detail?: string }).detail ?? streamId, expectedVersion.toString());
    return error;
  }

  async commandResult(commandId: string): Promise<AppendResult | null> {
    const row = await this.db
      .selectFrom('commands')
      .select('result')
      .where('command_id', '=', commandId)
      .executeTakeFirst();
    return row ? toResult({ ...(row.result as AppendRow), duplicate: true }) : null;
  }

  private async callAppend(
    db: Kysely<Database>,
    streamId: string,
    expected: bigint,
    payload: unknown[],
    commandId: string | undefined,
  ): Promise<AppendRow> {
    // A prepared text with no template to compile: appends are the hottest path of the platform.
    const { rows } = await db.executeQuery<{ result: AppendRow }>(
      CompiledQuery.raw(appendText, [streamId, streamTypeOf(streamId), expected.toString(), JSON.stringify(payload), commandId ?? null]),
    );
    return rows[0].result;
  }

  private async writeEffects(
    trx: Transaction<Database>,
    row: AppendRow,
    payload: { eventId: string; type: string; schemaVersion: number; data: unknown; metadata: NewEvent['metadata'] }[],
    projections: Projection[],
    outbox: OutboxMessage[],
    commandId: string | undefined,
  ): Promise<void> {
    const first = BigInt(row.version) - BigInt(payload.length);
    const stored: StoredEvent[] = payload.map((e, i) => ({
      ...e,
      globalPosition: row.positions[i],
      txId: row.txId,
      streamId: row.streamId,
      streamPosition: (first + BigInt(i + 1)).toString(),
      recordedAt: row.recordedAt,
    }));
    for (const projection of projections) {
      const read = projection.types ? stored.filter((e) => projection.types!.includes(e.type)) : stored;
      if (read.length > 0) await projection.apply(trx, read);
    }
    if (outbox.length > 0) {
      await trx
        .insertInto('outbox')
        .values(
          outbox.map((m) => ({
            queue: m.queue ?? jobQueue,
            job_name: m.name,
            payload: JSON.stringify(m.data),
            command_id: commandId ?? null,
            run_at: m.runAt ?? null,
          })),
        )
        .execute();
    }
  }
}

/** Thrown where a command turns out to have run already: it carries that first run's result. */
export class DuplicateCommand extends Error {
  constructor(readonly result: AppendResult) {
    super('command already ran');
  }
}

function payloadOf(events: NewEvent[]) {
  return events.map((e) => ({
    eventId: e.eventId ?? randomUUID(),
    type: e.type,
    schemaVersion: e.schemaVersion ?? 1,
    data: e.data,
    metadata: e.metadata,
  }));
}

function toResult(row: AppendRow): AppendResult {
  return {
    streamId: row.streamId,
    version: BigInt(row.version),
    positions: row.positions,
    duplicate: row.duplicate === true,
  };
}
