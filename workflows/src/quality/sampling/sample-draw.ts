// A reproducible, stratified random draw of sample items: the same items, seed and size always give the same sample.

/** mulberry32: a 32-bit seeded generator, small enough to read and the same in every JavaScript engine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface Stratum {
  annotatorId: string;
  inScope: number;
  sampled: number;
}

export interface SampleDraw<T> {
  /** In item id order. */
  sample: T[];
  /** In annotator id order. */
  strata: Stratum[];
}

// Code-point order, not localeCompare: the order must not depend on the machine's locale.
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * How many items each stratum gives: one each when the size allows, the rest by largest remainder of the exact
 * quotas (size × share), ties broken by `rank`. Quotas are compared multiplied by the total, in whole numbers.
 */
export function allocateSample(counts: readonly number[], size: number, rank: readonly number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  const everyone = size >= counts.length;
  const alloc = counts.map((n) => Math.floor((size * n) / total)).map((a) => (everyone ? Math.max(1, a) : a));
  const scaledSurplus = (i: number) => alloc[i] * total - size * counts[i];
  const best = (score: (i: number) => number, eligible: (i: number) => boolean) =>
    counts.map((_, i) => i).filter(eligible).sort((a, b) => score(b) - score(a) || rank[a] - rank[b])[0];
  let given = alloc.reduce((a, b) => a + b, 0);
  for (; given < size; given++) alloc[best((i) => -scaledSurplus(i), (i) => alloc[i] < counts[i])]++;
  // Only the minimum of one can overshoot: take back from the strata furthest above their quota.
  for (; given > size; given--) alloc[best(scaledSurplus, (i) => alloc[i] > 1)]--;
  return alloc;
}

/** Draws `size` of `items` (unique by id) at random from `seed`, stratified by annotator; their input order does not matter. */
export function drawSample<T extends { itemId: string; annotatorId: string }>(items: readonly T[], size: number, seed: number): SampleDraw<T> {
  if (!Number.isInteger(size) || size < 1 || size > items.length) throw new RangeError(`Cannot draw ${size} of ${items.length} items`);
  const random = seededRandom(seed);
  const groups = new Map<string, T[]>();
  for (const item of [...items].sort((a, b) => byText(a.itemId, b.itemId))) {
    groups.set(item.annotatorId, [...(groups.get(item.annotatorId) ?? []), item]);
  }
  const annotators = [...groups.keys()].sort(byText);
  const rank = shuffle(annotators.map((_, i) => i), random);
  const alloc = allocateSample(annotators.map((a) => groups.get(a)!.length), size, rank);
  const sample = annotators.flatMap((annotatorId, i) => shuffle(groups.get(annotatorId)!, random, alloc[i]));
  return {
    sample: sample.sort((a, b) => byText(a.itemId, b.itemId)),
    strata: annotators.map((annotatorId, i) => ({ annotatorId, inScope: groups.get(annotatorId)!.length, sampled: alloc[i] })),
  };
}

/** The first `take` places of a Fisher–Yates shuffle: a uniform random choice of that many, in drawn order. */
function shuffle<T>(values: readonly T[], random: () => number, take = values.length): T[] {
  const copy = [...values];
  for (let i = 0; i < take; i++) {
    const j = i + Math.floor(random() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, take);
}
