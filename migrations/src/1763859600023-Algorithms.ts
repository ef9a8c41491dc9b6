// The algorithm registry with its versions, algorithm calls with each item's outcome, and what annotators did with
// pre-annotated and held-out items, which the analysis page compares.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE algorithms (
      algorithm_id        uuid PRIMARY KEY,
      interface_name      text NOT NULL UNIQUE,
      name_zh             text NOT NULL,
      name_en             text NOT NULL,
      developer           text NOT NULL,
      description         text NOT NULL,
      enabled             boolean NOT NULL,
      control_group_ratio integer NOT NULL,
      concurrency         integer NOT NULL,
      timeout_ms          integer NOT NULL,
      has_credentials     boolean NOT NULL,
      registered_by       text NOT NULL,
      registered_at       timestamptz NOT NULL,
      version             bigint NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE algorithm_versions (
      version_id   uuid PRIMARY KEY,
      algorithm_id uuid NOT NULL,
      version      text NOT NULL,
      endpoint     text NOT NULL,
      description  text NOT NULL,
      added_by     text NOT NULL,
      added_at     timestamptz NOT NULL,
      -- Versions in the order they were added: the last is the one calls use unless one is chosen.
      seq          integer NOT NULL,
      UNIQUE (algorithm_id, version)
    )`.execute(db);
  await sql`
    CREATE TABLE algorithm_calls (
      call_id             uuid PRIMARY KEY,
      algorithm_id        uuid NOT NULL,
      version_id          uuid NOT NULL,
      version             text NOT NULL,
      project_id          uuid NOT NULL,
      scope               jsonb NOT NULL,
      status              text NOT NULL,
      score_threshold     double precision NOT NULL,
      control_group_ratio integer NOT NULL,
      draw_seed           bigint NOT NULL,
      items               integer NOT NULL DEFAULT 0,
      control             integer NOT NULL DEFAULT 0,
      answered            integer NOT NULL DEFAULT 0,
      failed              integer NOT NULL DEFAULT 0,
      skipped             integer NOT NULL DEFAULT 0,
      objects             integer NOT NULL DEFAULT 0,
      reason_key          text,
      reason_params       jsonb,
      resume_at           timestamptz,
      requested_by        text NOT NULL,
      requested_at        timestamptz NOT NULL,
      finished_at         timestamptz,
      version_no          bigint NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX algorithm_calls_project_idx ON algorithm_calls (project_id, requested_at DESC, call_id DESC)`.execute(db);
  await sql`CREATE INDEX algorithm_calls_algorithm_idx ON algorithm_calls (algorithm_id, requested_at DESC, call_id DESC)`.execute(db);
  await sql`
    CREATE TABLE algorithm_call_items (
      call_id        uuid NOT NULL,
      item_id        uuid NOT NULL,
      -- Null for the control group, which is never sent.
      chunk          integer,
      outcome        text NOT NULL,
      latency_ms     integer,
      objects        integer NOT NULL DEFAULT 0,
      result_version integer,
      reason_key     text,
      reason_params  jsonb,
      PRIMARY KEY (call_id, item_id)
    )`.execute(db);
  await sql`CREATE INDEX algorithm_call_items_chunk_idx ON algorithm_call_items (call_id, chunk) WHERE outcome = 'pending'`.execute(db);
  await sql`
    CREATE TABLE algorithm_effects (
      call_id       uuid NOT NULL,
      item_id       uuid NOT NULL,
      grp           text NOT NULL,
      -- What the model gave and what the item holds now, as [toolId, x, y, width, height] boxes.
      model         jsonb NOT NULL,
      current       jsonb NOT NULL,
      claimed_at    timestamptz,
      submitted_at  timestamptz,
      annotation_ms bigint,
      kept          integer,
      edited        integer,
      deleted       integer,
      added         integer,
      passed        boolean,
      -- open until the first submission, submitted until the first inspection, then judged.
      state         text NOT NULL,
      PRIMARY KEY (call_id, item_id)
    )`.execute(db);
  await sql`CREATE INDEX algorithm_effects_item_idx ON algorithm_effects (item_id) WHERE state <> 'judged'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE algorithm_effects, algorithm_call_items, algorithm_calls, algorithm_versions, algorithms`.execute(db);
}
