// The frames of sequence and video items: a count on every item (a picture is a sequence of one frame) and, for
// items of several frames, one row of columns (names, sizes, times) rather than a row per frame, so a 70,000-frame
// video is one row that reads whole in one go.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE data_items ADD COLUMN frame_count integer NOT NULL DEFAULT 1;

    CREATE TABLE item_frames (
      item_id      uuid PRIMARY KEY,
      -- Each frame's path is this followed by its file name.
      path_prefix  text NOT NULL,
      frame_count  integer NOT NULL,
      -- Names in frame order; empty where the frames carry the names video extraction gives them (000000.jpg, ...).
      file_names   text[] NOT NULL,
      -- One value per frame, or a single value every frame shares.
      widths       integer[] NOT NULL,
      heights      integer[] NOT NULL,
      -- Seconds per frame; empty where the import was given no times.
      timestamps   double precision[] NOT NULL,
      frame_rate   double precision
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE item_frames; ALTER TABLE data_items DROP COLUMN frame_count`.execute(db);
}
