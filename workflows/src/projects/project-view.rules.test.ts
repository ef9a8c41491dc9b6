import { describe, expect, it } from 'vitest';
import { Role } from '../identity/roles';
import { linkMembersFor, projectDetailFor, projectScopeOf, worksOnLink } from './project-view.rules';
import type { LinkMembersView, ProjectDetail } from './projects.views';

const ours = 'team-ours';
const theirs = 'team-theirs';
const supplier = projectScopeOf({ role: Role.Supplier, id: 'supplier', teamId: ours, teamTaggerIds: ['ann', 'bob'] });
const ann = projectScopeOf({ role: Role.Tagger, id: 'ann', teamId: ours });
const carl = projectScopeOf({ role: Role.Tagger, id: 'carl', teamId: null });

const link = (id: string, teamIds: string[], taggerIds: string[], groups: { groupId: string; teamId: string; taggerIds: string[] }[] = []) => ({
  id,
  type: 'annotation' as const,
  name: id,
  tasks: 0,
  members: { teamIds, taggerIds },
  groups: groups.map((g) => ({ ...g, name: g.groupId })),
});

const detail = {
  id: 'p',
  title: 'Lanes',
  basics: { title: 'Lanes', unitPrice: 0.5, storageAddress: 's3://lanes', algorithmConfig: { calls: [{ algorithmId: '00000000-0000-4000-8000-00000000a1a1', versionId: null, linkId: null, scoreThreshold: 0.5 }], controlGroupRatio: 10 }, linkedProjectId: 'q', reworkMaxCount: 2 },
  links: [
    link('draw', [ours, theirs], ['carl', 'bob'], [
      { groupId: 'night', teamId: ours, taggerIds: ['ann'] },
      { groupId: 'day', teamId: theirs, taggerIds: ['dora'] },
    ]),
    link('check', [theirs], ['carl']),
  ],
} as unknown as ProjectDetail;

describe(projectScopeOf.name, () => {
  it('gives admins and both PM roles everything, and a client or an unknown role no one', () => {
    for (const role of [Role.Admin, Role.Pm, Role.SeniorPm]) expect(projectScopeOf({ role, id: 'x', teamId: null })).toEqual({ kind: 'everything' });
    expect(projectScopeOf({ role: Role.Client, id: 'x', teamId: null })).toEqual({ kind: 'acceptance' });
    expect(projectScopeOf({ role: '99', id: 'x', teamId: null })).toEqual({ kind: 'acceptance' });
  });
});

describe(projectDetailFor.name, () => {
  it('shows the staff the whole project', () => {
    expect(projectDetailFor(detail, { kind: 'everything' })).toBe(detail);
  });

  it('shows a supplier the links its team is on, with only its team, its taggers and its groups, and no price', () => {
    const seen = projectDetailFor(detail, supplier);
    expect(seen.links.map((l) => l.id)).toEqual(['draw']);
    expect(seen.links[0].members).toEqual({ teamIds: [ours], taggerIds: ['bob'] });
    expect(seen.links[0].groups.map((g) => g.groupId)).toEqual(['night']);
    expect(seen.basics).toEqual({ title: 'Lanes', reworkMaxCount: 2 });
  });

  it('shows a tagger the links it is on, directly or through a group, with nobody but itself', () => {
    const grouped = projectDetailFor(detail, ann);
    expect(grouped.links.map((l) => [l.id, l.members, l.groups])).toEqual([['draw', { teamIds: [], taggerIds: [] }, [{ groupId: 'night', name: 'night', teamId: ours, taggerIds: ['ann'] }]]]);
    const direct = projectDetailFor(detail, carl);
    expect(direct.links.map((l) => [l.id, l.members.taggerIds, l.groups])).toEqual([
      ['draw', ['carl'], []],
      ['check', ['carl'], []],
    ]);
    expect(direct.basics).not.toHaveProperty('unitPrice');
  });

  it('shows a client no link and no price', () => {
    const seen = projectDetailFor(detail, { kind: 'acceptance' });
    expect(seen.links).toEqual([]);
    expect(seen.basics).not.toHaveProperty('unitPrice');
  });

  it('shows a supplier without a team no link', () => {
    expect(projectDetailFor(detail, { kind: 'team', teamId: null, taggerIds: [] }).links).toEqual([]);
  });
});

describe(linkMembersFor.name, () => {
  const person = (id: string) => ({ id, name: id.toUpperCase(), account: `${id}@example.com` });
  const views: LinkMembersView[] = [
    {
      linkId: 'draw',
      linkName: 'Draw',
      linkType: 'annotation',
      teams: [{ id: ours, name: 'Ours' }, { id: theirs, name: 'Theirs' }],
      taggers: [person('carl'), person('bob')],
      groups: [
        { groupId: 'night', name: 'Night', teamId: ours, taggers: [person('ann')] },
        { groupId: 'day', name: 'Day', teamId: theirs, taggers: [person('dora')] },
      ],
    },
    { linkId: 'check', linkName: 'Check', linkType: 'inspection', teams: [{ id: theirs, name: 'Theirs' }], taggers: [person('carl')], groups: [] },
  ];

  it('gives a supplier its own people on its team\'s links', () => {
    expect(linkMembersFor(views, supplier)).toEqual([
      { linkId: 'draw', linkName: 'Draw', linkType: 'annotation', teams: [{ id: ours, name: 'Ours' }], taggers: [person('bob')], groups: [views[0].groups[0]] },
    ]);
  });

  it('gives a tagger only itself, on the links it is on', () => {
    expect(linkMembersFor(views, ann)).toEqual([{ linkId: 'draw', linkName: 'Draw', linkType: 'annotation', teams: [], taggers: [], groups: [views[0].groups[0]] }]);
    expect(linkMembersFor(views, carl).map((v) => [v.linkId, v.taggers, v.groups])).toEqual([
      ['draw', [person('carl')], []],
      ['check', [person('carl')], []],
    ]);
  });
});

describe(worksOnLink.name, () => {
  it('says whether the viewer is on a link, as the batch reads ask', () => {
    const check = { teamIds: [theirs], taggerIds: ['carl'], groups: [] };
    expect(worksOnLink(supplier, check)).toBe(false);
    expect(worksOnLink(carl, check)).toBe(true);
    expect(worksOnLink({ kind: 'everything' }, check)).toBe(true);
  });
});
