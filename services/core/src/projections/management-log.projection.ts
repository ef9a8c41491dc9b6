// The management log: who did what and when, one row per event, read by the log screen and auditors.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../database/database.types';
import { inLogRange } from '../events/event-log.reader';
import type { Projection } from './projection';

/** Keys the log leaves out: hashes, tokens and codes stay in the event store. */
const secretKeys = 'password|token|hash|code';

/** Arrays longer than this are logged as their length: an import's chunk carries a thousand file names. */
const longArray = 100;

const uuid = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/**
 * Finds an array longer than `longArray` among an object's own values. Keys are not looked at by a path: `keyvalue()`
 * copies every value into an object of its own, and cost a rebuild more than everything else it does to a row.
 */
const longArrayPath = `$.* ? (@.type() == "array" && @.size() > ${longArray})`;

export const managementLogProjection: Projection = {
  name: 'management-log',
  mode: 'async',
  tables: ['management_log'],
  indexesAfterRebuild: true,
  async apply(db, events) {
    if (events.length === 0) return;
    await logEvents(db, sql`e.global_position = ANY(${events.map((e) => e.globalPosition)}::bigint[])`, false);
  },
  async applyRange(db, range, again = false) {
    await logEvents(db, inLogRange(range), again);
  },
};

/**
 * Logs the stored events `which` picks, as `db` sees them; `again` leaves an event already logged as it is. The rows
 * are made where the events are: nothing of an event travels back to the server, which is what makes a rebuild fast.
 * The log table is named without a schema, so that replay can point it at a fresh copy; the log is in public.
 */
async function logEvents(db: Kysely<Database>, which: RawBuilder<unknown>, again: boolean): Promise<void> {
  await sql`
    INSERT INTO management_log
      (global_position, event_id, stream_id, event_type, actor_id, actor_role, summary, recorded_at, project_id, project_ids)
    SELECT e.global_position, e.event_id, e.stream_id, e.type, e.metadata->>'actorId', e.metadata->>'actorRole',
      -- The log is read by people: an object's secret keys are left out and its long arrays logged as their length.
      -- Most events have neither. Their printed text names no secret at all (a key that does is in it, so a text that
      -- does not cannot have one), and a path finds no long array: their data is logged as it is printed. The others
      -- are taken apart key by key. Both ways write the object as jsonb prints it, so a row reads the same whichever
      -- way it took.
      CASE WHEN jsonb_typeof(e.data) <> 'object' OR NOT (printed.text ~* ${secretKeys} OR e.data @? ${longArrayPath}::jsonpath) THEN printed.text::json
      ELSE coalesce(
        (SELECT jsonb_object_agg(d.key, CASE WHEN jsonb_typeof(d.value) = 'array' AND jsonb_array_length(d.value) > ${longArray}
                                             THEN to_jsonb(jsonb_array_length(d.value)) ELSE d.value END)
         FROM jsonb_each(e.data) AS d WHERE d.key !~* ${secretKeys}),
        '{}'::jsonb)::json END,
      e.recorded_at,
      -- The project an event names in its data, as migration 098 read it from the rows logged before.
      CASE WHEN jsonb_typeof(e.data->'projectId') = 'string' AND e.data->>'projectId' ~* ${uuid} THEN (e.data->>'projectId')::uuid END,
      -- The projects it names besides its own, as migration 100 read them: a clone's source, an auditor's set. Looked
      -- for only in an event that has either key, so the others skip the subquery and its sort.
      CASE WHEN e.data ?| array['clonedFrom', 'projectIds'] THEN (SELECT array_agg(DISTINCT named.id ORDER BY named.id)::uuid[]
       FROM (SELECT lower(v) AS id
             FROM (SELECT e.data->>'clonedFrom' AS v WHERE jsonb_typeof(e.data->'clonedFrom') = 'string'
                   UNION ALL
                   SELECT p #>> '{}' FROM jsonb_array_elements(
                     CASE WHEN jsonb_typeof(e.data->'projectIds') = 'array' THEN e.data->'projectIds' ELSE '[]'::jsonb END) AS p
                   WHERE jsonb_typeof(p) = 'string') AS given
             WHERE v ~* ${uuid} AND v IS DISTINCT FROM e.data->>'projectId') AS named) END
    -- Printed once, for the test and the log: OFFSET 0 keeps the planner from copying the expression into both.
    FROM public.events e CROSS JOIN LATERAL (SELECT e.data::text AS text OFFSET 0) AS printed
    WHERE ${which}
    ${again ? sql`ON CONFLICT (global_position) DO NOTHING` : sql``}`.execute(db);
}
