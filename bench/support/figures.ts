// Prints a figure beside its baseline: the ratio, the target and whether the target is met.
export interface Figure {
  name: string;
  unit: string;
  ours: number;
  baselineName: string;
  baseline: number;
  /** The ratio ours/baseline must reach this, or ours must reach `absolute`. */
  targetRatio?: number;
  absolute?: number;
}

export function verdict(f: Figure): 'PASS' | 'BELOW' | '—' {
  if (f.targetRatio !== undefined) return f.ours / f.baseline >= f.targetRatio ? 'PASS' : 'BELOW';
  if (f.absolute !== undefined) return f.ours >= f.absolute ? 'PASS' : 'BELOW';
  return '—';
}

const n = (value: number) => Math.round(value).toLocaleString('en-US');

export function formatFigure(f: Figure): string {
  const target = f.targetRatio !== undefined ? `>= ${f.targetRatio}x` : f.absolute !== undefined ? `>= ${n(f.absolute)} ${f.unit}` : '';
  return `${f.name.padEnd(34)} ${n(f.ours).padStart(10)} ${f.unit}  vs ${f.baselineName.padEnd(26)} ${n(f.baseline).padStart(10)}  ratio ${(f.ours / f.baseline).toFixed(2)}x  target ${target.padEnd(18)} ${verdict(f)}`;
}
