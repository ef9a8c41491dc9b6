// How the statistics tally is loaded from and written back to its tables: one statement per table per run of events,
// however many events the run holds, so the projection keeps up with the work loop.
import { type Kysely, sql } from 'kysely';
import { type ItemFacts, type PipelinePlace, StatisticsTally, type TallyEvent, workCounters } from '@annot/workflows';
import type { Database } from '../database/database.types';

type Db = Kysely<Database>;

const json = (rows: unknown[]) => JSON.stringify(rows);

/** A tally holding the facts of every item and person the events name, as the tables have them now. */
export async function loadTally(db: Db, events: TallyEvent[]): Promise<StatisticsTally> {
  const tally = new StatisticsTally();
  const itemIds = new Set<string>();
  const people = new Set<string>();
  for (const { data } of events) {
    const d = data as Record<string, unknown>;
    if (typeof d.itemId === 'string') itemIds.add(d.itemId);
    for (const key of ['claimerId', 'submittedBy', 'inspectorId'] as const) if (typeof d[key] === 'string') people.add(d[key] as string);
  }
  if (itemIds.size > 0) {
    const { rows } = await sql<ItemFacts>`
      SELECT item_id AS "itemId", project_id AS "projectId", batch_id AS "batchId", link_id AS "linkId", place,
             to_char(claimed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "claimedAt",
             annotator_id AS "annotatorId", annotator_link_id AS "annotatorLinkId", effective, objects,
             COALESCE(classes, '{}'::jsonb) AS classes, credit
      FROM insights_items WHERE item_id = ANY(${[...itemIds]}::uuid[])`.execute(db);
    for (const row of rows) {
      tally.items.set(row.itemId, { ...row, place: row.place as PipelinePlace });
      if (row.annotatorId) people.add(row.annotatorId);
    }
  }
  if (people.size > 0) {
    const rows = await db.selectFrom('insights_people').select(['person_id', 'team_id']).where('person_id', 'in', [...people]).execute();
    for (const row of rows) tally.teams.set(row.person_id, row.team_id);
  }
  return tally;
}

/** Writes what the tally changed: items and people as they are now, counters and places as increments. */
export async function saveTally(db: Db, tally: StatisticsTally): Promise<void> {
  const items = [...tally.changedItems].map((id) => tally.items.get(id)!);
  if (items.length > 0) {
    await sql`
      INSERT INTO insights_items (item_id, project_id, batch_id, link_id, place, claimed_at, annotator_id, annotator_link_id, effective, objects, classes, credit)
      SELECT "itemId", "projectId", "batchId", "linkId", place, "claimedAt", "annotatorId", "annotatorLinkId", effective, objects, classes, credit
      FROM jsonb_to_recordset(${json(items)}::jsonb) AS r("itemId" uuid, "projectId" uuid, "batchId" uuid, "linkId" uuid, place text,
        "claimedAt" timestamptz, "annotatorId" uuid, "annotatorLinkId" uuid, effective boolean, objects int, classes jsonb, credit jsonb)
      ON CONFLICT (item_id) DO UPDATE SET link_id = excluded.link_id, place = excluded.place, claimed_at = excluded.claimed_at,
        annotator_id = excluded.annotator_id, annotator_link_id = excluded.annotator_link_id, effective = excluded.effective,
        objects = excluded.objects, classes = excluded.classes, credit = excluded.credit`.execute(db);
  }
  const people = [...tally.changedPeople].map((personId) => ({ personId, teamId: tally.teams.get(personId) ?? null }));
  if (people.length > 0) {
    await sql`
      INSERT INTO insights_people (person_id, team_id)
      SELECT "personId", "teamId" FROM jsonb_to_recordset(${json(people)}::jsonb) AS r("personId" uuid, "teamId" uuid)
      ON CONFLICT (person_id) DO UPDATE SET team_id = excluded.team_id`.execute(db);
  }
  const work = tally.workRows().map(({ counts, ...key }) => ({ ...key, ...counts }));
  if (work.length > 0) {
    const columns = workCounters.map((c) => snake(c));
    const types = workCounters.map((c) => sql.raw(`"${c}" ${c === 'workMs' ? 'bigint' : 'int'}`));
    await sql`
      INSERT INTO insights_work (project_id, link_id, batch_id, person_id, team_id, bucket, ${sql.raw(columns.join(', '))})
      SELECT "projectId", "linkId", "batchId", "personId", "teamId", bucket, ${sql.raw(workCounters.map((c) => `"${c}"`).join(', '))}
      FROM jsonb_to_recordset(${json(work)}::jsonb)
        AS r("projectId" uuid, "linkId" uuid, "batchId" uuid, "personId" uuid, "teamId" uuid, bucket timestamptz, ${sql.join(types)})
      ON CONFLICT (project_id, bucket, link_id, batch_id, person_id, team_id) DO UPDATE SET
        ${sql.raw(columns.map((c) => `${c} = insights_work.${c} + excluded.${c}`).join(', '))}`.execute(db);
  }
  const classes = tally.classRows();
  if (classes.length > 0) {
    await sql`
      INSERT INTO insights_objects (project_id, link_id, batch_id, person_id, team_id, bucket, class_name, objects)
      SELECT "projectId", "linkId", "batchId", "personId", "teamId", bucket, "className", objects
      FROM jsonb_to_recordset(${json(classes)}::jsonb)
        AS r("projectId" uuid, "linkId" uuid, "batchId" uuid, "personId" uuid, "teamId" uuid, bucket timestamptz, "className" text, objects int)
      ON CONFLICT (project_id, bucket, link_id, batch_id, person_id, team_id, class_name) DO UPDATE SET objects = insights_objects.objects + excluded.objects`.execute(db);
  }
  const positions = tally.positionRows();
  if (positions.length > 0) await shiftPositions(db, positions);
}

/** Adds to the number of items of a project, batch and link in a place. */
export async function shiftPositions(db: Db, rows: { projectId: string; batchId: string | null; linkId: string | null; place: string; items: number }[]): Promise<void> {
  await sql`
    INSERT INTO insights_positions (project_id, batch_id, link_id, place, items)
    SELECT "projectId", "batchId", "linkId", place, items
    FROM jsonb_to_recordset(${json(rows)}::jsonb) AS r("projectId" uuid, "batchId" uuid, "linkId" uuid, place text, items int)
    ON CONFLICT (project_id, batch_id, link_id, place) DO UPDATE SET items = insights_positions.items + excluded.items`.execute(db);
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
