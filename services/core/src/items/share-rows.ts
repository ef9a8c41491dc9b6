// What a link's distribution changes in its pool: which waiting items each team's share, and each group's part of it,
// holds; and how many items each share has seen through its link. Part of the item projection, which owns the item
// rows and their counts per share, so a replay hands out exactly the items the live pool did.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { ItemRun, ProjectEvent } from '@annot/workflows';
import type { Database } from '../database/database.types';
import type { StoredEvent } from '../events/stored-event';
import { type ItemCounts, moveItems, stripeOf } from './item-counts';

export const shareRowEventTypes: readonly string[] = ['LinkPoolDistributed', 'TeamPoolDistributed', 'LinkMembersAssigned', 'LinkGroupDeleted'] satisfies ProjectEvent['type'][];

/** The team's own part of its share, outside its groups, as share_progress keys it. */
export const noGroup = '00000000-0000-0000-0000-000000000000';

/** The ids of the items in the runs: an item's id derives from its batch and place, as its import wrote it. */
const itemsOf = (runs: ItemRun[]) => sql`(
  SELECT md5(r."batchId" || ':' || s)::uuid
  FROM jsonb_to_recordset(${JSON.stringify(runs)}::jsonb) AS r("batchId" text, "from" int, "to" int), generate_series(r."from", r."to") AS s)`;

export async function applyShareEvent(db: Kysely<Database>, stored: StoredEvent, counts: ItemCounts): Promise<void> {
  const event = { type: stored.type, data: stored.data } as ProjectEvent;
  const move = (where: RawBuilder<unknown>, set: Record<string, unknown>) => moveItems(db, counts, stripeOf(stored.metadata.actorId), where, set);
  switch (event.type) {
    case 'LinkPoolDistributed': {
      const { teamId, given, taken } = event.data;
      if (given.length > 0) await move(sql`d.item_id IN ${itemsOf(given)}`, { team_id: teamId, group_id: null });
      if (taken.length > 0) await move(sql`d.item_id IN ${itemsOf(taken)}`, { team_id: null, group_id: null });
      return;
    }
    case 'TeamPoolDistributed': {
      const { groupId, given, taken } = event.data;
      if (given.length > 0) await move(sql`d.item_id IN ${itemsOf(given)}`, { group_id: groupId });
      if (taken.length > 0) await move(sql`d.item_id IN ${itemsOf(taken)}`, { group_id: null });
      return;
    }
    case 'LinkMembersAssigned': {
      // A team taken off the link gives its share back to the open pool, or nobody could claim it.
      const { linkId, teamIds } = event.data;
      const kept = teamIds.length > 0 ? sql` AND d.team_id <> ALL(${teamIds}::uuid[])` : sql``;
      await move(sql`d.link_id = ${linkId}::uuid AND d.team_id IS NOT NULL${kept}`, { team_id: null, group_id: null });
      return;
    }
    case 'LinkGroupDeleted':
      // A deleted group's part goes back to its team's own part.
      await move(sql`d.link_id = ${event.data.linkId}::uuid AND d.group_id = ${event.data.groupId}::uuid`, { group_id: null });
      return;
  }
}

/** An item of a share leaves its link done (submitted, passed or rejected): its share counts it, before the row moves on. */
export async function countShareDone(db: Kysely<Database>, itemId: string): Promise<void> {
  await sql`
    INSERT INTO share_progress (project_id, link_id, team_id, group_id, done)
    SELECT project_id, link_id, team_id, COALESCE(group_id, ${noGroup}::uuid), 1 FROM items
    WHERE item_id = ${itemId}::uuid AND team_id IS NOT NULL AND link_id IS NOT NULL
    ON CONFLICT (link_id, team_id, group_id) DO UPDATE SET done = share_progress.done + 1`.execute(db);
}
