// Documents and help: each document with its address (a link or an uploaded file), the roles that may read it, its
// place in the help list and whether it is on the shelf. Uploaded files stay in the files table.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE documents (
      document_id   uuid PRIMARY KEY,
      name          text NOT NULL,
      address_kind  text NOT NULL,
      url           text,
      file_id       uuid,
      file_name     text,
      media_type    text,
      size          integer,
      sha256        text,
      description   text NOT NULL,
      visible_roles text[] NOT NULL,
      sort          integer NOT NULL,
      on_shelf      boolean NOT NULL,
      added_by      text NOT NULL,
      added_at      timestamptz NOT NULL,
      updated_at    timestamptz NOT NULL,
      version       bigint NOT NULL
    );
    -- The help list: on-shelf documents of a role, by sort; the range is matched with the array's GIN operators.
    CREATE INDEX documents_help_idx ON documents (sort, name) WHERE on_shelf;
    CREATE INDEX documents_roles_idx ON documents USING gin (visible_roles);
    CREATE INDEX documents_file_idx ON documents (file_id) WHERE file_id IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE documents`.execute(db);
}
