// Sampled quality inspection: each task with its rounds and where it stands, the sample items of every round with
// their claims and verdicts, and on each data item who annotated its result and when it first finished, which the
// draw of a sample and a link's window read.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE data_items ADD COLUMN annotator_id text, ADD COLUMN finished_at timestamptz`.execute(db);
  // Items worked before these columns existed get what the batches projection now writes: the last submitter, and
  // the first finish since the item was last recycled (a quality gate's return keeps it, a recycle starts it over).
  await sql`
    UPDATE data_items d SET annotator_id = s.submitted_by
    FROM (
      SELECT DISTINCT ON (stream_id) substr(stream_id, 6)::uuid AS item_id, data->>'submittedBy' AS submitted_by
      FROM events WHERE type = 'ItemSubmitted' ORDER BY stream_id, stream_position DESC
    ) s
    WHERE d.item_id = s.item_id`.execute(db);
  await sql`
    UPDATE data_items d SET finished_at = f.finished_at
    FROM (
      SELECT substr(e.stream_id, 6)::uuid AS item_id, min(e.recorded_at) AS finished_at
      FROM events e
      WHERE e.type = 'ItemFinished'
        AND e.stream_position > COALESCE((SELECT max(r.stream_position) FROM events r WHERE r.stream_id = e.stream_id AND r.type = 'ItemRecycled'), 0)
      GROUP BY e.stream_id
    ) f
    WHERE d.item_id = f.item_id`.execute(db);
  // A link's window reads what finished there between two instants.
  await sql`CREATE INDEX data_items_finished_idx ON data_items (link_id, finished_at) WHERE status = 'finished'`.execute(db);
  await sql`
    CREATE TABLE sampling_tasks (
      task_id         uuid PRIMARY KEY,
      project_id      uuid NOT NULL,
      -- The task's number within its project, in the order tasks were made.
      sequence        integer NOT NULL,
      scope_kind      text NOT NULL,
      batch_id        uuid,
      link_id         uuid,
      since           timestamptz,
      until           timestamptz,
      rule            jsonb NOT NULL,
      pass_threshold  integer NOT NULL,
      status          text NOT NULL,
      round           integer NOT NULL,
      -- The current round's draw and its verdicts so far.
      screening_count integer NOT NULL,
      sample_count    integer NOT NULL,
      judged_count    integer NOT NULL,
      passed_count    integer NOT NULL,
      -- Every round's draw (seed and strata) and, once closed, its tally.
      rounds          jsonb NOT NULL,
      returned_count  integer NOT NULL,
      decision        text,
      created_by      text NOT NULL,
      created_at      timestamptz NOT NULL,
      updated_at      timestamptz NOT NULL,
      version         bigint NOT NULL
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX sampling_tasks_sequence_idx ON sampling_tasks (project_id, sequence)`.execute(db);
  await sql`CREATE INDEX sampling_tasks_open_idx ON sampling_tasks (project_id) WHERE status NOT IN ('passed', 'decided')`.execute(db);
  await sql`
    CREATE TABLE sample_items (
      task_id        uuid NOT NULL,
      round          integer NOT NULL,
      item_id        uuid NOT NULL,
      project_id     uuid NOT NULL,
      annotator_id   text NOT NULL,
      result_version integer NOT NULL,
      claimer_id     text,
      claimed_at     timestamptz,
      verdict        text,
      marks          jsonb NOT NULL,
      inspector_id   text,
      judged_at      timestamptz,
      PRIMARY KEY (task_id, round, item_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sample_items, sampling_tasks`.execute(db);
  await sql`DROP INDEX data_items_finished_idx`.execute(db);
  await sql`ALTER TABLE data_items DROP COLUMN annotator_id, DROP COLUMN finished_at`.execute(db);
}
