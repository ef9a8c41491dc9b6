// The moments of a project an auditor names by what happened: its acceptance verdicts and closed sampling rounds, read
// from the management log by their events' positions, and its exports' starts, from the export records.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db, exactIso } from '@annot/core';
import type { PastLandmark } from '@annot/workflows';

/** The newest this many of each kind: a long project's first verdicts are reached by time or event instead. */
const newest = 100;

@Injectable()
export class PastLandmarksRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async of(projectId: string): Promise<PastLandmark[]> {
    const { rows: verdicts } = await sql<{ position: string; at: string; sequence: number; type: string }>`
      SELECT l.global_position::text AS position, ${exactIso('l.recorded_at')} AS at, b.sequence, l.event_type AS type
      FROM management_log l JOIN acceptance_batches b ON b.batch_id = (l.summary->>'batchId')::uuid
      WHERE l.project_id = ${projectId}::uuid AND l.event_type IN ('AcceptanceBatchPassed', 'AcceptanceBatchRejected')
      ORDER BY l.global_position DESC LIMIT ${newest}`.execute(this.db);
    const { rows: rounds } = await sql<{ position: string; at: string; round: number; passRate: number }>`
      SELECT l.global_position::text AS position, ${exactIso('l.recorded_at')} AS at, (l.summary->>'round')::int AS round,
             (l.summary->>'passRate')::float8 AS "passRate"
      FROM management_log l
      WHERE l.project_id = ${projectId}::uuid AND l.event_type = 'SamplingRoundClosed'
      ORDER BY l.global_position DESC LIMIT ${newest}`.execute(this.db);
    const { rows: exports } = await sql<{ position: string; at: string; format: string; items: number; objects: number }>`
      SELECT r.started_position::text AS position, ${exactIso('r.started_at')} AS at, r.format, r.items, r.objects
      FROM export_records r
      WHERE r.project_id = ${projectId}::uuid AND r.status IN ('succeeded', 'expired') AND r.started_position IS NOT NULL
      ORDER BY r.started_position DESC LIMIT ${newest}`.execute(this.db);
    const landmarks: PastLandmark[] = [
      ...verdicts.map(({ position, at, sequence, type }) => ({ kind: 'acceptance' as const, position, at, sequence, verdict: type === 'AcceptanceBatchPassed' ? ('passed' as const) : ('rejected' as const) })),
      ...rounds.map((r) => ({ kind: 'sampling' as const, ...r })),
      ...exports.map((e) => ({ kind: 'export' as const, ...e })),
    ];
    return landmarks.sort((a, b) => (BigInt(b.position) > BigInt(a.position) ? 1 : BigInt(b.position) < BigInt(a.position) ? -1 : 0));
  }
}
