// The statistics projection's tables: counters per project, link, batch, person, team and 15-minute UTC bucket, objects
// by class, where items are in each pipeline, quality gates' pass rates, and the small lookups the projection keeps for
// itself (projects, batches, items, people's teams) so it never reads another projection's tables.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE insights_projects (
      project_id uuid PRIMARY KEY,
      title      text NOT NULL,
      status     text NOT NULL,
      unit_price numeric(12, 2) NOT NULL,
      -- The pipeline in order: [{ id, name, type }].
      links      jsonb NOT NULL DEFAULT '[]'
    )`.execute(db);
  await sql`
    CREATE TABLE insights_batches (
      batch_id   uuid PRIMARY KEY,
      project_id uuid NOT NULL,
      name       text NOT NULL,
      items      integer NOT NULL DEFAULT 0,
      deleted    boolean NOT NULL DEFAULT false
    );
    CREATE INDEX insights_batches_project_idx ON insights_batches (project_id)`.execute(db);
  await sql`
    CREATE TABLE insights_people (
      person_id uuid PRIMARY KEY,
      team_id   uuid
    )`.execute(db);
  await sql`
    CREATE TABLE insights_items (
      item_id           uuid PRIMARY KEY,
      project_id        uuid NOT NULL,
      batch_id          uuid,
      link_id           uuid,
      place             text NOT NULL,
      claimed_at        timestamptz,
      annotator_id      uuid,
      annotator_link_id uuid,
      effective         boolean NOT NULL DEFAULT true,
      objects           integer NOT NULL DEFAULT 0,
      classes           jsonb,
      credit            jsonb
    )`.execute(db);
  // Counters are summed on read; NULLS NOT DISTINCT lets a batch or team that is unknown still be one key.
  await sql`
    CREATE TABLE insights_work (
      project_id     uuid NOT NULL,
      link_id        uuid NOT NULL,
      batch_id       uuid,
      person_id      uuid NOT NULL,
      team_id        uuid,
      bucket         timestamptz NOT NULL,
      claimed        integer NOT NULL DEFAULT 0,
      submitted      integer NOT NULL DEFAULT 0,
      reworked       integer NOT NULL DEFAULT 0,
      invalid        integer NOT NULL DEFAULT 0,
      objects        integer NOT NULL DEFAULT 0,
      work_ms        bigint NOT NULL DEFAULT 0,
      timed          integer NOT NULL DEFAULT 0,
      passed         integer NOT NULL DEFAULT 0,
      rejected       integer NOT NULL DEFAULT 0,
      finished       integer NOT NULL DEFAULT 0,
      finished_valid integer NOT NULL DEFAULT 0,
      CONSTRAINT insights_work_key UNIQUE NULLS NOT DISTINCT (project_id, bucket, link_id, batch_id, person_id, team_id)
    );
    CREATE INDEX insights_work_person_idx ON insights_work (project_id, person_id, bucket);
    CREATE INDEX insights_work_team_idx ON insights_work (project_id, team_id, bucket)`.execute(db);
  await sql`
    CREATE TABLE insights_objects (
      project_id uuid NOT NULL,
      link_id    uuid NOT NULL,
      batch_id   uuid,
      person_id  uuid NOT NULL,
      team_id    uuid,
      bucket     timestamptz NOT NULL,
      class_name text NOT NULL,
      objects    integer NOT NULL DEFAULT 0,
      CONSTRAINT insights_objects_key UNIQUE NULLS NOT DISTINCT (project_id, bucket, link_id, batch_id, person_id, team_id, class_name)
    )`.execute(db);
  await sql`
    CREATE TABLE insights_positions (
      project_id uuid NOT NULL,
      batch_id   uuid,
      link_id    uuid,
      place      text NOT NULL,
      items      integer NOT NULL DEFAULT 0,
      CONSTRAINT insights_positions_key UNIQUE NULLS NOT DISTINCT (project_id, batch_id, link_id, place)
    )`.execute(db);
  await sql`
    CREATE TABLE insights_sampling_rounds (
      task_id    uuid NOT NULL,
      round      integer NOT NULL,
      project_id uuid NOT NULL,
      judged     integer NOT NULL,
      passed     integer NOT NULL,
      closed_at  timestamptz NOT NULL,
      PRIMARY KEY (task_id, round)
    );
    CREATE INDEX insights_sampling_rounds_project_idx ON insights_sampling_rounds (project_id, closed_at)`.execute(db);
  await sql`
    CREATE TABLE insights_acceptance (
      batch_id   uuid PRIMARY KEY,
      project_id uuid NOT NULL,
      sequence   integer NOT NULL,
      items      integer NOT NULL,
      passed     integer NOT NULL DEFAULT 0,
      rejected   integer NOT NULL DEFAULT 0,
      status     text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX insights_acceptance_project_idx ON insights_acceptance (project_id, sequence)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE insights_acceptance, insights_sampling_rounds, insights_positions, insights_objects, insights_work,
      insights_items, insights_people, insights_batches, insights_projects`.execute(db);
}
