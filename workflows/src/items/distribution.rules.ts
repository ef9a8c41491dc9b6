// Distribution of a link's pool: the PM shares the waiting items among the teams on the link, a supplier shares its
// team's part among its groups; by count or by share (percent). Pure: the caller counts the pool, these rules say
// how many items each share gains or gives back, and which refusals apply.
import { z } from 'zod';
import type { ProjectState } from '../projects/project.evolve';
import { type Refusal, refuse } from './item.decide';

export const distributionModes = ['count', 'share'] as const;
export type DistributionMode = (typeof distributionModes)[number];

const shareValue = z.number({ error: 'distribution.value' }).min(0, 'distribution.value');

/** A count is a whole number of items; shares are percents, at most 100 together. */
function checkValues(by: DistributionMode, rows: { value: number }[], field: string, ctx: z.RefinementCtx): void {
  rows.forEach((row, i) => {
    if (by === 'count' && !Number.isInteger(row.value)) ctx.addIssue({ code: 'custom', message: 'distribution.value', path: [field, i, 'value'] });
    if (by === 'share' && row.value > 100) ctx.addIssue({ code: 'custom', message: 'distribution.over_hundred', path: [field, i, 'value'] });
  });
  if (by === 'share' && rows.reduce((sum, row) => sum + row.value, 0) > 100) ctx.addIssue({ code: 'custom', message: 'distribution.over_hundred', path: [field] });
}

/** The PM's distribution of a link's pool; teams left out keep their share. */
export const linkDistributionInput = z
  .object({ by: z.enum(distributionModes), teams: z.array(z.object({ teamId: z.uuid(), value: shareValue }).strict()).min(1).max(200) })
  .strict()
  .superRefine((input, ctx) => checkValues(input.by, input.teams, 'teams', ctx));
/** A supplier's split of its team's share among its groups on the link; groups left out keep theirs. */
export const teamSplitInput = z
  .object({ by: z.enum(distributionModes), groups: z.array(z.object({ groupId: z.uuid(), value: shareValue }).strict()).min(1).max(200) })
  .strict()
  .superRefine((input, ctx) => checkValues(input.by, input.groups, 'groups', ctx));
export type LinkDistributionInput = z.infer<typeof linkDistributionInput>;
export type TeamSplitInput = z.infer<typeof teamSplitInput>;

/** The waiting items of a pool: those nobody holds yet (`open`), and each holder's share. */
export interface PoolCounts {
  open: number;
  shares: Record<string, number>;
}

/** How one holder's share changes: its new size, and how many items it gains from the pool or gives back. */
export interface ShareChange {
  holderId: string;
  target: number;
  give: number;
  take: number;
}

export type ShareDecision = { changes: ShareChange[] } | { refusal: Refusal };

interface ShareRequest {
  by: DistributionMode;
  shares: { holderId: string; value: number }[];
}

/**
 * The new size of each named share. A share in percent is of the whole pool (open and shared); the shares, with
 * those left as they are, must fit in the pool and together stay within 100%.
 */
export function planShares(request: ShareRequest, pool: PoolCounts, holders: readonly string[], notHolderKey: string): ShareDecision {
  const named = new Set<string>();
  for (const { holderId } of request.shares) {
    if (!holders.includes(holderId)) return refuse(notHolderKey, { id: holderId });
    if (named.has(holderId)) return refuse('distribution.repeated', { id: holderId });
    named.add(holderId);
  }
  const current = (id: string) => pool.shares[id] ?? 0;
  const total = pool.open + Object.values(pool.shares).reduce((sum, n) => sum + n, 0);
  if (request.by === 'share') {
    const percent = request.shares.reduce((sum, s) => sum + s.value, 0);
    if (percent > 100) return refuse('distribution.over_hundred', { total: percent });
  }
  const kept = Object.keys(pool.shares)
    .filter((id) => !named.has(id))
    .reduce((sum, id) => sum + current(id), 0);
  const targets = request.shares.map((s) => ({ holderId: s.holderId, target: request.by === 'count' ? s.value : Math.floor((total * s.value) / 100) }));
  const wanted = targets.reduce((sum, t) => sum + t.target, 0);
  if (wanted + kept > total) return refuse('distribution.over_pool', { available: total - kept, wanted });
  return {
    changes: targets
      .filter((t) => t.target !== current(t.holderId))
      .map((t) => ({ ...t, give: Math.max(0, t.target - current(t.holderId)), take: Math.max(0, current(t.holderId) - t.target) })),
  };
}

function linkOf(project: Pick<ProjectState, 'links'>, linkId: string) {
  return project.links?.find((l) => l.id === linkId) ?? null;
}

/** The PM shares a link's pool among the teams on the link; `pool.shares` is by team. */
export function distributeLinkPool(project: Pick<ProjectState, 'links'>, linkId: string, input: LinkDistributionInput, pool: PoolCounts): ShareDecision {
  const link = linkOf(project, linkId);
  if (!link) return refuse('distribution.link_unknown', { id: linkId });
  const shares = input.teams.map((t) => ({ holderId: t.teamId, value: t.value }));
  return planShares({ by: input.by, shares }, pool, link.members.teamIds, 'distribution.team_not_on_link');
}

/** A supplier shares its team's part of a link's pool among its groups there; `pool.open` is the team's ungrouped part. */
export function splitTeamShare(project: Pick<ProjectState, 'links'>, linkId: string, teamId: string, input: TeamSplitInput, pool: PoolCounts): ShareDecision {
  const link = linkOf(project, linkId);
  if (!link) return refuse('distribution.link_unknown', { id: linkId });
  if (!link.members.teamIds.includes(teamId)) return refuse('distribution.team_not_on_link', { id: teamId });
  const groups = link.groups.filter((g) => g.teamId === teamId).map((g) => g.groupId);
  const shares = input.groups.map((g) => ({ holderId: g.groupId, value: g.value }));
  return planShares({ by: input.by, shares }, pool, groups, 'distribution.group_not_of_team');
}

/** Items of a pool by their batch and place: an item's id derives from both. */
export interface ItemPlace {
  batchId: string;
  seq: number;
}

/** Consecutive places of one batch, both ends included: how a share's items travel in an event, however many. */
export interface ItemRun {
  batchId: string;
  from: number;
  to: number;
}

/** The places as the fewest runs, by batch and place. */
export function runsOf(places: readonly ItemPlace[]): ItemRun[] {
  const sorted = [...places].sort((a, b) => (a.batchId === b.batchId ? a.seq - b.seq : a.batchId < b.batchId ? -1 : 1));
  const runs: ItemRun[] = [];
  for (const { batchId, seq } of sorted) {
    const last = runs[runs.length - 1];
    if (last && last.batchId === batchId && last.to + 1 === seq) last.to = seq;
    else runs.push({ batchId, from: seq, to: seq });
  }
  return runs;
}

export const runLength = (runs: readonly ItemRun[]): number => runs.reduce((n, r) => n + r.to - r.from + 1, 0);
