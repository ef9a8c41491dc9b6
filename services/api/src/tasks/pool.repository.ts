// The pool as a claim reads it: the rows it locks with SKIP LOCKED, the shares it draws from, what a claimer holds.
import { Injectable } from '@nestjs/common';
import { type Kysely, sql } from 'kysely';
import type { Database } from '@annot/core';
import type { PoolItem } from './tasks.repository';

/** Batches that keep their items out of a link's pool: stopped and deleted ones always, paused ones for their kind. */
const closedBatches = (pausedKind: 'paused_annotation' | 'paused_inspection') => ['stopped', 'deleted', pausedKind];

@Injectable()
export class PoolRepository {
  /**
   * Locks waiting items of a link's pool in claim order, skipping rows another claim holds: larger batch priority
   * first, then the order they arrived. Rework offered to someone else stays with them. Where the pool is shared,
   * the claimer's group's part comes first, then its team's own part, then the open pool; never another's share.
   */
  async lockPool(db: Kysely<Database>, link: { linkId: string; type: 'annotation' | 'inspection' }, claimerId: string, count: number): Promise<PoolItem[]> {
    const closed = closedBatches(link.type === 'annotation' ? 'paused_annotation' : 'paused_inspection');
    const locked: PoolItem[] = [];
    for (const share of await this.sharesOf(db, link.linkId, claimerId)) {
      if (locked.length >= count) break;
      const { rows } = await sql<PoolItem>`
        SELECT d.item_id AS "itemId", d.project_id AS "projectId", d.link_id AS "linkId"
        FROM data_items d
        WHERE d.link_id = ${link.linkId}::uuid AND d.status = 'waiting' AND ${share}
          AND (d.preferred_claimer_id IS NULL OR d.preferred_claimer_id = ${claimerId})
          AND NOT EXISTS (SELECT 1 FROM batches b WHERE b.batch_id = d.batch_id AND b.status = ANY(${closed}::text[]))
        ORDER BY d.priority DESC, d.created_at, d.seq
        LIMIT ${count - locked.length}
        FOR UPDATE OF d SKIP LOCKED`.execute(db);
      locked.push(...rows);
    }
    return locked;
  }

  /** The parts of a link's pool a claimer draws from, in order: its groups' parts, its teams' own parts, the open pool. */
  private async sharesOf(db: Kysely<Database>, linkId: string, claimerId: string) {
    const { rows } = await sql<{ teamId: string; groupId: string | null }>`
      SELECT g.team_id AS "teamId", g.group_id AS "groupId" FROM project_members g
      WHERE g.link_id = ${linkId}::uuid AND g.kind = 'group-tagger' AND g.member_id = ${claimerId}
      UNION
      SELECT t.team_id, NULL::uuid FROM project_members t
      WHERE t.link_id = ${linkId}::uuid AND t.kind = 'team' AND t.team_id IN (
        SELECT g.team_id FROM project_members g WHERE g.link_id = ${linkId}::uuid AND g.kind = 'group-tagger' AND g.member_id = ${claimerId}
        UNION SELECT a.team_id FROM accounts a WHERE a.account_id = ${claimerId})
      ORDER BY "groupId" NULLS LAST, "teamId"`.execute(db);
    return [
      ...rows.map((r) => (r.groupId === null ? sql`d.team_id = ${r.teamId}::uuid AND d.group_id IS NULL` : sql`d.team_id = ${r.teamId}::uuid AND d.group_id = ${r.groupId}::uuid`)),
      sql`d.team_id IS NULL AND d.group_id IS NULL`,
    ];
  }

  async inHand(db: Kysely<Database>, claimerId: string, projectId: string): Promise<number> {
    const row = await db
      .selectFrom('data_items')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('claimer_id', '=', claimerId)
      .where('project_id', '=', projectId)
      .where('status', '=', 'claimed')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
