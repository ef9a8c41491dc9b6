// How sure a sampled pass rate is: its Wilson interval, and the sample size that reaches a chosen margin.

/** The normal quantile of a two-sided 95% interval. */
export const z95 = 1.959963984540054;

export interface ConfidenceInterval {
  low: number;
  high: number;
}

/**
 * The Wilson score interval of `passed` of `judged`: unlike the textbook p ± z·SE, it stays inside 0..1 and is
 * honest for small samples and rates near 0 or 1, which is where sampling inspection lives.
 */
export function wilsonInterval(passed: number, judged: number, z = z95): ConfidenceInterval {
  if (judged === 0) return { low: 0, high: 1 };
  const p = passed / judged;
  const z2 = z * z;
  const scale = 1 + z2 / judged;
  const centre = (p + z2 / (2 * judged)) / scale;
  const half = (z / scale) * Math.sqrt((p * (1 - p)) / judged + z2 / (4 * judged * judged));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * The sample size whose 95% interval is ± `margin` (a fraction, 0.05 for five points) around `expectedPassRate`,
 * with the finite-population correction for `screeningCount` items; 0.5 assumes the worst case.
 */
export function sampleSizeFor(screeningCount: number, margin: number, expectedPassRate = 0.5, z = z95): number {
  if (!(margin > 0 && margin < 1)) throw new RangeError(`A margin is between 0 and 1, not ${margin}`);
  if (screeningCount <= 0) return 0;
  const infinite = (z * z * expectedPassRate * (1 - expectedPassRate)) / (margin * margin);
  const corrected = infinite / (1 + (infinite - 1) / screeningCount);
  return Math.min(screeningCount, Math.max(1, Math.ceil(corrected)));
}
