// `npm run migrate`: brings the database to the current schema and says what it applied.
import { createDatabase, migrateToLatest } from '@annot/core';
import { resolvePostgres } from './local-services';

export async function migrate(databaseUrl: string, print: (line: string) => void): Promise<void> {
  const db = createDatabase(databaseUrl, { max: 1 });
  try {
    const { results } = await migrateToLatest(db);
    const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    print(applied.length ? `applied migrations: ${applied.join(', ')}` : 'schema is up to date');
  } finally {
    await db.destroy();
  }
}

if (require.main === module) {
  resolvePostgres({ database: process.env.DATABASE_NAME ?? 'annot' })
    .then(async (postgres) => {
      await migrate(postgres.url, (line) => console.log(line));
      await postgres.stop();
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    });
}
