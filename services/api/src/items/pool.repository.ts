// The pool as a claim reads it: the link, what its claimer holds, and the rows it locks with SKIP LOCKED, in one
// statement.
import { Injectable } from '@nestjs/common';
import { type RawBuilder, sql } from 'kysely';
import type { PoolItem } from './items.repository';

export type LinkType = 'annotation' | 'inspection';

/** A locked item of the pool; `unworked` when nothing was done to it since its import, so its stream has no events. */
export interface PooledItem extends PoolItem {
  unworked: boolean;
}

/** What a claim reads and locks in one round trip: the link, what its claimer holds, and the pool rows it took. */
export interface ClaimantRow {
  projectId: string;
  linkType: LinkType;
  /** Items the claimer holds in the link's project. */
  inHand: number | string;
  /** Waiting items locked for the claim, in claim order. */
  locked: PooledItem[];
}

/** How many rows a claim locks, and which. */
export interface ClaimSize {
  count: number;
  /** Items a claimer may hold in a project: none are locked for a claimer who holds as many. */
  inHandLimit: number;
  /** Rows locked beyond the count in an inspection link, so items the claimer annotated do not make the claim short. */
  inspectionMargin: number;
  /** Keep to the rework offered to the claimer. */
  rework: boolean;
}

/** Batches that keep their items out of a link's pool: stopped and deleted ones always, paused ones for their kind. */
const closedBatches = (linkType: LinkType) => ['stopped', 'deleted', linkType === 'annotation' ? 'paused_annotation' : 'paused_inspection'];

@Injectable()
export class PoolRepository {
  /**
   * The link's project and type, the claimer's items in hand there, and the waiting items of its pool locked for the
   * claim, as a row to read with the streams it names; no row for no link. Items are locked in claim order, skipping
   * rows another claim holds: the parts of the pool the claimer draws from in turn (its groups' parts, its teams' own
   * parts, the open pool; never another's share), in each larger batch priority first, then the order they arrived.
   * Rework offered to someone else stays with them; stopped and deleted batches, and those paused for the link's kind,
   * keep their items. A part's rows are locked only as the outer limit pulls them, so a later part is read only where
   * the earlier ones fall short and no row is locked beyond the count. A claim refused after this read rolls back,
   * which lets its rows go.
   */
  claimRow(linkId: string, claimerId: string, size: ClaimSize): RawBuilder<ClaimantRow> {
    return sql<ClaimantRow>`
      WITH link AS (
        SELECT l.link_id, l.project_id, l.type FROM project_links l WHERE l.link_id = ${linkId}::uuid
      ), held AS (
        SELECT count(*) AS n FROM items h, link WHERE h.claimer_id = ${claimerId} AND h.project_id = link.project_id AND h.status = 'claimed'
      ), groups AS (
        SELECT g.team_id, g.group_id FROM project_members g, link WHERE g.link_id = link.link_id AND g.kind = 'group-tagger' AND g.member_id = ${claimerId}
      ), shares AS MATERIALIZED (
        SELECT team_id, group_id FROM (
          SELECT DISTINCT 0 AS part, team_id, group_id FROM groups
          UNION ALL
          SELECT DISTINCT 1, t.team_id, NULL::uuid FROM project_members t, link
          WHERE t.link_id = link.link_id AND t.kind = 'team'
            AND t.team_id IN (SELECT team_id FROM groups UNION SELECT a.team_id FROM accounts a WHERE a.account_id = ${claimerId})
          UNION ALL
          SELECT 2, NULL::uuid, NULL::uuid) s
        ORDER BY part, group_id, team_id
      ), wanted AS (
        SELECT CASE WHEN ${size.inHandLimit}::int - held.n <= 0 THEN 0
                    ELSE least(${size.count}::int, ${size.inHandLimit}::int - held.n)
                         + CASE WHEN link.type = 'inspection' THEN ${size.inspectionMargin}::int ELSE 0 END
               END AS n,
               CASE WHEN link.type = 'annotation' THEN ${closedBatches('annotation')}::text[] ELSE ${closedBatches('inspection')}::text[] END AS closed
        FROM link, held
      ), locked AS (
        SELECT d.* FROM shares s CROSS JOIN wanted w CROSS JOIN LATERAL (
          SELECT d.item_id AS "itemId", d.project_id AS "projectId", d.link_id AS "linkId", d.item_version = 0 AS "unworked"
          FROM items d
          WHERE d.link_id = ${linkId}::uuid AND d.status = 'waiting'
            AND d.team_id IS NOT DISTINCT FROM s.team_id AND d.group_id IS NOT DISTINCT FROM s.group_id
            AND (d.preferred_claimer_id IS NULL OR d.preferred_claimer_id = ${claimerId})
            AND (${size.rework}::boolean = false OR d.preferred_claimer_id = ${claimerId})
            AND NOT EXISTS (SELECT 1 FROM batches b WHERE b.batch_id = d.batch_id AND b.status = ANY(w.closed))
          ORDER BY d.priority DESC, d.created_at, d.seq
          LIMIT w.n
          FOR UPDATE OF d SKIP LOCKED) d
        LIMIT (SELECT n FROM wanted)
      )
      SELECT link.project_id AS "projectId", link.type AS "linkType", held.n AS "inHand",
        (SELECT coalesce(jsonb_agg(locked), '[]'::jsonb) FROM locked) AS locked
      FROM link, held`;
  }
}
