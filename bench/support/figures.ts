// One measured figure beside its baseline, and the table that prints them with ratio, peak memory, target and verdict.
export interface Figure {
  name: string;
  ours: number;
  baselineName: string;
  baseline: number;
  /** The ratio ours/baseline must reach this, or ours must reach `absolute`; with neither it is for information. */
  targetRatio?: number;
  absolute?: number;
  /** The peak resident memory of the process that did our side's work, in MB; it must stay within `rssBudgetMb`. */
  peakRssMb?: number;
  rssBudgetMb?: number;
}

export function verdict(f: Figure): 'PASS' | 'BELOW' | '-' {
  const checks = [
    f.targetRatio !== undefined ? f.ours / f.baseline >= f.targetRatio : f.absolute !== undefined ? f.ours >= f.absolute : null,
    f.rssBudgetMb !== undefined && f.peakRssMb !== undefined ? f.peakRssMb <= f.rssBudgetMb : null,
  ].filter((check) => check !== null);
  if (checks.length === 0) return '-';
  return checks.every(Boolean) ? 'PASS' : 'BELOW';
}

const n = (value: number) => Math.round(value).toLocaleString('en-US');

const target = (f: Figure) =>
  [f.targetRatio !== undefined ? `>= ${Number(f.targetRatio.toFixed(2))}x` : f.absolute !== undefined ? `>= ${n(f.absolute)}/s` : '', f.rssBudgetMb !== undefined ? `RSS <= ${n(f.rssBudgetMb)}` : '']
    .filter(Boolean)
    .join(', ');

const columns: { title: string; width: number; right?: boolean; cell(f: Figure): string }[] = [
  { title: 'figure', width: 30, cell: (f) => f.name },
  { title: 'ours/s', width: 9, right: true, cell: (f) => n(f.ours) },
  { title: 'baseline', width: 28, cell: (f) => f.baselineName },
  { title: 'base/s', width: 9, right: true, cell: (f) => n(f.baseline) },
  { title: 'ratio', width: 6, right: true, cell: (f) => `${(f.ours / f.baseline).toFixed(2)}x` },
  { title: 'RSS MB', width: 6, right: true, cell: (f) => (f.peakRssMb === undefined ? '' : n(f.peakRssMb)) },
  { title: 'target', width: 19, cell: target },
  { title: 'verdict', width: 7, cell: verdict },
];

const line = (cells: string[]) => cells.map((c, i) => (columns[i].right ? c.padStart(columns[i].width) : c.padEnd(columns[i].width))).join('  ').trimEnd();

/** The header, a rule and one line per figure. */
export function formatTable(figures: Figure[]): string[] {
  const header = line(columns.map((c) => c.title));
  return [header, '-'.repeat(header.length), ...figures.map((f) => line(columns.map((c) => c.cell(f))))];
}
