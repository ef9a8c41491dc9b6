import { describe, expect, it } from 'vitest';
import { addChunkFailure, addChunkItem, batchInput, type BatchEvent, batchMachineContext, chunkFailures, chunkFrameCounts, emptyItemsChunk } from './batch.events';
import { evolveBatch, initialBatchState } from './batch.evolve';

const ref = { batchId: 'b1', projectId: 'p1', name: 'Day one' };
const fold = (...events: BatchEvent[]) => events.reduce(evolveBatch, initialBatchState);
const created: BatchEvent = { type: 'BatchCreated', data: { ...ref, priority: 3, uploadType: 'zip' } };
const requested: BatchEvent = { type: 'BatchImportRequested', data: { ...ref, importId: 'i1', source: { type: 'zip', fileName: 'a.zip', upload: 'uploads/a.zip', size: 10 } } };

describe('evolveBatch', () => {
  it('opens a batch waiting for its upload with no import running', () => {
    expect(fold(created)).toMatchObject({ status: 'waiting_for_upload', priority: 3, uploadType: 'zip', importing: null });
    expect(batchMachineContext(fold(created))).toEqual({ importing: false });
  });

  it('holds the requested import until it is imported, and the batch goes to work', () => {
    expect(batchMachineContext(fold(created, requested))).toEqual({ importing: true });
    const imported = fold(created, requested, { type: 'BatchImported', data: { ...ref, importId: 'i1', registered: 2, failed: 1, failureFileId: 'f1' } });
    expect(imported).toMatchObject({ status: 'in_progress', importing: null });
  });

  it('lets a refused import go, so another upload may follow', () => {
    const failed = fold(created, requested, { type: 'BatchImportFailed', data: { ...ref, importId: 'i1', reasonKey: 'batches.zip_bomb' } });
    expect(failed).toMatchObject({ status: 'waiting_for_upload', importing: null });
  });

  it('follows pauses by kind, resume, stop and delete', () => {
    expect(fold(created, { type: 'BatchPaused', data: { ...ref, kind: 'inspection' } }).status).toBe('paused_inspection');
    expect(fold(created, { type: 'BatchPaused', data: { ...ref, kind: 'annotation' } }, { type: 'BatchResumed', data: ref }).status).toBe('in_progress');
    expect(fold(created, { type: 'BatchStopped', data: ref }).status).toBe('stopped');
    expect(fold(created, requested, { type: 'BatchDeleted', data: ref })).toMatchObject({ status: 'deleted', importing: null });
  });
});

describe('batchInput', () => {
  it('takes a name, a priority and one of the four upload types', () => {
    expect(batchInput.parse({ name: ' Day one ', priority: 0, uploadType: 'oss' })).toEqual({ name: 'Day one', priority: 0, uploadType: 'oss' });
    expect(batchInput.safeParse({ name: 'x', priority: 1, uploadType: 'ftp' }).success).toBe(false);
  });
});

describe('addChunkItem', () => {
  const item = { size: 1, mediaType: 'image/png', width: 1, height: 1, checksum: 'c' };

  it('spells paths out only once one does not follow the prefix, even when the first does not', () => {
    const following = emptyItemsChunk('i1', 0, 'batches/b/');
    addChunkItem(following, { ...item, fileName: 'a.png', path: 'batches/b/a.png' });
    expect(following.paths).toEqual([]);
    const sequence = emptyItemsChunk('i1', 0, 'batches/b/');
    addChunkItem(sequence, { ...item, fileName: 'cam-a', path: 'batches/b/cam-a/0001.png' });
    addChunkItem(sequence, { ...item, fileName: 'b.png', path: 'batches/b/b.png' });
    expect(sequence.paths).toEqual(['batches/b/cam-a/0001.png', 'batches/b/b.png']);
  });

  it('carries frames only from the first item of several frames on, with how many each item has', () => {
    const chunk = emptyItemsChunk('i1', 0, '');
    addChunkItem(chunk, { ...item, fileName: 'a.png', path: 'a.png' });
    expect(chunk.frames).toBeUndefined();
    const frames = { pathPrefix: 'cam/', count: 2, fileNames: ['1.png', '2.png'], widths: [1], heights: [1], timestamps: [], frameRate: null };
    addChunkItem(chunk, { ...item, fileName: 'cam', path: 'cam/1.png', frames });
    expect(chunk.frames).toEqual([null, frames]);
    expect(chunkFrameCounts(chunk)).toEqual([1, 2]);
  });
});

describe('addChunkFailure', () => {
  it('keeps each failure’s parameters from the first failure with some on, and reads a chunk written without them', () => {
    const chunk = emptyItemsChunk('i1', 0, '');
    addChunkFailure(chunk, 'notes.txt', 'batches.reason_unsupported');
    expect(chunk.failedParams).toBeUndefined();
    addChunkFailure(chunk, 'drive/calib/side.txt', 'pointclouds.calibration_unreadable', { detail: 'P2' });
    addChunkFailure(chunk, 'drive/lidar/1.pcd', 'pointclouds.no_x');
    expect(chunk.failedParams).toEqual([null, { detail: 'P2' }, null]);
    expect(chunkFailures(chunk)).toEqual([
      { name: 'notes.txt', reasonKey: 'batches.reason_unsupported' },
      { name: 'drive/calib/side.txt', reasonKey: 'pointclouds.calibration_unreadable', params: { detail: 'P2' } },
      { name: 'drive/lidar/1.pcd', reasonKey: 'pointclouds.no_x' },
    ]);
    // A chunk of an import from before failures kept their parameters.
    const { failedParams, ...old } = chunk;
    expect(failedParams).toHaveLength(3);
    expect(chunkFailures(old).map((f) => Object.keys(f))).toEqual([['name', 'reasonKey'], ['name', 'reasonKey'], ['name', 'reasonKey']]);
  });
});
