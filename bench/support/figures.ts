// One measured figure beside its baseline, and the table that prints them with ratio, target and verdict.
export interface Figure {
  name: string;
  ours: number;
  baselineName: string;
  baseline: number;
  /** The ratio ours/baseline must reach this, or ours must reach `absolute`; with neither it is for information. */
  targetRatio?: number;
  absolute?: number;
}

export function verdict(f: Figure): 'PASS' | 'BELOW' | '-' {
  if (f.targetRatio !== undefined) return f.ours / f.baseline >= f.targetRatio ? 'PASS' : 'BELOW';
  if (f.absolute !== undefined) return f.ours >= f.absolute ? 'PASS' : 'BELOW';
  return '-';
}

const n = (value: number) => Math.round(value).toLocaleString('en-US');

const target = (f: Figure) => (f.targetRatio !== undefined ? `>= ${Number(f.targetRatio.toFixed(2))}x` : f.absolute !== undefined ? `>= ${n(f.absolute)}/s` : '');

const columns: { title: string; width: number; right?: boolean; cell(f: Figure): string }[] = [
  { title: 'figure', width: 30, cell: (f) => f.name },
  { title: 'ours/s', width: 9, right: true, cell: (f) => n(f.ours) },
  { title: 'baseline', width: 28, cell: (f) => f.baselineName },
  { title: 'base/s', width: 9, right: true, cell: (f) => n(f.baseline) },
  { title: 'ratio', width: 6, right: true, cell: (f) => `${(f.ours / f.baseline).toFixed(2)}x` },
  { title: 'target', width: 13, cell: target },
  { title: 'verdict', width: 7, cell: verdict },
];

const line = (cells: string[]) => cells.map((c, i) => (columns[i].right ? c.padStart(columns[i].width) : c.padEnd(columns[i].width))).join('  ').trimEnd();

/** The header, a rule and one line per figure. */
export function formatTable(figures: Figure[]): string[] {
  const header = line(columns.map((c) => c.title));
  return [header, '-'.repeat(header.length), ...figures.map((f) => line(columns.map((c) => c.cell(f))))];
}
