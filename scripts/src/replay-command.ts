// `replay --verify`: catch the async projections up, rebuild everything from the first event, compare, re-check the chain.
import { catchUp, createDatabase, projectionCatalogue, verifyReplay } from '@annot/core';
import { formatReplayReport } from './replay-report';

export async function replayCommand(argv: string[], databaseUrl: string, print: (line: string) => void): Promise<number> {
  if (!argv.includes('--verify')) {
    print('usage: npm run replay -- --verify');
    print('  rebuilds every projection from the first event into fresh tables, compares them with the live ones,');
    print('  re-checks the audit ledger hash chain, and exits non-zero on any difference.');
    return 2;
  }
  const db = createDatabase(databaseUrl, { max: 2 });
  try {
    // A running worker may hold a projection's lease; then it is the one catching up, and the
    // comparison stops at the checkpoint it committed, so both sides still cover the same events.
    for (const projection of projectionCatalogue.filter((p) => p.mode === 'async')) await catchUp(db, projection);
    const report = await verifyReplay(db, projectionCatalogue, {});
    formatReplayReport(report).forEach((line) => print(line));
    return report.ok ? 0 : 1;
  } finally {
    await db.destroy();
  }
}
