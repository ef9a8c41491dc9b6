// The event store: optimistic, idempotent appends that carry their projections and outbox rows in one transaction,
// and once that has committed, a word to the loops of every process that read what they wrote.
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database/database.types';
import { DATABASE } from '../database/database.token';
import { VersionConflictError } from '../errors/app-error';
import type { OutboxMessage } from '../outbox/outbox-message';
import { jobQueue } from '../jobs/job-catalogue';
import type { Projection } from '../projections/projection';
import { readStream, readStreams } from './event-log.reader';
import type { NewEvent, StoredEvent } from './stored-event';
import { type WrittenTable, WrittenNotifier } from './written-notifier';

/** A stream that must not exist yet, or any version at all. */
export const noStream = 0n;
export const anyVersion = -1n;

export interface AppendOptions {
  commandId?: string;
  projections?: Projection[];
  outbox?: OutboxMessage[];
}

/** One stream of a command that writes several, with what its append carries. */
export interface StreamAppend {
  streamId: string;
  expectedVersion: bigint;
  events: NewEvent[];
  projections: Projection[];
  outbox: OutboxMessage[];
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
const appendAllText = 'SELECT append_streams($1::jsonb, $2, $3::jsonb) AS result';
const versionConflictCode = 'ES409';
const uniqueViolationCode = '23505';

export const streamTypeOf = (streamId: string): string => streamId.slice(0, streamId.indexOf('-')) || streamId;

@Injectable()
export class EventStore {
  /** The tables the appends of each transaction begun by `transaction` wrote to, told once it commits. */
  private readonly writtenIn = new WeakMap<Transaction<Database>, Set<WrittenTable>>();

  constructor(
    @Inject(DATABASE) private readonly db: Kysely<Database>,
    /** Without one (a test's or a benchmark's store), other processes find this store's appends only when they poll. */
    @Optional() @Inject(WrittenNotifier) private readonly notifier?: WrittenNotifier,
  ) {}

  /** Runs `work` in a transaction; once it has committed, the loops that read what its appends wrote hear of it. */
  async transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const written = new Set<WrittenTable>();
    const value = await this.db.transaction().execute((trx) => {
      this.writtenIn.set(trx, written);
      return work(trx);
    });
    if (written.size > 0) this.notifier?.written(written);
    return value;
  }

  /** A stream's events in order and its version; `db` is the caller's transaction when it reads inside one. */
  async readStream(streamId: string, db: Kysely<Database> = this.db, after = 0n): Promise<{ events: StoredEvent[]; version: bigint }> {
    return versioned(await readStream(db, streamId, after));
  }

  /** Several streams in one round trip; a stream without events is missing from the answer. */
  async readStreams(streamIds: string[], db: Kysely<Database> = this.db): Promise<Map<string, { events: StoredEvent[]; version: bigint }>> {
    const byStream = new Map<string, StoredEvent[]>();
    for (const event of await readStreams(db, streamIds)) {
      const events = byStream.get(event.streamId) ?? [];
      events.push(event);
      byStream.set(event.streamId, events);
    }
    return new Map([...byStream].map(([streamId, events]) => [streamId, versioned(events)]));
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
        const row = await this.callAppend(this.db, streamId, expectedVersion, payloadOf(events), options.commandId);
        if (!row.duplicate) this.notifier?.written(['events']);
        return toResult(row);
      }
      return await this.transaction((trx) => this.appendIn(trx, streamId, expectedVersion, events, options));
    } catch (error) {
      const failure = await this.settledFailure(error, streamId, expectedVersion, options.commandId);
      if (failure instanceof DuplicateCommand) return failure.result;
      throw failure;
    }
  }

  /** Appends one stream within the caller's transaction. */
  async appendIn(trx: Transaction<Database>, streamId: string, expectedVersion: bigint, events: NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    const [result] = await this.appendAllIn(trx, [{ streamId, expectedVersion, events, projections: options.projections ?? [], outbox: options.outbox ?? [] }], options.commandId);
    return result;
  }

  /**
   * Appends several streams within the caller's transaction in one round trip, each at its expected version, then
   * runs their projections: appends in a row with the same projections are applied together, so a claim of ten
   * items updates their rows in one statement. A command id seen before answers its first result alone. Other
   * processes hear of the append when `trx` is one that `transaction` began.
   */
  async appendAllIn(trx: Transaction<Database>, appends: StreamAppend[], commandId: string | undefined): Promise<AppendResult[]> {
    const payloads = appends.map((a) => payloadOf(a.events));
    const outbox = appends.flatMap((a) => a.outbox).map((m) => ({ queue: m.queue ?? jobQueue, name: m.name, data: m.data, runAt: m.runAt ?? null }));
    const streams = appends.map((a, i) => ({ streamId: a.streamId, streamType: streamTypeOf(a.streamId), expected: a.expectedVersion.toString(), events: payloads[i] }));
    const { rows } = await trx.executeQuery<{ result: AppendRow[] }>(CompiledQuery.raw(appendAllText, [JSON.stringify(streams), commandId ?? null, JSON.stringify(outbox)]));
    const written = rows[0].result;
    if (written[0]?.duplicate) return [toResult(written[0])];
    const tables = this.writtenIn.get(trx);
    tables?.add('events');
    if (outbox.length > 0) tables?.add('outbox');
    let run: StoredEvent[] = [];
    for (const [i, append] of appends.entries()) {
      run.push(...storedOf(written[i], payloads[i]));
      const next = appends[i + 1];
      if (next && sameProjections(next.projections, append.projections)) continue;
      await project(trx, append.projections, run);
      run = [];
    }
    return written.map(toResult);
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

const versioned = (events: StoredEvent[]) => ({ events, version: BigInt(events.length ? events[events.length - 1].streamPosition : 0) });

type Payload = ReturnType<typeof payloadOf>;

function storedOf(row: AppendRow, payload: Payload): StoredEvent[] {
  const first = BigInt(row.version) - BigInt(payload.length);
  return payload.map((e, i) => ({
    ...e,
    globalPosition: row.positions[i],
    txId: row.txId,
    streamId: row.streamId,
    streamPosition: (first + BigInt(i + 1)).toString(),
    recordedAt: row.recordedAt,
  }));
}

const sameProjections = (a: Projection[], b: Projection[]) => a.length === b.length && a.every((p, i) => p === b[i]);

async function project(trx: Transaction<Database>, projections: Projection[], stored: StoredEvent[]): Promise<void> {
  for (const projection of projections) {
    const read = projection.types ? stored.filter((e) => projection.types!.includes(e.type)) : stored;
    if (read.length > 0) await projection.apply(trx, read);
  }
}

function toResult(row: AppendRow): AppendResult {
  return {
    streamId: row.streamId,
    version: BigInt(row.version),
    positions: row.positions,
    duplicate: row.duplicate === true,
  };
}
