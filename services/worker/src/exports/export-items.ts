// The items of an export's scope with their latest results, read by keyset pages in export order (batch, then
// place in the batch), so no export ever holds more than a page of them; a page holds its results as JSON text,
// each parsed only as its item is encoded.
import { setImmediate } from 'node:timers/promises';
import { type ExportScope, type ItemFrames, type ResultDocument, emptyResult } from '@annot/workflows';
import type { ExportsRepository, ScopeKeyset, ScopeRow } from './exports.repository';

export interface ScopedItem {
  itemId: string;
  batchId: string;
  batchName: string;
  seq: number;
  fileName: string;
  path: string;
  width: number | null;
  height: number | null;
  effective: boolean;
  /** A sequence's or a video's frames; null for a picture, its own frame 0. */
  frames: ItemFrames | null;
  result: ResultDocument;
}

/**
 * A page's items, each result parsed as the item's turn comes: a page of parsed results outlived V8's young
 * generation and was copied out of it, which made most of an export's garbage collection.
 */
function* parsed(rows: ScopeRow[]): Iterable<ScopedItem> {
  for (const row of rows) {
    const { result, pathPrefix, frameCount } = row;
    // The page lets go of the text once it is parsed, so less of the page is copied by each young collection.
    row.result = null;
    const frames: ItemFrames | null =
      pathPrefix === null || frameCount === null
        ? null
        : { pathPrefix, count: frameCount, fileNames: row.fileNames ?? [], widths: row.widths ?? [], heights: row.heights ?? [], timestamps: row.timestamps ?? [], frameRate: row.frameRate, sensors: row.sensors };
    yield {
      itemId: row.itemId,
      batchId: row.batchId,
      batchName: row.batchName,
      seq: row.seq,
      fileName: row.fileName,
      path: row.path,
      width: row.width,
      height: row.height,
      effective: row.effective,
      frames,
      // An item nobody has saved yet still has all its frames: the formats that write a file per frame write each.
      result: result === null ? emptyResult(frames?.count ?? 1) : (JSON.parse(result) as ResultDocument),
    };
  }
}

/** Items encoded between two turns of the event loop. */
const runLength = 50;

/**
 * Pages asked for ahead of the one being encoded. Each is asked for as soon as the one before it has come, so the
 * server goes on reading while the worker encodes rather than waiting for the worker to finish each page.
 */
const pagesAhead = 2;

/**
 * Keyset pages read ahead: each promise asks for its page once the page before it has come full; after a short or
 * empty page the rest answer empty without asking.
 */
function readAhead(page: (after: ScopeKeyset | null) => Promise<ScopeRow[]>, pageSize: number): { next(): Promise<ScopeRow[]> } {
  let tail: Promise<ScopeRow[]> = page(null);
  const queue: Promise<ScopeRow[]>[] = [tail];
  const ask = () => {
    while (queue.length < pagesAhead) {
      tail = tail.then((rows) => (rows.length < pageSize ? [] : page(rows[rows.length - 1])));
      // A read that fails while earlier pages are still being written fails the export when it is awaited, not the
      // worker process as an unhandled rejection meanwhile.
      tail.catch(() => undefined);
      queue.push(tail);
    }
  };
  ask();
  return {
    next() {
      const rows = queue.shift()!;
      ask();
      return rows;
    },
  };
}

/** The scope's items in export order, in runs of a few dozen. */
export async function* scopedItems(exports: ExportsRepository, projectId: string, scope: ExportScope, pageSize: number): AsyncIterable<Iterable<ScopedItem>> {
  const page = (after: ScopeKeyset | null): Promise<ScopeRow[]> => exports.scopePage(projectId, scope, after, pageSize);
  const pages = readAhead(page, pageSize);
  for (let rows = await pages.next(); rows.length > 0; rows = await pages.next()) {
    // A turn of the event loop between runs reads what has come of the pages asked for so far, or the server stops as
    // soon as the socket's buffers are full and the page waits for it.
    for (let start = 0; start < rows.length; start += runLength) {
      if (start > 0) await setImmediate();
      yield parsed(rows.slice(start, start + runLength));
    }
  }
}
