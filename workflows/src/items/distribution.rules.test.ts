import { describe, expect, it } from 'vitest';
import { distributeLinkPool, linkDistributionInput, planShares, runLength, runsOf, splitTeamShare, teamSplitInput } from './distribution.rules';

const teamA = '00000000-0000-4000-8000-00000000000a';
const teamB = '00000000-0000-4000-8000-00000000000b';
const teamC = '00000000-0000-4000-8000-00000000000c';
const night = '00000000-0000-4000-8000-0000000000e1';
const day = '00000000-0000-4000-8000-0000000000e2';
const theirs = '00000000-0000-4000-8000-0000000000e3';
const project = {
  links: [
    {
      id: 'draw',
      type: 'annotation' as const,
      name: 'draw',
      members: { teamIds: [teamA, teamB], taggerIds: [] },
      groups: [
        { groupId: night, teamId: teamA, name: 'night', taggerIds: ['ann'] },
        { groupId: day, teamId: teamA, name: 'day', taggerIds: ['bob'] },
        { groupId: theirs, teamId: teamB, name: 'theirs', taggerIds: ['dora'] },
      ],
    },
  ],
};

describe(planShares.name, () => {
  const pool = { open: 60, shares: { a: 30, b: 10 } };
  it('given a pool, when a share grows, then it gains the difference from the open pool', () => {
    expect(planShares({ by: 'count', shares: [{ holderId: 'a', value: 50 }] }, pool, ['a', 'b'], 'nope')).toEqual({ changes: [{ holderId: 'a', target: 50, give: 20, take: 0 }] });
  });
  it('given a pool, when a share shrinks, then it gives the difference back; an unchanged share is left alone', () => {
    expect(planShares({ by: 'count', shares: [{ holderId: 'a', value: 5 }, { holderId: 'b', value: 10 }] }, pool, ['a', 'b'], 'nope')).toEqual({
      changes: [{ holderId: 'a', target: 5, give: 0, take: 25 }],
    });
  });
  it('given shares in percent, then each is a part of the whole pool, rounded down', () => {
    expect(planShares({ by: 'share', shares: [{ holderId: 'a', value: 33 }, { holderId: 'b', value: 50 }] }, pool, ['a', 'b'], 'nope')).toEqual({
      changes: [
        { holderId: 'a', target: 33, give: 3, take: 0 },
        { holderId: 'b', target: 50, give: 40, take: 0 },
      ],
    });
  });
  it('refuses counts beyond what the pool holds, counting the shares left as they are', () => {
    expect(planShares({ by: 'count', shares: [{ holderId: 'a', value: 91 }] }, pool, ['a', 'b'], 'nope')).toEqual({
      refusal: { messageKey: 'distribution.over_pool', params: { available: 90, wanted: 91 } },
    });
  });
  it('refuses shares over 100% together', () => {
    expect(planShares({ by: 'share', shares: [{ holderId: 'a', value: 60 }, { holderId: 'b', value: 41 }] }, pool, ['a', 'b'], 'nope')).toEqual({
      refusal: { messageKey: 'distribution.over_hundred', params: { total: 101 } },
    });
  });
  it('refuses a holder that may not hold a share, and one named twice', () => {
    expect(planShares({ by: 'count', shares: [{ holderId: 'c', value: 1 }] }, pool, ['a', 'b'], 'nope')).toEqual({ refusal: { messageKey: 'nope', params: { id: 'c' } } });
    expect(planShares({ by: 'count', shares: [{ holderId: 'a', value: 1 }, { holderId: 'a', value: 2 }] }, pool, ['a', 'b'], 'nope')).toMatchObject({
      refusal: { messageKey: 'distribution.repeated' },
    });
  });
});

describe(distributeLinkPool.name, () => {
  it('given teams on the link, when the PM gives one of them items, then its share grows', () => {
    expect(distributeLinkPool(project, 'draw', { by: 'count', teams: [{ teamId: teamA, value: 5 }] }, { open: 20, shares: {} })).toEqual({
      changes: [{ holderId: teamA, target: 5, give: 5, take: 0 }],
    });
  });
  it('refuses a team that is not on the link, and a link the project does not have', () => {
    expect(distributeLinkPool(project, 'draw', { by: 'count', teams: [{ teamId: teamC, value: 1 }] }, { open: 20, shares: {} })).toMatchObject({
      refusal: { messageKey: 'distribution.team_not_on_link' },
    });
    expect(distributeLinkPool(project, 'check', { by: 'count', teams: [{ teamId: teamA, value: 1 }] }, { open: 20, shares: {} })).toMatchObject({
      refusal: { messageKey: 'distribution.link_unknown' },
    });
  });
});

describe(splitTeamShare.name, () => {
  it("given a team's share, when its supplier splits it by percent, then each group's part is of the team's share", () => {
    expect(splitTeamShare(project, 'draw', teamA, { by: 'share', groups: [{ groupId: night, value: 50 }, { groupId: day, value: 25 }] }, { open: 10, shares: {} })).toEqual({
      changes: [
        { holderId: night, target: 5, give: 5, take: 0 },
        { holderId: day, target: 2, give: 2, take: 0 },
      ],
    });
  });
  it("refuses another team's group, more than the team's share, and a team not on the link", () => {
    expect(splitTeamShare(project, 'draw', teamA, { by: 'count', groups: [{ groupId: theirs, value: 1 }] }, { open: 10, shares: {} })).toMatchObject({
      refusal: { messageKey: 'distribution.group_not_of_team' },
    });
    expect(splitTeamShare(project, 'draw', teamA, { by: 'count', groups: [{ groupId: night, value: 11 }] }, { open: 10, shares: {} })).toMatchObject({
      refusal: { messageKey: 'distribution.over_pool' },
    });
    expect(splitTeamShare(project, 'draw', teamC, { by: 'count', groups: [{ groupId: night, value: 1 }] }, { open: 10, shares: {} })).toMatchObject({
      refusal: { messageKey: 'distribution.team_not_on_link' },
    });
  });
});

describe('distribution inputs', () => {
  it('takes whole counts and percents up to 100', () => {
    expect(linkDistributionInput.safeParse({ by: 'count', teams: [{ teamId: teamA, value: 2.5 }] }).success).toBe(false);
    expect(linkDistributionInput.safeParse({ by: 'share', teams: [{ teamId: teamA, value: 12.5 }] }).success).toBe(true);
    expect(teamSplitInput.safeParse({ by: 'share', groups: [{ groupId: night, value: 101 }] }).success).toBe(false);
    expect(teamSplitInput.safeParse({ by: 'share', groups: [{ groupId: night, value: 60 }, { groupId: day, value: 41 }] }).success).toBe(false);
  });
});

describe(runsOf.name, () => {
  it('names places as the fewest runs per batch, whatever order they come in', () => {
    const places = [3, 1, 2, 7, 8].map((seq) => ({ batchId: 'b1', seq })).concat([{ batchId: 'a0', seq: 5 }]);
    const runs = runsOf(places);
    expect(runs).toEqual([
      { batchId: 'a0', from: 5, to: 5 },
      { batchId: 'b1', from: 1, to: 3 },
      { batchId: 'b1', from: 7, to: 8 },
    ]);
    expect(runLength(runs)).toBe(6);
  });
});
