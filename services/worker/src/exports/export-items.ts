// The items of an export's scope with their latest results, read by keyset pages in export order (batch, then
// place in the batch), so no export ever holds more than a page of them; a page holds its results as JSON text,
// each parsed only as its item is encoded.
import { setImmediate } from 'node:timers/promises';
import { type Db } from '@annot/core';
import { type ExportScope, type ItemFrames, type ItemSensors, type ResultDocument, emptyResult } from '@annot/workflows';
import { type RawBuilder, sql } from 'kysely';

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

/** A sampling task's scope holds the item and the task passed, or its PM accepted the scope as it was. */
const passedSampling = sql`EXISTS (
  SELECT 1 FROM sampling_tasks t
  WHERE t.project_id = d.project_id
    AND (t.status = 'passed' OR (t.status = 'decided' AND t.decision = 'accept'))
    AND ((t.scope_kind = 'batch' AND d.batch_id = t.batch_id)
      OR (t.scope_kind = 'link' AND d.link_id = t.link_id AND d.finished_at >= COALESCE(t.since, '-infinity') AND d.finished_at < t.until)))`;

/** An acceptance batch holding the item passed, and the PM's verdict passed the item with it. */
const passedAcceptance = sql`EXISTS (
  SELECT 1 FROM acceptance_items a JOIN acceptance_batches ab ON ab.batch_id = a.batch_id
  WHERE a.item_id = d.item_id AND ab.status = 'passed' AND a.outcome = 'passed')`;

function gateOf(gate: ExportScope['gate']) {
  switch (gate) {
    case 'any':
      return sql`TRUE`;
    case 'inspected':
      return sql`d.status = 'finished'`;
    case 'sampled':
      return sql`d.status = 'finished' AND ${passedSampling}`;
    case 'accepted':
      return sql`${passedAcceptance}`;
  }
}

function whereOf(projectId: string, scope: ExportScope) {
  return sql.join(
    [
      sql`d.project_id = ${projectId}::uuid`,
      sql`d.status <> 'deleted'`,
      scope.batchIds.length > 0 ? sql`d.batch_id = ANY(${scope.batchIds}::uuid[])` : sql`TRUE`,
      scope.linkIds.length > 0 ? sql`d.link_id = ANY(${scope.linkIds}::uuid[])` : sql`TRUE`,
      scope.effectiveness === 'valid' ? sql`d.effective` : sql`TRUE`,
      gateOf(scope.gate),
    ],
    sql` AND `,
  );
}

/** How many items the scope holds now, for the progress of the pages that follow. */
export async function countScope(db: Db, projectId: string, scope: ExportScope): Promise<number> {
  const { rows } = await sql<{ count: number }>`SELECT count(*)::int AS count FROM data_items d WHERE ${whereOf(projectId, scope)}`.execute(db);
  return rows[0].count;
}

type Row = Omit<ScopedItem, 'result' | 'frames'> & {
  result: string | null;
  pathPrefix: string | null;
  frameCount: number | null;
  fileNames: string[] | null;
  widths: (number | null)[] | null;
  heights: (number | null)[] | null;
  timestamps: number[] | null;
  frameRate: number | null;
  sensors: ItemSensors | null;
};

/**
 * A page's items, each result parsed as the item's turn comes: a page of parsed results outlived V8's young
 * generation and was copied out of it, which made most of an export's garbage collection.
 */
function* parsed(rows: Row[]): Iterable<ScopedItem> {
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

type Keyset = { batchId: string; seq: number };

/**
 * Keyset pages read ahead: each promise asks for its page once the page before it has come full; after a short or
 * empty page the rest answer empty without asking.
 */
function readAhead(page: (after: Keyset | null) => Promise<Row[]>, pageSize: number): { next(): Promise<Row[]> } {
  let tail: Promise<Row[]> = page(null);
  const queue: Promise<Row[]>[] = [tail];
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
export async function* scopedItems(db: Db, projectId: string, scope: ExportScope, pageSize: number): AsyncIterable<Iterable<ScopedItem>> {
  const page = async (after: Keyset | null): Promise<Row[]> => {
    const keyset: RawBuilder<unknown> = after ? sql`(d.batch_id, d.seq) > (${after.batchId}::uuid, ${after.seq})` : sql`TRUE`;
    const { rows }: { rows: Row[] } = await sql<Row>`
      SELECT d.item_id AS "itemId", d.batch_id AS "batchId", b.name AS "batchName", d.seq, d.file_name AS "fileName", d.path,
             d.width, d.height, d.effective, r.result::text AS result,
             f.path_prefix AS "pathPrefix", f.frame_count AS "frameCount", f.file_names AS "fileNames", f.widths, f.heights,
             f.timestamps, f.frame_rate AS "frameRate", f.sensors
      FROM data_items d
      JOIN batches b ON b.batch_id = d.batch_id
      LEFT JOIN item_results r ON r.item_id = d.item_id
      LEFT JOIN item_frames f ON f.item_id = d.item_id
      WHERE ${whereOf(projectId, scope)} AND ${keyset}
      ORDER BY d.batch_id, d.seq
      LIMIT ${pageSize}`.execute(db);
    return rows;
  };
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
