// Prints what a replay compared, table by table, and what it found wrong.
import type { ReplayReport } from '@annot/core';

export function formatReplayReport(report: ReplayReport): string[] {
  const lines = [`replayed ${report.events} events into fresh tables`];
  for (const t of report.tables) {
    const same = t.missingCount === 0 && t.extraCount === 0;
    lines.push(
      `${same ? 'same' : 'DIFFERENT'}  ${t.projection} -> ${t.table}: live ${t.liveRows} rows, rebuilt ${t.rebuiltRows} rows` +
        (same ? '' : `, ${t.missingCount} only live, ${t.extraCount} only rebuilt`),
    );
    for (const row of t.onlyLive) lines.push(`    only live:    ${JSON.stringify(row)}`);
    for (const row of t.onlyRebuilt) lines.push(`    only rebuilt: ${JSON.stringify(row)}`);
  }
  const { ledger } = report;
  lines.push(
    ledger.ok
      ? `intact     audit ledger hash chain: ${ledger.checked} events checked`
      : `BROKEN     audit ledger hash chain at seq ${ledger.firstBad?.seq}: event ${ledger.firstBad?.eventId} ` +
          `(global position ${ledger.firstBad?.globalPosition}) fails its ${ledger.firstBad?.reason} check after ${ledger.checked} good events`,
  );
  lines.push(report.ok ? 'replay verified: projections and ledger match the event log' : 'replay FAILED: see the differences above');
  return lines;
}
