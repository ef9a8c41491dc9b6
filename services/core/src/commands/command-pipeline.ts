// The write path of every lifecycle command: load, evolve, let the machine decide, append; one stream or several
// in one transaction. The only place a stream is folded.
import { Inject, Injectable } from '@nestjs/common';
import type { Kysely, RawBuilder, Transaction } from 'kysely';
import { decide, type DomainEvent, type LifecycleMachine } from '@annot/workflows';
import { DATABASE } from '../database/database.token';
import type { Database } from '../database/database.types';
import { InvalidTransitionError, NotFoundError, VersionConflictError } from '../errors/app-error';
import { readRowAndStreams } from '../events/event-log.reader';
import { type AppendResult, DuplicateCommand, EventStore, noStream, type StreamAppend } from '../events/event-store';
import type { StoredEvent } from '../events/stored-event';
import type { OutboxMessage } from '../outbox/outbox-message';
import type { Projection } from '../projections/projection';
import { type CommandContext, metadataOf } from './command-context';
import { answerRefusal, type Decision, type RefusalTable } from './refusal-answer';
import { Snapshots } from './snapshots';

export interface Lifecycle<S, E extends DomainEvent> {
  machine: LifecycleMachine;
  initial: S;
  evolve(state: S, event: E): S;
  /** The machine state the stream is in, or 'none' for a stream without events. */
  status(state: S): string;
  context(state: S): unknown;
  projections: Projection[];
  /** Keep the folded state between commands and read only the events after it; the state must never be mutated. */
  snapshots?: boolean;
}

export interface CommandRequest<S, E extends DomainEvent> {
  /** The machine event this command sends (with what its guards read); omitted for the command that opens the stream. */
  event?: { type: string; [field: string]: unknown };
  decide(state: S): E[];
  outbox?(state: S): OutboxMessage[];
  /** From If-Match: the version the caller last saw. */
  expectedVersion?: bigint;
  /** The state of this stream before its first event, where it is not the lifecycle's (an item as its import left it). */
  initial?: S;
  /** What the machine's guards read, where it needs more than the stream (an item: its project's plan). */
  machineContext?(state: S): unknown;
  /** The stream as this unit already loaded it, so deciding does not read it a second time. */
  loaded?: Loaded<S>;
}

export interface Loaded<S> {
  state: S;
  version: bigint;
}

/**
 * A decision by a decider that asks its machine itself (items, sampling, acceptance): events or a refusal, the
 * refusal answered through its context's table. The pipeline does not ask the machine a second time.
 */
export interface JudgedRequest<S, E extends DomainEvent> {
  decide(state: S): Decision<E> | Promise<Decision<E>>;
  refusals: RefusalTable;
  outbox?(events: E[]): OutboxMessage[];
  expectedVersion?: bigint;
  initial?: S;
  loaded?: Loaded<S>;
}

/** A stream a row names, read with the row: its id as SQL over the row's columns (`rowColumn`). */
export interface StreamOfRow {
  lifecycle: Lifecycle<unknown, never>;
  id: RawBuilder<string>;
  /** The id the command expects the row to name, so the snapshot kept of it is folded on from; the read checks it. */
  expected?: string;
}

/** What a decision left: the state after its events, the events, and the version the stream was read at. */
export interface Decided<S, E> {
  state: S;
  events: E[];
  version: bigint;
}


/** The outcome of a unit of work: what `work` returned and one append result per stream written. */
export interface UnitResult<T> {
  value: T | undefined;
  results: AppendResult[];
  /** The command id had been seen: nothing ran, and `results` holds the first run's result. */
  duplicate: boolean;
}

/**
 * One command's work: it loads and decides on any number of streams inside one transaction, reads what else it needs
 * there (a pool locked with SKIP LOCKED), and everything it decided is appended together, each stream at the
 * version it was read at, or nothing is.
 */
export class UnitOfWork {
  private readonly pending: StreamAppend[] = [];
  /** Streams this unit has read, folded once: read ahead together (the items a claim locked) or by `load`. */
  private readonly preloaded = new Map<Lifecycle<unknown, never>, Map<string, Loaded<unknown>>>();

  constructor(
    /** The transaction, for the reads a command makes beside its streams. */
    readonly db: Transaction<Database>,
    private readonly eventStore: EventStore,
    readonly context: CommandContext,
    private readonly snapshots: Snapshots,
  ) {}

  /**
   * A stream as this unit first read it: a command that reads it twice sees it once, so what it chose from the first
   * read is what its decision is checked against, and a commit in between is caught by the append's version check.
   */
  async load<S, E extends DomainEvent>(lifecycle: Lifecycle<S, E>, streamId: string, initial?: S): Promise<Loaded<S>> {
    const read = this.readOf(lifecycle);
    const preloaded = read.get(streamId) as Loaded<S> | undefined;
    if (preloaded) return preloaded;
    const loaded = await fold(this.eventStore, lifecycle, streamId, this.db, initial, this.snapshots);
    read.set(streamId, loaded);
    return loaded;
  }

