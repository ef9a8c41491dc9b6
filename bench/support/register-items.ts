// Items registered the way the import job registers them: a batch opened as the API opens one, its files in chunks
// through BatchItemsRegistrar (one event per chunk on the batch's items stream, the rows copied into items), and
// the batch closed as the import's finish closes it.
import { randomUUID } from 'node:crypto';
import { BatchItemsRegistrar, batchProjection, CommandPipeline, commandContext, EventStore, LifecycleStates, loadConfig, noStream, systemActor } from '@annot/core';
import { addChunkItem, batchStreamId, type ChunkItem, emptyItemsChunk } from '@annot/workflows';
import type { BenchDatabase } from './bench-database';

/** The import job's chunk, from IMPORT_CHUNK_SIZE as the worker reads it. */
export const chunkSize = loadConfig().importChunkSize;

const metadataOf = (correlationId: string) => ({
  actorId: 'bench',
  actorRole: '01',
  commandId: randomUUID(),
  correlationId,
  causationId: null,
  requestId: null,
  clientIp: null,
  machine: 'batch@2',
});

/** A batch waiting for an import, opened the way the API opens one. */
async function openBatch(store: EventStore, projectId: string, name: string): Promise<{ batchId: string; importId: string }> {
  const batchId = randomUUID();
  const importId = randomUUID();
  const ref = { batchId, projectId, name };
  await store.append(
    batchStreamId(batchId),
    noStream,
    [
      { type: 'BatchCreated', data: { ...ref, priority: 1, uploadType: 'local' }, metadata: metadataOf(importId) },
      { type: 'BatchImportRequested', data: { ...ref, importId, source: { type: 'local', path: name } }, metadata: metadataOf(importId) },
    ],
    { projections: [batchProjection] },
  );
  return { batchId, importId };
}

export interface Registered {
  batchId: string;
  registered: number;
  chunks: number;
}

/**
 * `rows` in chunks through BatchItemsRegistrar, exactly as the import job registers them into `linkId`'s pool (a
 * row whose path is `pathPrefix` and its name is written by name alone, as the import writes its batch's files); with
 * `finish`, the batch is then closed as the import's finish closes it, so it lists as imported.
 */
export async function registerThroughImport(
  bench: BenchDatabase,
  target: { projectId: string; linkId: string; pathPrefix: string; name?: string; finish?: boolean },
  rows: AsyncIterable<ChunkItem> | Iterable<ChunkItem>,
): Promise<Registered> {
  const store = new EventStore(bench.db);
  const registrar = new BatchItemsRegistrar(new CommandPipeline(store, bench.db), new LifecycleStates(bench.db), bench.db);
  const { projectId, linkId, name = 'bench' } = target;
  const { batchId, importId } = await openBatch(store, projectId, name);
  let version = 0n;
  let seq = 0;
  const { pathPrefix } = target;
  let chunk = emptyItemsChunk(importId, 0, pathPrefix);
  // As the import job does, the next chunk is read while the previous one is written; each chunk is one event,
  // so the version the next one expects is known before the previous append answers.
  let writing: Promise<unknown> = Promise.resolve();
  const flush = async () => {
    const [full, expectedVersion] = [chunk, version];
    const context = commandContext(systemActor, { commandId: `${importId}:chunk:${expectedVersion}`, correlationId: importId });
    await writing;
    writing = registrar.register({ batchId, projectId, linkId, expectedVersion }, full, context);
    // Its failure is reported where it is awaited, before the next chunk or at the end.
    writing.catch(() => undefined);
    version += 1n;
    seq += full.fileNames.length;
    chunk = emptyItemsChunk(importId, seq, pathPrefix);
  };
  for await (const row of rows) {
    addChunkItem(chunk, row);
    if (chunk.fileNames.length === chunkSize) await flush();
  }
  if (chunk.fileNames.length > 0) await flush();
  await writing;
  if (target.finish) {
    const ref = { batchId, projectId, name };
    await store.append(
      batchStreamId(batchId),
      2n,
      [{ type: 'BatchImported', data: { ...ref, importId, registered: seq, failed: 0, failureFileId: null }, metadata: metadataOf(importId) }],
      { projections: [batchProjection] },
    );
  }
  return { batchId, registered: seq, chunks: Number(version) };
}
