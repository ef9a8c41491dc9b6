import { describe, expect, it } from 'vitest';
import { distributionViews } from './distribution.views';

const link = {
  id: 'draw',
  name: 'Draw',
  type: 'annotation' as const,
  members: { teamIds: ['a', 'b'], taggerIds: [] },
  groups: [{ groupId: 'night', teamId: 'a', name: 'Night', taggerIds: ['ann'] }],
};
const counts = [
  { linkId: 'draw', teamId: null, groupId: null, status: 'waiting' as const, count: 7 },
  { linkId: 'draw', teamId: 'a', groupId: null, status: 'waiting' as const, count: 2 },
  { linkId: 'draw', teamId: 'a', groupId: 'night', status: 'waiting' as const, count: 3 },
  { linkId: 'draw', teamId: 'a', groupId: 'night', status: 'claimed' as const, count: 1 },
  { linkId: 'draw', teamId: 'b', groupId: null, status: 'claimed' as const, count: 4 },
];
const done = [{ linkId: 'draw', teamId: 'a', groupId: 'night', done: 5 }];

describe(distributionViews.name, () => {
  it("shows the PM the open pool and every team's share with its groups' parts and progress", () => {
    const [view] = distributionViews([link], counts, done, { a: 'Alpha' }, { kind: 'everything' });
    expect(view.open).toEqual({ waiting: 7, claimed: 0 });
    expect(view.teams.map((t) => [t.name, t.assigned, t.waiting, t.claimed, t.done])).toEqual([
      ['Alpha', 11, 5, 1, 5],
      ['b', 4, 0, 4, 0],
    ]);
    expect(view.teams[0].own).toEqual({ assigned: 2, waiting: 2, claimed: 0, done: 0 });
    expect(view.teams[0].groups).toEqual([{ groupId: 'night', name: 'Night', assigned: 9, waiting: 3, claimed: 1, done: 5 }]);
  });
  it('shows a supplier only its own team, without the open pool, and no link its team is not on', () => {
    const views = distributionViews([link, { ...link, id: 'check', members: { teamIds: ['b'], taggerIds: [] } }], counts, done, {}, { kind: 'team', teamId: 'a', taggerIds: [] });
    expect(views).toHaveLength(1);
    expect(views[0].open).toBeNull();
    expect(views[0].teams.map((t) => t.teamId)).toEqual(['a']);
  });
});