  /**
   * Reads many streams of one lifecycle in one round trip, for the `load`s and decisions that follow. A stream a
   * projection in this transaction shows without events (an item as its import left it) is not read: it starts at
   * version 0, and the append's version check refuses the command should one have been written meanwhile.
   */
  async preload<S, E extends DomainEvent>(lifecycle: Lifecycle<S, E>, streams: { streamId: string; initial?: S; empty?: boolean }[]): Promise<void> {
    const unread = streams.filter((s) => !s.empty).map((s) => s.streamId);
    const read = unread.length > 0 ? await this.eventStore.readStreams(unread, this.db) : new Map();
    for (const { streamId, initial = lifecycle.initial } of streams) {
      const { events, version } = read.get(streamId) ?? { events: [], version: 0n };
      this.readOf(lifecycle).set(streamId, { state: events.reduce((s: S, e: StoredEvent) => lifecycle.evolve(s, e as unknown as E), initial), version });
    }
  }

  /**
   * Reads a row and the streams it names in one round trip, for the `load`s and decisions that follow: a command that
   * learns from a row which streams it works on (a claim's link names its project) reads them with it. Undefined
   * when there is no row.
   */
  async readWith<R>(row: RawBuilder<R>, streams: StreamOfRow[]): Promise<R | undefined> {
    const from = streams.map((s) => (s.lifecycle.snapshots && s.expected ? this.snapshots.get<unknown>(s.expected) : undefined));
    const read = await readRowAndStreams(this.db, row, streams.map((s, i) => ({ id: s.id, known: from[i] && s.expected, after: from[i]?.version })));
    if (!read) return undefined;
    for (const [i, { streamId, events }] of read.streams.entries()) {
      const { lifecycle, expected } = streams[i];
      // A stream this unit read already stays as it was first read, as `load` keeps it.
      if (this.readOf(lifecycle).has(streamId)) continue;
      this.readOf(lifecycle).set(streamId, foldRead(lifecycle, streamId, events, streamId === expected ? from[i] : undefined, lifecycle.initial, this.snapshots));
    }
    return read.row;
  }

  /** Loads the stream, lets its machine decide, and keeps the decided events for the append; answers the new state. */
  async decide<S, E extends DomainEvent>(lifecycle: Lifecycle<S, E>, streamId: string, request: CommandRequest<S, E>): Promise<Decided<S, E>> {
    if (this.pending.some((p) => p.streamId === streamId)) throw new Error(`${streamId} is decided on twice in one command`);
    const { state, version } = request.loaded ?? (await this.load(lifecycle, streamId, request.initial));
    assertAllowed(lifecycle, streamId, state, version, request);
    const events = request.decide(state);
    this.keep(streamId, version, events, machineRefOf(lifecycle.machine), lifecycle.projections, request.outbox?.(state) ?? []);
    return { state: events.reduce(lifecycle.evolve, state), events, version };
  }

  /**
   * Lets a decider that asked the machine decide on the stream: its refusal is thrown as its context answers it, a
   * decision that changes nothing appends nothing, and the events are kept for the append at the version read.
   */
  async judge<S, E extends DomainEvent>(lifecycle: Lifecycle<S, E>, streamId: string, request: JudgedRequest<S, E>): Promise<Decided<S, E>> {
    const { state, version } = request.loaded ?? (await this.load(lifecycle, streamId, request.initial));
    const decision = await request.decide(state);
    if ('refusal' in decision) throw answerRefusal(decision.refusal, request.refusals);
    const { events } = decision;
    if (events.length === 0) return { state, events, version };
    if (this.pending.some((p) => p.streamId === streamId)) throw new Error(`${streamId} is decided on twice in one command`);
    if (request.expectedVersion !== undefined && request.expectedVersion !== version) throw new VersionConflictError(streamId, request.expectedVersion.toString());
    this.keep(streamId, version, events, machineRefOf(lifecycle.machine), lifecycle.projections, request.outbox?.(events) ?? []);
    return { state: events.reduce(lifecycle.evolve, state), events, version };
  }

  /** A stream that is a record without a lifecycle of its own (an import's chunks): appended at the version given. */
  record(streamId: string, expectedVersion: bigint, events: DomainEvent[], machine: LifecycleMachine, projections: Projection[]): void {
    this.keep(streamId, expectedVersion, events, machineRefOf(machine), projections, []);
  }

  private readOf<S, E extends DomainEvent>(lifecycle: Lifecycle<S, E>): Map<string, Loaded<unknown>> {
    const key = lifecycle as unknown as Lifecycle<unknown, never>;
    let read = this.preloaded.get(key);
    if (!read) this.preloaded.set(key, (read = new Map()));
    return read;
  }

  /** Appends every decided stream in the unit's transaction, in one round trip; the command id is recorded with them. */
  async commit(): Promise<AppendResult[]> {
    const writing = this.pending.filter((p) => p.events.length > 0);
    // A command id made for this request is never asked for again, so it is not kept for answering repeats.
    const commandId = this.context.repeatable === false ? undefined : this.context.commandId;
    return writing.length === 0 ? [] : this.eventStore.appendAllIn(this.db, writing, commandId);
  }

