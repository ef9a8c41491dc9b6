// Batches of a project and their data items: the inline projections of the batch streams, and the pools items are claimed from.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE batches (
      batch_id        uuid PRIMARY KEY,
      project_id      uuid NOT NULL,
      name            text NOT NULL,
      priority        integer NOT NULL,
      upload_type     text NOT NULL,
      status          text NOT NULL,
      items           integer NOT NULL DEFAULT 0,
      failed          integer NOT NULL DEFAULT 0,
      importing       jsonb,
      failure_file_id uuid,
      -- The message key of the last import's refusal, until the next import starts.
      import_error    text,
      created_at      timestamptz NOT NULL,
      updated_at      timestamptz NOT NULL,
      version         bigint NOT NULL
    );
    -- The project's batch list: larger priority first, then newest.
    CREATE INDEX batches_list_idx ON batches (project_id, priority DESC, created_at DESC, batch_id DESC);

    CREATE TABLE data_items (
      item_id     uuid PRIMARY KEY,
      batch_id    uuid NOT NULL,
      project_id  uuid NOT NULL,
      -- The link whose pool holds the item; null once it has left every pool (its batch was deleted).
      link_id     uuid,
      -- Order of registration within the batch, the key of the batch's item list.
      seq         integer NOT NULL,
      file_name   text NOT NULL,
      path        text NOT NULL,
      size        bigint NOT NULL,
      media_type  text NOT NULL,
      width       integer,
      height      integer,
      checksum    text NOT NULL,
      status      text NOT NULL DEFAULT 'waiting',
      effective   boolean NOT NULL DEFAULT true,
      created_at  timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX data_items_batch_seq_idx ON data_items (batch_id, seq);
    -- A file's content is registered once per batch; the import reports the rest as duplicates.
    CREATE UNIQUE INDEX data_items_batch_checksum_idx ON data_items (batch_id, checksum);
    -- A link's pool and its task counts.
    CREATE INDEX data_items_pool_idx ON data_items (project_id, link_id, status) WHERE link_id IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE data_items, batches`.execute(db);
}
