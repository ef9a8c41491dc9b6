// The pool as a claim reads it: the link and what its claimer holds and draws from, then the rows it locks with
// SKIP LOCKED.
import { Injectable } from '@nestjs/common';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '@annot/core';
import type { PoolItem } from './items.repository';

export type LinkType = 'annotation' | 'inspection';

/** A part of a link's pool: a group's part of a team's share, a team's own part, or the open pool (both null). */
export interface PoolShare {
  teamId: string | null;
  groupId: string | null;
}

/** A locked item of the pool; `unworked` when nothing was done to it since its import, so its stream has no events. */
export interface PooledItem extends PoolItem {
  unworked: boolean;
}

/** What a claim reads before it locks anything, in one round trip. */
export interface Claimant {
  projectId: string;
  linkType: LinkType;
  /** Items the claimer holds in the link's project. */
  inHand: number;
  /** The parts of the pool it draws from, in order: its groups' parts, its teams' own parts, the open pool. */
  shares: PoolShare[];
}

export interface ClaimantRow {
  projectId: string;
  linkType: LinkType;
  inHand: number | string;
  shares: { teamId: string; groupId: string | null }[];
}

/** Batches that keep their items out of a link's pool: stopped and deleted ones always, paused ones for their kind. */
const closedBatches = (linkType: LinkType) => ['stopped', 'deleted', linkType === 'annotation' ? 'paused_annotation' : 'paused_inspection'];

const shareCondition = (share: PoolShare): RawBuilder<unknown> =>
  share.teamId === null
    ? sql`d.team_id IS NULL AND d.group_id IS NULL`
    : share.groupId === null
      ? sql`d.team_id = ${share.teamId}::uuid AND d.group_id IS NULL`
      : sql`d.team_id = ${share.teamId}::uuid AND d.group_id = ${share.groupId}::uuid`;

@Injectable()
export class PoolRepository {
  /**
   * The link's project and type, the claimer's items in hand there and the shares it draws from, as a row to read
   * with the streams it names (`claimantOf` makes it a claimant); no row for no link.
   */
  claimantRow(linkId: string, claimerId: string): RawBuilder<ClaimantRow> {
    return sql<ClaimantRow>`
      SELECT l.project_id AS "projectId", l.type AS "linkType",
        (SELECT count(*) FROM items h WHERE h.claimer_id = ${claimerId} AND h.project_id = l.project_id AND h.status = 'claimed') AS "inHand",
        (SELECT coalesce(jsonb_agg(jsonb_build_object('teamId', s."teamId", 'groupId', s."groupId") ORDER BY s."groupId" NULLS LAST, s."teamId"), '[]'::jsonb) FROM (
           SELECT g.team_id AS "teamId", g.group_id AS "groupId" FROM project_members g
           WHERE g.link_id = l.link_id AND g.kind = 'group-tagger' AND g.member_id = ${claimerId}
           UNION
           SELECT t.team_id, NULL::uuid FROM project_members t
           WHERE t.link_id = l.link_id AND t.kind = 'team' AND t.team_id IN (
             SELECT g.team_id FROM project_members g WHERE g.link_id = l.link_id AND g.kind = 'group-tagger' AND g.member_id = ${claimerId}
             UNION SELECT a.team_id FROM accounts a WHERE a.account_id = ${claimerId})) s) AS shares
      FROM project_links l WHERE l.link_id = ${linkId}::uuid`;
  }

  claimantOf(row: ClaimantRow): Claimant {
    return { projectId: row.projectId, linkType: row.linkType, inHand: Number(row.inHand), shares: [...row.shares, { teamId: null, groupId: null }] };
  }

  /**
   * Locks waiting items of a link's pool in claim order, skipping rows another claim holds: larger batch priority
   * first, then the order they arrived. Rework offered to someone else stays with them. Where the pool is shared,
   * the claimer's parts come in the order given; never another's share. `rework` keeps to the rework offered to the claimer.
   */
  async lockPool(db: Kysely<Database>, linkId: string, claimant: Claimant, claimerId: string, count: number, rework = false): Promise<PooledItem[]> {
    const closed = closedBatches(claimant.linkType);
    // One statement for all shares, a part each: a part locks its rows only as the outer limit pulls them, and the
    // parts are pulled in share order, so a later share is read only where the earlier ones fall short and no row
    // is locked beyond the count. (A locking select may not be an arm of a UNION; the scan of a WITH part may.)
    const parts = claimant.shares.map(
      (share, rank) => sql`${sql.id(`share${rank}`)} AS (
        SELECT d.item_id AS "itemId", d.project_id AS "projectId", d.link_id AS "linkId", d.item_version = 0 AS "unworked"
        FROM items d
        WHERE d.link_id = ${linkId}::uuid AND d.status = 'waiting' AND ${shareCondition(share)}
          AND (d.preferred_claimer_id IS NULL OR d.preferred_claimer_id = ${claimerId})
          AND (${rework}::boolean = false OR d.preferred_claimer_id = ${claimerId})
          AND NOT EXISTS (SELECT 1 FROM batches b WHERE b.batch_id = d.batch_id AND b.status = ANY(${closed}::text[]))
        ORDER BY d.priority DESC, d.created_at, d.seq
        LIMIT ${count}
        FOR UPDATE OF d SKIP LOCKED)`,
    );
    const scans = claimant.shares.map((_, rank) => sql`SELECT * FROM ${sql.id(`share${rank}`)}`);
    const { rows } = await sql<PooledItem>`WITH ${sql.join(parts)} ${sql.join(scans, sql` UNION ALL `)} LIMIT ${count}`.execute(db);
    return rows;
  }
}
