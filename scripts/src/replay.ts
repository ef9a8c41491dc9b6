// `npm run replay -- --verify`: checks that every projection and the audit ledger follow from the event log.
import { replayCommand } from './replay-command';
import { resolvePostgres } from './local-services';

async function main(): Promise<void> {
  const postgres = await resolvePostgres({ database: process.env.DATABASE_NAME ?? 'annot' });
  try {
    process.exitCode = await replayCommand(process.argv.slice(2), postgres.url, (line) => console.log(line));
  } finally {
    await postgres.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
