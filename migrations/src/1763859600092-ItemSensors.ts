// The sensors of point-cloud items: each camera's calibration and images per frame, and the frames' ego poses,
// beside the frames of the item (whose files are then its normalized clouds).
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE item_frames ADD COLUMN sensors jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE item_frames DROP COLUMN sensors`.execute(db);
}
