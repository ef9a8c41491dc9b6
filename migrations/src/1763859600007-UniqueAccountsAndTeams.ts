// One account per sign-in name and role, and one team per name, even when two requests race.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE UNIQUE INDEX accounts_login_role_idx ON accounts (lower(account), role);
    CREATE UNIQUE INDEX teams_name_idx ON teams (lower(name));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX teams_name_idx; DROP INDEX accounts_login_role_idx`.execute(db);
}
