// Registers an import's items chunk by chunk on the batch's items stream, and tells a restarted import where it stands.
// The link the items wait in is fixed on the project's stream first, so the links cannot change under a running import.
import { Inject, Injectable } from '@nestjs/common';
import { type Kysely, sql } from 'kysely';
import { batchItemsStreamId, batchMachine, batchStreamId, chunkFailures, type ItemsChunk, projectStreamId } from '@annot/workflows';
import type { CommandContext } from '../commands/command-context';
import { CommandPipeline } from '../commands/command-pipeline';
import { DATABASE } from '../database/database.token';
import type { Database } from '../database/database.types';
import { AppError, VersionConflictError } from '../errors/app-error';
import type { AppendResult } from '../events/event-store';
import { projectLifecycle } from '../projects/project.lifecycle';
import { LifecycleStates } from '../projections/lifecycle-states.repository';
import { projectStateRow } from '../projects/project.projection';
import { batchLifecycle } from './batch.lifecycle';
import { itemProjection } from '../items/item.projection';
import { batchProjection } from './batch.projection';

/** Edits of the project while the link is being fixed: each one costs a read and a retry, and past this many the job retries later. */
const fixAttempts = 10;

/** What an import has already done, read back from the items stream after a restart. */
export interface ImportProgress {
  /** The items stream's version: the next chunk is appended expecting exactly this. */
  version: bigint;
  /** Items the batch holds, from every import: the batch order of the next item. */
  nextSeq: number;
  /** Files this import registered or refused. */
  handled: Set<string>;
  failures: { name: string; reasonKey: string; params?: Record<string, string | number> }[];
  registered: number;
}

export interface ChunkTarget {
  batchId: string;
  projectId: string;
  linkId: string | null;
  expectedVersion: bigint;
}

/** The first item of a batch that holds some content: its name, and its stored file where it is one picture. */
export interface StoredContent {
  fileName: string;
  path: string | null;
}

@Injectable()
export class BatchItemsRegistrar {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly states: LifecycleStates,
    @Inject(DATABASE) private readonly db: Kysely<Database>,
  ) {}

  async progress(batchId: string, importId: string): Promise<ImportProgress> {
    const streamId = batchItemsStreamId(batchId);
    const totals = await sql<{ version: string | null; items: string | null }>`
      SELECT max(stream_position)::text AS version, sum(jsonb_array_length(data->'fileNames'))::text AS items
      FROM events WHERE stream_id = ${streamId}`.execute(this.db);
    const mine = await sql<{ names: string[]; failed: string[]; reasons: string[]; params: ItemsChunk['failedParams'] | null }>`
      SELECT ARRAY(SELECT jsonb_array_elements_text(data->'fileNames')) AS names,
             ARRAY(SELECT jsonb_array_elements_text(data->'failedNames')) AS failed,
             ARRAY(SELECT jsonb_array_elements_text(data->'failedReasons')) AS reasons,
             data->'failedParams' AS params
      FROM events WHERE stream_id = ${streamId} AND data->>'importId' = ${importId}
      ORDER BY stream_position`.execute(this.db);
    const handled = new Set<string>();
    const failures: ImportProgress['failures'] = [];
    let registered = 0;
    for (const row of mine.rows) {
      for (const name of row.names) handled.add(name);
      registered += row.names.length;
      // A chunk written before failures kept their parameters has no failedParams: its failures read without them.
      for (const failure of chunkFailures({ failedNames: row.failed, failedReasons: row.reasons, failedParams: row.params ?? undefined })) {
        handled.add(failure.name);
        failures.push(failure);
      }
    }
    return { version: BigInt(totals.rows[0]?.version ?? 0), nextSeq: Number(totals.rows[0]?.items ?? 0), handled, failures, registered };
  }

  /**
   * The link an import's items wait in: the project's first link, fixed by a ProjectImportStarted appended at the
   * project version it was read at. A links edit checked before the import was asked for then fails on its
   * expected version instead of landing between this read and the items; one that landed first is read back here.
   * A re-run finds the link its first run fixed.
   */
  async poolLink(target: { batchId: string; projectId: string; importId: string }, context: CommandContext): Promise<string | null> {
    const streamId = projectStreamId(target.projectId);
    for (let attempt = 1; ; attempt++) {
      try {
        const { value, duplicate } = await this.pipeline.transact(context, async (unit) => {
          const { state } = await unit.decide(projectLifecycle, streamId, {
            event: { type: 'project.start_import' },
            decide: (project) =>
              target.importId in project.importLinks
                ? []
                : [
                    {
                      type: 'ProjectImportStarted' as const,
                      data: { projectId: target.projectId, title: project.basics?.title ?? '', batchId: target.batchId, importId: target.importId, linkId: project.links?.[0]?.id ?? null },
                    },
                  ],
          });
          return state.importLinks[target.importId];
        });
        if (!duplicate) return value ?? null;
        // The first run of this command fixed the link already: read it back.
        return (await this.states.read(projectStateRow, target.projectId)).state.importLinks[target.importId] ?? null;
      } catch (error) {
        if (!(error instanceof VersionConflictError) || attempt >= fixAttempts) throw error;
      }
    }
  }

  /**
   * The pictures the batch already holds, by checksum: a file of the same bytes becomes an item of its own name that
   * reads the first one's stored file. Sequences and videos are listed too, without a file to share.
   */
  async contents(batchId: string): Promise<Map<string, StoredContent>> {
    const rows = await this.db.selectFrom('items').select(['checksum', 'file_name', 'path', 'frame_count']).where('batch_id', '=', batchId).orderBy('seq').execute();
    const contents = new Map<string, StoredContent>();
    for (const row of rows) if (!contents.has(row.checksum)) contents.set(row.checksum, { fileName: row.file_name, path: row.frame_count === 1 ? row.path : null });
    return contents;
  }

  /**
   * Appends one chunk if the batch still runs this import. The expected version makes two copies of the
   * same job unable to register a chunk twice: the second one gets a version conflict and reads back.
   */
  async register(target: ChunkTarget, chunk: ItemsChunk, context: CommandContext): Promise<AppendResult> {
    // A chunk already registered under this command id comes back as the first run's result.
    const { results } = await this.pipeline.transact(context, async (unit) => {
      await unit.decide(batchLifecycle, batchStreamId(target.batchId), {
        event: { type: 'batch.register' },
        decide: (batch) => {
          if (batch.importing?.importId !== chunk.importId) throw new AppError(409, 'IMPORT_SUPERSEDED', 'batches.import_superseded');
          return [];
        },
      });
      const data = { batchId: target.batchId, projectId: target.projectId, linkId: target.linkId, ...chunk };
      unit.record(batchItemsStreamId(target.batchId), target.expectedVersion, [{ type: 'BatchItemsRegistered', data }], batchMachine, [batchProjection, itemProjection]);
    });
    return results[0];
  }
}
