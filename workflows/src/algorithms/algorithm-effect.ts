// Whether pre-annotation helps: what an annotator did with the model's objects (kept, edited, deleted, added, matched
// by IoU) and how long it took and how inspection judged it, for answered items against the control group.
import { boundsOf } from '../exports/formats/objects-at';
import { wilsonInterval, z95, type ConfidenceInterval } from '../quality/sampling/confidence';
import { shapeAt } from '../items/interpolation';
import type { ResultDocument } from '../items/result.schema';
import type { Detection } from './algorithm-call.events';

export interface ClassedBox {
  /** What must be the same for two objects to match: the tool that drew them. */
  className: string;
  /** [x, y, width, height] in pixels. */
  box: readonly [number, number, number, number];
}

export interface ObjectChanges {
  kept: number;
  edited: number;
  deleted: number;
  added: number;
}

/** A result's objects as boxes on its first frame, by tool. */
export function boxesOfResult(result: ResultDocument): ClassedBox[] {
  return result.objects.flatMap((object) => {
    const shape = shapeAt(object, 0);
    return shape ? [{ className: object.toolId, box: boundsOf(shape) }] : [];
  });
}

/** What a model answered as boxes by tool; an object of no tool was never written, so it is not one. */
export const boxesOfDetections = (detections: readonly Detection[]): ClassedBox[] => detections.flatMap((d) => (d.toolId ? [{ className: d.toolId, box: d.box }] : []));

/** Overlap over union of two boxes, 0 when either is empty. */
export function iou(a: ClassedBox['box'], b: ClassedBox['box']): number {
  const width = Math.min(a[0] + a[2], b[0] + b[2]) - Math.max(a[0], b[0]);
  const height = Math.min(a[1] + a[3], b[1] + b[3]) - Math.max(a[1], b[1]);
  if (width <= 0 || height <= 0) return 0;
  const overlap = width * height;
  const union = a[2] * a[3] + b[2] * b[3] - overlap;
  return union > 0 ? overlap / union : 0;
}

/** A model object the annotator moved less than this is kept as it was. */
export const keptIou = 0.95;
/** Below this the annotator's object is a different one: the model's was deleted and this one added. */
export const matchedIou = 0.5;

/** Pairs the model's objects with the submitted ones of the same class, best overlap first. */
export function compareObjects(model: readonly ClassedBox[], submitted: readonly ClassedBox[]): ObjectChanges {
  const pairs: { i: number; j: number; overlap: number }[] = [];
  model.forEach((m, i) =>
    submitted.forEach((s, j) => {
      const overlap = m.className === s.className ? iou(m.box, s.box) : 0;
      if (overlap >= matchedIou) pairs.push({ i, j, overlap });
    }),
  );
  pairs.sort((a, b) => b.overlap - a.overlap);
  const usedModel = new Set<number>();
  const usedSubmitted = new Set<number>();
  let kept = 0;
  let edited = 0;
  for (const { i, j, overlap } of pairs) {
    if (usedModel.has(i) || usedSubmitted.has(j)) continue;
    usedModel.add(i);
    usedSubmitted.add(j);
    if (overlap >= keptIou) kept++;
    else edited++;
  }
  return { kept, edited, deleted: model.length - usedModel.size, added: submitted.length - usedSubmitted.size };
}

export interface EffectRow extends ObjectChanges {
  /** Claim to first submission. */
  annotationMs: number;
  /** The first inspection's verdict, or null before one. */
  passed: boolean | null;
}

export interface MeanInterval extends ConfidenceInterval {
  mean: number | null;
}

/**
 * The mean with its 95% interval (normal approximation, sample standard deviation), none below two values; `lowest`
 * bounds it below for a measure that cannot be less (a count, a time).
 */
export function meanInterval(values: readonly number[], lowest = -Infinity): MeanInterval {
  const n = values.length;
  if (n === 0) return { mean: null, low: 0, high: 0 };
  const mean = values.reduce((s, v) => s + v, 0) / n;
  if (n < 2) return { mean, low: mean, high: mean };
  const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1);
  const half = (z95 * Math.sqrt(variance)) / Math.sqrt(n);
  return { mean, low: Math.max(lowest, mean - half), high: mean + half };
}

export interface GroupEffect {
  /** Items annotated and submitted. */
  items: number;
  kept: MeanInterval;
  edited: MeanInterval;
  deleted: MeanInterval;
  added: MeanInterval;
  annotationSeconds: MeanInterval;
  inspected: number;
  passRate: (ConfidenceInterval & { rate: number | null });
}

export function groupEffect(rows: readonly EffectRow[]): GroupEffect {
  // Counts and times are never negative, and neither is their interval.
  const of = (pick: (r: EffectRow) => number) => meanInterval(rows.map(pick), 0);
  const judged = rows.filter((r) => r.passed !== null);
  const passed = judged.filter((r) => r.passed).length;
  return {
    items: rows.length,
    kept: of((r) => r.kept),
    edited: of((r) => r.edited),
    deleted: of((r) => r.deleted),
    added: of((r) => r.added),
    annotationSeconds: of((r) => r.annotationMs / 1000),
    inspected: judged.length,
    passRate: { rate: judged.length > 0 ? passed / judged.length : null, ...wilsonInterval(passed, judged.length) },
  };
}

export interface VersionedEffectRow extends EffectRow {
  versionId: string;
  version: string;
  group: 'answered' | 'control';
}

/** Each version's answered items against its calls' control group, newest version first as the rows name them. */
export function versionEffects(rows: readonly VersionedEffectRow[]): { versionId: string; version: string; answered: GroupEffect; control: GroupEffect }[] {
  const versions = new Map<string, string>();
  for (const row of rows) versions.set(row.versionId, row.version);
  return [...versions].map(([versionId, version]) => ({
    versionId,
    version,
    answered: groupEffect(rows.filter((r) => r.versionId === versionId && r.group === 'answered')),
    control: groupEffect(rows.filter((r) => r.versionId === versionId && r.group === 'control')),
  }));
}
