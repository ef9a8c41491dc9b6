// What an export reads of the database: its record, what its encoder needs of the project, and the items of its
// scope with their latest results by keyset pages in export order: the only Kysely of the worker's exports.
import { Inject, Injectable } from '@nestjs/common';
import { citedDataRule, citedTools, DATABASE, type Db } from '@annot/core';
import type { DataRuleDocument, ExportDestination, ExportFormat, ExportScope, ItemSensors, ResultTool } from '@annot/workflows';
import { type RawBuilder, sql } from 'kysely';

export interface ExportRecord {
  projectId: string;
  format: ExportFormat;
  scope: ExportScope;
  withMedia: boolean;
  fileName: string;
  destination: ExportDestination;
  requestedAt: Date;
}

/** An item of the scope as its page holds it: the result still JSON text, the frames still in columns. */
export interface ScopeRow {
  itemId: string;
  batchId: string;
  batchName: string;
  seq: number;
  fileName: string;
  path: string;
  width: number | null;
  height: number | null;
  effective: boolean;
  result: string | null;
  pathPrefix: string | null;
  frameCount: number | null;
  fileNames: string[] | null;
  widths: (number | null)[] | null;
  heights: (number | null)[] | null;
  timestamps: number[] | null;
  frameRate: number | null;
  sensors: ItemSensors | null;
}

export type ScopeKeyset = { batchId: string; seq: number };

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

@Injectable()
export class ExportsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async record(exportId: string): Promise<ExportRecord> {
    const row = await this.db
      .selectFrom('export_records')
      .select(['project_id', 'format', 'scope', 'with_media', 'file_name', 'destination', 'requested_at'])
      .where('export_id', '=', exportId)
      .executeTakeFirstOrThrow();
    return {
      projectId: row.project_id,
      format: row.format as ExportFormat,
      scope: row.scope as ExportScope,
      withMedia: row.with_media,
      fileName: row.file_name,
      destination: row.destination as ExportDestination,
      requestedAt: new Date(row.requested_at),
    };
  }

  /** The project's title, its cited tools at their versions in the project's order and its cited data rule's document; undefined when the project is gone. */
  async project(projectId: string): Promise<{ title: string; tools: ResultTool[]; rule: DataRuleDocument | null } | undefined> {
    const project = await this.db.selectFrom('projects').select(['title']).where('project_id', '=', projectId).executeTakeFirst();
    if (!project) return undefined;
    return { title: project.title, tools: await citedTools(this.db, projectId), rule: await citedDataRule(this.db, projectId) };
  }

  /** How many items the scope holds now. */
  async countScope(projectId: string, scope: ExportScope): Promise<number> {
    const { rows } = await sql<{ count: number }>`SELECT count(*)::int AS count FROM items d WHERE ${whereOf(projectId, scope)}`.execute(this.db);
    return rows[0].count;
  }

  /** One page of the scope's items in export order (batch, then place in the batch), after `after`. */
  async scopePage(projectId: string, scope: ExportScope, after: ScopeKeyset | null, pageSize: number): Promise<ScopeRow[]> {
    const keyset: RawBuilder<unknown> = after ? sql`(d.batch_id, d.seq) > (${after.batchId}::uuid, ${after.seq})` : sql`TRUE`;
    const { rows }: { rows: ScopeRow[] } = await sql<ScopeRow>`
      SELECT d.item_id AS "itemId", d.batch_id AS "batchId", b.name AS "batchName", d.seq, d.file_name AS "fileName", d.path,
             d.width, d.height, d.effective, r.result::text AS result,
             f.path_prefix AS "pathPrefix", f.frame_count AS "frameCount", f.file_names AS "fileNames", f.widths, f.heights,
             f.timestamps, f.frame_rate AS "frameRate", f.sensors
      FROM items d
      JOIN batches b ON b.batch_id = d.batch_id
      LEFT JOIN item_results r ON r.item_id = d.item_id
      LEFT JOIN item_frames f ON f.item_id = d.item_id
      WHERE ${whereOf(projectId, scope)} AND ${keyset}
      ORDER BY d.batch_id, d.seq
      LIMIT ${pageSize}`.execute(this.db);
    return rows;
  }
}
