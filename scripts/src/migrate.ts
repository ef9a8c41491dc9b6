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

async function main(): Promise<void> {
  const postgres = await resolvePostgres({ database: process.env.DATABASE_NAME ?? 'annot' });
  // An embedded server left running would keep this process from ending, failure or not.
  try {
    await migrate(postgres.url, (line) => console.log(line));
  } finally {
    await postgres.stop();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