  private keep(streamId: string, expectedVersion: bigint, events: DomainEvent[], machine: string, projections: Projection[], outbox: OutboxMessage[]): void {
    const metadata = metadataOf(this.context, machine);
    this.pending.push({ streamId, expectedVersion, events: events.map((e) => ({ type: e.type, data: e.data, metadata })), projections, outbox });
  }
}

@Injectable()
export class CommandPipeline {
  private readonly snapshots = new Snapshots();

  constructor(
    private readonly eventStore: EventStore,
    @Inject(DATABASE) private readonly db: Kysely<Database>,
  ) {}

  /** A lifecycle's current state, for what a command handler checks before it runs; reads take projection rows instead. */
  load<S, E extends DomainEvent>(lifecycle: Lifecycle<S, E>, streamId: string, initial?: S): Promise<Loaded<S>> {
    return fold(this.eventStore, lifecycle, streamId, this.db, initial, this.snapshots);
  }

  /** One stream, one decision. A command whose decision changes nothing appends nothing and answers the current version. */
  async run<S, E extends DomainEvent>(lifecycle: Lifecycle<S, E>, streamId: string, context: CommandContext, request: CommandRequest<S, E>): Promise<AppendResult> {
    const { value, results } = await this.transact(context, (unit) => unit.decide(lifecycle, streamId, request));
    return results[0] ?? { streamId, version: value!.version, positions: [], duplicate: false };
  }

  /** Runs `work` in one transaction and appends what it decided; a command id seen before returns its first result. */
  async transact<T>(context: CommandContext, work: (unit: UnitOfWork) => Promise<T>): Promise<UnitResult<T>> {
    // A command id made for this request cannot have been seen; one a caller or a timer gives may repeat.
    const seen = context.repeatable === false ? null : await this.eventStore.commandResult(context.commandId);
    if (seen) return { value: undefined, results: [seen], duplicate: true };
    try {
      return await this.eventStore.transaction(async (trx) => {
        const unit = new UnitOfWork(trx, this.eventStore, context, this.snapshots);
        const value = await work(unit);
        const results = await unit.commit();
        const duplicate = results[0]?.duplicate === true;
        return { value: duplicate ? undefined : value, results: duplicate ? [results[0]] : results, duplicate };
      });
    } catch (error) {
      const failure = await this.eventStore.settledFailure(error, '', 0n, context.commandId);
      if (failure instanceof DuplicateCommand) return { value: undefined, results: [failure.result], duplicate: true };
      throw failure;
    }
  }
}

async function fold<S, E extends DomainEvent>(
  eventStore: EventStore,
  lifecycle: Lifecycle<S, E>,
  streamId: string,
  db: Kysely<Database>,
  initial: S = lifecycle.initial,
  snapshots: Snapshots,
): Promise<Loaded<S>> {
  // A long-lived stream read by every command of its children (a project) is folded on from its last snapshot.
  const from = lifecycle.snapshots ? snapshots.get<S>(streamId) : undefined;
  const { events } = await eventStore.readStream(streamId, db, from?.version);
  return foldRead(lifecycle, streamId, events, from, initial, snapshots);
}

/** Folds a stream's events read after `from` (its snapshot) or from its start, and keeps the state where the lifecycle keeps snapshots. */
function foldRead<S, E extends DomainEvent>(lifecycle: Lifecycle<S, E>, streamId: string, events: StoredEvent[], from: Loaded<S> | undefined, initial: S, snapshots: Snapshots): Loaded<S> {
  const version = events.length > 0 ? BigInt(events[events.length - 1].streamPosition) : (from?.version ?? 0n);
  const loaded = { state: events.reduce((s: S, e: StoredEvent) => lifecycle.evolve(s, e as unknown as E), from?.state ?? initial), version };
  if (lifecycle.snapshots && events.length > 0) snapshots.set(streamId, loaded);
  return loaded;
}

function assertAllowed<S, E extends DomainEvent>(lifecycle: Lifecycle<S, E>, streamId: string, state: S, version: bigint, request: CommandRequest<S, E>): void {
  if (request.expectedVersion !== undefined && request.expectedVersion !== version) {
    throw new VersionConflictError(streamId, request.expectedVersion.toString());
  }
  const status = lifecycle.status(state);
  if (!request.event) {
    if (status !== 'none') throw new VersionConflictError(streamId, noStream.toString());
    return;
  }
  if (status === 'none') throw new NotFoundError(`things.${lifecycle.machine.id}`, streamId.slice(streamId.indexOf('-') + 1));
  const decision = decide(lifecycle.machine, status, request.machineContext ? request.machineContext(state) : lifecycle.context(state), request.event);
  if (!decision.allowed) throw new InvalidTransitionError(decision.from, decision.event, decision.allowedEvents);
}

const machineRefOf = (machine: LifecycleMachine): string => `${machine.id}@${machine.version ?? '1'}`;
