// What the statistics routes answer: one project's figures (whole, a tagger's own, or a supplier's team) and the
// dashboard's ongoing projects. Rates and costs are derived here from summed counters, the same way everywhere.
import { costOf, perHour, rateOf } from './statistics.buckets';
import type { StatisticsRange } from './statistics.schemas';
import { emptyCounts, type WorkCounts } from './statistics.tally';

export interface WorkFigures extends WorkCounts {
  /** Share of the judged work that passed (0 to 1), null when nothing was judged. */
  passRate: number | null;
  /** Mean claim-to-submit time of a submitted item, in milliseconds. */
  msPerItem: number | null;
  objectsPerHour: number | null;
}

export interface CostedFigures extends WorkFigures {
  /** RMB: the project's unit price times the valid items finished; only where money is shown (see `moneyShownIn`). */
  cost?: number;
}

export interface PersonFigures extends CostedFigures {
  personId: string;
  name: string;
  teamId: string | null;
  teamName: string | null;
  linkId: string;
  linkName: string;
  linkType: 'annotation' | 'inspection' | null;
}

export interface TeamFigures extends CostedFigures {
  teamId: string;
  teamName: string;
  linkId: string;
  linkName: string;
  linkType: 'annotation' | 'inspection' | null;
}

export interface PeriodFigures extends WorkFigures {
  /** The period's first local date in the reader's zone (a week starts on Monday). */
  period: string;
}

export interface LinkProgress {
  linkId: string;
  name: string;
  type: 'annotation' | 'inspection';
  waiting: number;
  claimed: number;
  held: number;
  /** Items past this link: in a later link or finished. */
  done: number;
  total: number;
}

export interface BatchProgress {
  batchId: string;
  name: string;
  items: number;
  finished: number;
  links: { linkId: string; done: number }[];
}

export interface ClassFigures {
  className: string;
  objects: number;
}

export interface InspectionRate {
  linkId: string;
  linkName: string;
  passed: number;
  rejected: number;
  passRate: number | null;
}

export interface SamplingRate {
  taskId: string;
  round: number;
  judged: number;
  passed: number;
  passRate: number | null;
  closedAt: string;
}

export interface AcceptanceRate {
  batchId: string;
  sequence: number;
  items: number;
  passed: number;
  rejected: number;
  passRate: number | null;
  status: string;
}

export type StatisticsScope = 'project' | 'mine' | 'team';

/**
 * Unit price and cost are staff information, as on the project's detail: only the staff's project scope carries
 * them; a tagger's own figures and a supplier's team's have neither.
 */
export const moneyShownIn = (scope: StatisticsScope): boolean => scope === 'project';

export interface ProjectStatisticsView {
  scope: StatisticsScope;
  /** `unitPrice` only where money is shown. */
  project: { id: string; title: string; status: string; unitPrice?: number };
  range: StatisticsRange;
  totals: CostedFigures;
  series: PeriodFigures[];
  people: PersonFigures[];
  teams: TeamFigures[];
  classes: ClassFigures[];
  /** Pipeline progress, pools and quality gates: the whole project's, so only in the project scope. */
  links: LinkProgress[];
  batches: BatchProgress[];
  inspections: InspectionRate[];
  sampling: SamplingRate[];
  acceptance: AcceptanceRate[];
}

export interface DashboardProject {
  id: string;
  title: string;
  status: string;
  total: number;
  finished: number;
  progress: number | null;
  waiting: { linkId: string; name: string; waiting: number }[];
  today: WorkFigures;
}

export interface DashboardView {
  range: StatisticsRange;
  /** The reader's today in their zone, across the ongoing projects. */
  today: WorkFigures;
  projects: DashboardProject[];
  /** The quality trend: inspections and their pass rate per period. */
  series: PeriodFigures[];
}

/** Derives the rates of summed counters. `passRate` counts verdicts, given or received, whichever the row holds. */
export function figuresOf(counts: Partial<WorkCounts>): WorkFigures {
  const c = { ...emptyCounts(), ...counts };
  return {
    ...c,
    passRate: rateOf(c.passed, c.passed + c.rejected),
    msPerItem: c.timed > 0 ? c.workMs / c.timed : null,
    objectsPerHour: perHour(c.objects, c.workMs),
  };
}

/** Figures with their cost at a unit price; without a price (money not shown), the figures alone. */
export const costedFiguresOf = (counts: Partial<WorkCounts>, unitPrice: number | null): CostedFigures => {
  const figures = figuresOf(counts);
  return unitPrice === null ? figures : { ...figures, cost: costOf(unitPrice, figures.finishedValid) };
};

/** Adds counters, for totals over rows. */
export function sumCounts(rows: Partial<WorkCounts>[]): WorkCounts {
  const total = emptyCounts();
  for (const row of rows) for (const key of Object.keys(total) as (keyof WorkCounts)[]) total[key] += row[key] ?? 0;
  return total;
}

/**
 * Link progress from where the items are now: an item in link k has passed links 0..k-1, a finished one all of them.
 * `places` are counts by link (null: before any link) and place.
 */
export function linkProgress(
  links: { id: string; name: string; type: 'annotation' | 'inspection' }[],
  places: { linkId: string | null; place: string; items: number }[],
): LinkProgress[] {
  const total = places.reduce((sum, p) => sum + p.items, 0);
  const finished = places.filter((p) => p.place === 'finished').reduce((sum, p) => sum + p.items, 0);
  const at = (linkId: string, place: string) => places.filter((p) => p.linkId === linkId && p.place === place).reduce((sum, p) => sum + p.items, 0);
  return links.map((link, k) => {
    const later = links.slice(k + 1).reduce((sum, l) => sum + at(l.id, 'waiting') + at(l.id, 'claimed') + at(l.id, 'held'), 0);
    return { linkId: link.id, name: link.name, type: link.type, waiting: at(link.id, 'waiting'), claimed: at(link.id, 'claimed'), held: at(link.id, 'held'), done: later + finished, total };
  });
}
