// The shares of links' pools as the distribution reads and locks them: the only Kysely of the distribution context.
import { Inject, Injectable } from '@nestjs/common';
import { type Kysely, sql } from 'kysely';
import { type Database, DATABASE, type Db } from '@annot/core';

/** A share of a link's pool: the open pool (no team), a team's own part (no group), or a group's part; `groupId`
 * undefined means the team's whole share, its groups' parts included. */
export interface ShareKey {
  teamId: string | null;
  groupId?: string | null;
}

export interface LockedItem {
  itemId: string;
  batchId: string;
  seq: number;
}

export interface ShareCount {
  linkId: string;
  teamId: string | null;
  groupId: string | null;
  status: 'waiting' | 'claimed';
  count: number;
}

export interface ShareDone {
  linkId: string;
  teamId: string;
  groupId: string | null;
  done: number;
}

/** The team's own part in share_progress, which keys it by the nil group; item_counts keys no team by it too. */
const noGroup = '00000000-0000-0000-0000-000000000000';

/** Items a share may be given or give back: waiting ones that no rework keeps for its annotator. */
const withShare = (share: ShareKey) => sql.join(
  [
    share.teamId === null ? sql`d.team_id IS NULL` : sql`d.team_id = ${share.teamId}::uuid`,
    share.groupId === undefined ? sql`TRUE` : share.groupId === null ? sql`d.group_id IS NULL` : sql`d.group_id = ${share.groupId}::uuid`,
  ],
  sql` AND `,
);

@Injectable()
export class DistributionRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async link(linkId: string): Promise<{ projectId: string } | undefined> {
    return this.db.selectFrom('project_links').select('project_id as projectId').where('link_id', '=', linkId).executeTakeFirst();
  }

  /** How many items each share of a link's pool may still hand out, by team and group. */
  async sharable(db: Kysely<Database>, linkId: string): Promise<{ teamId: string | null; groupId: string | null; count: number }[]> {
    const rows = await db
      .selectFrom('items')
      .select(['team_id as teamId', 'group_id as groupId', (eb) => eb.fn.countAll<string>().as('count')])
      .where('link_id', '=', linkId)
      .where('status', '=', 'waiting')
      .where('preferred_claimer_id', 'is', null)
      .groupBy(['team_id', 'group_id'])
      .execute();
    return rows.map((r) => ({ ...r, count: Number(r.count) }));
  }

  /**
   * Locks up to `count` items of a share, skipping those a claim holds: the first in claim order to hand out, or the
   * last (a team's own part before its groups') to give back. `also` are items this command already took back from
   * another share, which may be handed out again.
   */
  async lockShare(db: Kysely<Database>, linkId: string, share: ShareKey, count: number, end: 'first' | 'last', also: string[] = []): Promise<LockedItem[]> {
    if (count <= 0) return [];
    const order = end === 'first' ? sql`d.priority DESC, d.created_at, d.seq` : sql`(d.group_id IS NULL) DESC, d.priority, d.created_at DESC, d.seq DESC`;
    const { rows } = await sql<LockedItem>`
      SELECT d.item_id AS "itemId", d.batch_id AS "batchId", d.seq
      FROM items d
      WHERE d.link_id = ${linkId}::uuid AND d.status = 'waiting' AND d.preferred_claimer_id IS NULL
        AND ((${withShare(share)}) OR d.item_id = ANY(${also}::uuid[]))
      ORDER BY ${order}
      LIMIT ${count}
      FOR UPDATE OF d SKIP LOCKED`.execute(db);
    return rows;
  }

  async teamNames(teamIds: string[]): Promise<Record<string, string>> {
    if (teamIds.length === 0) return {};
    const rows = await this.db.selectFrom('teams').select(['team_id', 'name']).where('team_id', 'in', [...new Set(teamIds)]).execute();
    return Object.fromEntries(rows.map((r) => [r.team_id, r.name]));
  }

  /** Waiting and claimed items of each share of a project's links: a few rows of the counts per link, state and share. */
  async counts(projectId: string): Promise<ShareCount[]> {
    const rows = await this.db
      .selectFrom('item_counts')
      .select(['link_id as linkId', 'team_id as teamId', 'group_id as groupId', 'status', sql<string>`sum(items)`.as('items')])
      .where('project_id', '=', projectId)
      .where('status', 'in', ['waiting', 'claimed'])
      .groupBy(['link_id', 'team_id', 'group_id', 'status'])
      .having(sql<boolean>`sum(items) <> 0`)
      .execute();
    return rows.map((r) => ({
      linkId: r.linkId,
      teamId: r.teamId === noGroup ? null : r.teamId,
      groupId: r.groupId === noGroup ? null : r.groupId,
      status: r.status as ShareCount['status'],
      count: Number(r.items),
    }));
  }

  /** Items each share has seen through its link. */
  async done(projectId: string): Promise<ShareDone[]> {
    const rows = await this.db.selectFrom('share_progress').select(['link_id as linkId', 'team_id as teamId', 'group_id as groupId', 'done']).where('project_id', '=', projectId).execute();
    return rows.map((r) => ({ ...r, groupId: r.groupId === noGroup ? null : r.groupId }));
  }
}
