// Registers an import's items chunk by chunk on the batch's items stream, and tells a restarted import where it stands.
import { Inject, Injectable } from '@nestjs/common';
import { type Kysely, sql } from 'kysely';
import { batchItemsStreamId, batchStreamId, decide, type ItemsChunk, evolveBatch, type BatchEvent, initialBatchState, batchMachine, batchMachineContext } from '@annot/workflows';
import { type CommandContext, metadataOf } from '../commands/command-context';
import { DATABASE } from '../database/database.token';
import type { Database } from '../database/database.types';
import { AppError, InvalidTransitionError, NotFoundError } from '../errors/app-error';
import { type AppendResult, EventStore } from '../events/event-store';
import type { StoredEvent } from '../events/stored-event';
import { batchProjection } from './batch.projection';

/** What an import has already done, read back from the items stream after a restart. */
export interface ImportProgress {
  /** The items stream's version: the next chunk is appended expecting exactly this. */
  version: bigint;
  /** Items the batch holds, from every import: the batch order of the next item. */
  nextSeq: number;
  /** Files this import registered or refused. */
  handled: Set<string>;
  failures: { name: string; reasonKey: string }[];
  registered: number;
}

export interface ChunkTarget {
  batchId: string;
  projectId: string;
  linkId: string | null;
  expectedVersion: bigint;
}

@Injectable()
export class BatchItemsRegistrar {
  constructor(
    private readonly eventStore: EventStore,
    @Inject(DATABASE) private readonly db: Kysely<Database>,
  ) {}

  async progress(batchId: string, importId: string): Promise<ImportProgress> {
    const streamId = batchItemsStreamId(batchId);
    const totals = await sql<{ version: string | null; items: string | null }>`
      SELECT max(stream_position)::text AS version, sum(jsonb_array_length(data->'fileNames'))::text AS items
      FROM events WHERE stream_id = ${streamId}`.execute(this.db);
    const mine = await sql<{ names: string[]; failed: string[]; reasons: string[] }>`
      SELECT ARRAY(SELECT jsonb_array_elements_text(data->'fileNames')) AS names,
             ARRAY(SELECT jsonb_array_elements_text(data->'failedNames')) AS failed,
             ARRAY(SELECT jsonb_array_elements_text(data->'failedReasons')) AS reasons
      FROM events WHERE stream_id = ${streamId} AND data->>'importId' = ${importId}
      ORDER BY stream_position`.execute(this.db);
    const handled = new Set<string>();
    const failures: ImportProgress['failures'] = [];
    let registered = 0;
    for (const row of mine.rows) {
      for (const name of row.names) handled.add(name);
      registered += row.names.length;
      row.failed.forEach((name, i) => {
        handled.add(name);
        failures.push({ name, reasonKey: row.reasons[i] });
      });
    }
    return { version: BigInt(totals.rows[0]?.version ?? 0), nextSeq: Number(totals.rows[0]?.items ?? 0), handled, failures, registered };
  }

  /** Checksums the batch already holds, so a file whose content is there is reported as a duplicate. */
  async checksums(batchId: string): Promise<Set<string>> {
    const rows = await this.db.selectFrom('data_items').select('checksum').where('batch_id', '=', batchId).execute();
    return new Set(rows.map((r) => r.checksum));
  }

  /**
   * Appends one chunk if the batch still runs this import. The expected version makes two copies of the
   * same job unable to register a chunk twice: the second one gets a version conflict and reads back.
   */
  async register(target: ChunkTarget, chunk: ItemsChunk, context: CommandContext): Promise<AppendResult> {
    // A chunk already registered under this command id comes back from the append as a duplicate.
    const { state } = await this.eventStore.aggregate(batchStreamId(target.batchId), (s, e: StoredEvent) => evolveBatch(s, e as unknown as BatchEvent), initialBatchState);
    if (state.status === 'none') throw new NotFoundError('things.batch', target.batchId);
    const decision = decide(batchMachine, state.status, batchMachineContext(state), { type: 'batch.register' });
    if (!decision.allowed) throw new InvalidTransitionError(decision.from, decision.event, decision.allowedEvents);
    if (state.importing?.importId !== chunk.importId) throw new AppError(409, 'IMPORT_SUPERSEDED', 'batches.import_superseded');
    const metadata = metadataOf(context, `${batchMachine.id}@${batchMachine.version ?? '1'}`);
    const data = { batchId: target.batchId, projectId: target.projectId, linkId: target.linkId, ...chunk };
    return this.eventStore.append(batchItemsStreamId(target.batchId), target.expectedVersion, [{ type: 'BatchItemsRegistered', data, metadata }], {
      commandId: context.commandId,
      projections: [batchProjection],
    });
  }
}
