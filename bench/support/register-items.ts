// Items registered in a batch the way the import job registers them: a batch opened as the API opens one, then
// chunks of the configured size through BatchItemsRegistrar, each chunk one event and one statement of rows.
import { randomUUID } from 'node:crypto';
import { BatchItemsRegistrar, batchProjection, CommandPipeline, commandContext, type Db, EventStore, loadConfig, noStream, systemActor } from '@annot/core';
import { addChunkItem, batchStreamId, type ChunkItem, emptyItemsChunk } from '@annot/workflows';

/** The import job's chunk, from IMPORT_CHUNK_SIZE as the worker reads it. */
export const chunkSize = loadConfig().importChunkSize;

/** A batch waiting for an import, opened the way the API opens one. */
async function openBatch(store: EventStore, projectId: string): Promise<{ batchId: string; importId: string }> {
  const batchId = randomUUID();
  const importId = randomUUID();
  const metadata = { actorId: 'bench', actorRole: '01', commandId: randomUUID(), correlationId: importId, causationId: null, requestId: null, clientIp: null, machine: 'batch@2' };
  const ref = { batchId, projectId, name: 'bench' };
  await store.append(
    batchStreamId(batchId),
    noStream,
    [
      { type: 'BatchCreated', data: { ...ref, priority: 1, uploadType: 'local' }, metadata },
      { type: 'BatchImportRequested', data: { ...ref, importId, source: { type: 'local', path: 'bench' } }, metadata },
    ],
    { projections: [batchProjection] },
  );
  return { batchId, importId };
}

/** The rows in chunks through BatchItemsRegistrar, exactly as the import job registers them, into a new batch of the project waiting in the link. */
export async function registerItems(db: Db, target: { projectId: string; linkId: string }, rows: AsyncIterable<ChunkItem>): Promise<{ batchId: string; registered: number; chunks: number }> {
  const store = new EventStore(db);
  const registrar = new BatchItemsRegistrar(new CommandPipeline(store, db), db);
  const { projectId, linkId } = target;
  const { batchId, importId } = await openBatch(store, projectId);
  let version = 0n;
  let seq = 0;
  const pathPrefix = 'batches/bench/';
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
  return { batchId, registered: seq, chunks: Number(version) };
}
