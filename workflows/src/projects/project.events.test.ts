import { describe, expect, it } from 'vitest';
import { missingSteps, type ProjectEvent } from './project.events';
import { evolveProject, initialProjectState } from './project.evolve';
import type { ProjectBasics, ProjectRules } from './project.schemas';

const basics = { title: 'P', type: 'formal', annotationType: 'video', startDate: '2026-01-01', endDate: '2026-01-02' } as ProjectBasics;
const ref = { projectId: 'p1', title: 'P' };
const fold = (events: ProjectEvent[]) => events.reduce(evolveProject, initialProjectState);
const drafted: ProjectEvent = { type: 'ProjectDrafted', data: { ...ref, basics, clonedFrom: null } };
const links: ProjectEvent = {
  type: 'ProjectLinksSaved',
  data: { ...ref, links: [{ id: 'a', type: 'annotation', name: 'A' }, { id: 'i', type: 'inspection', name: 'I' }] },
};

describe(evolveProject.name, () => {
  it('starts a draft waiting for improvement', () => {
    expect(fold([drafted])).toMatchObject({ status: 'waiting_for_improvement', projectId: 'p1', basics });
  });

  it('keeps the members and groups of a link that keeps its id when the links are saved again', () => {
    const state = fold([
      drafted,
      links,
      { type: 'LinkMembersAssigned', data: { ...ref, linkId: 'a', teamIds: ['t'], taggerIds: ['x'] } },
      { type: 'LinkGroupSaved', data: { ...ref, linkId: 'a', groupId: 'g', teamId: 't', name: 'G', taggerIds: ['y'] } },
      { type: 'ProjectLinksSaved', data: { ...ref, links: [{ id: 'a', type: 'annotation', name: 'Renamed' }, { id: 'j', type: 'inspection', name: 'J' }] } },
    ]);
    expect(state.links).toEqual([
      { id: 'a', type: 'annotation', name: 'Renamed', members: { teamIds: ['t'], taggerIds: ['x'] }, groups: [{ groupId: 'g', teamId: 't', name: 'G', taggerIds: ['y'] }] },
      { id: 'j', type: 'inspection', name: 'J', members: { teamIds: [], taggerIds: [] }, groups: [] },
    ]);
  });

  it('drops the groups of a team the PM takes off a link, and keeps the others', () => {
    const state = fold([
      drafted,
      links,
      { type: 'LinkMembersAssigned', data: { ...ref, linkId: 'a', teamIds: ['t', 'u'], taggerIds: [] } },
      { type: 'LinkGroupSaved', data: { ...ref, linkId: 'a', groupId: 'g', teamId: 't', name: 'G', taggerIds: ['y'] } },
      { type: 'LinkGroupSaved', data: { ...ref, linkId: 'a', groupId: 'h', teamId: 'u', name: 'H', taggerIds: ['z'] } },
      { type: 'LinkMembersAssigned', data: { ...ref, linkId: 'a', teamIds: ['u'], taggerIds: [] } },
    ]);
    expect(state.links?.[0].groups.map((g) => g.groupId)).toEqual(['h']);
  });

  it('follows the lifecycle events', () => {
    expect(fold([drafted, { type: 'ProjectMarkedComplete', data: ref }, { type: 'ProjectPublished', data: ref }])).toMatchObject({ status: 'in_progress', published: true });
  });
});

describe(missingSteps.name, () => {
  it('names every step a draft lacks, in wizard order', () => {
    expect(missingSteps(fold([drafted]))).toEqual(['tools', 'links', 'rules']);
  });

  it('counts links that break a rule as missing', () => {
    const broken = fold([drafted, { type: 'ProjectLinksSaved', data: { ...ref, links: [{ id: 'i', type: 'inspection', name: 'I' }] } }]);
    expect(missingSteps(broken)).toContain('links');
    expect(missingSteps(fold([drafted, links]))).not.toContain('links');
  });

  it('counts rules that choose no error group as missing, as rules saved before groups were chosen', () => {
    const rules = { annotationRule: { ruleId: 'r', ruleVersion: 1 }, countdownSeconds: 0, rereadByAnnotator: false, dataRule: null };
    const saved = (errorGroupIds?: string[]) => fold([drafted, links, { type: 'ProjectRulesSaved', data: { ...ref, rules: { ...rules, errorGroupIds } as ProjectRules } }]);
    expect(missingSteps(saved(undefined))).toContain('rules');
    expect(missingSteps(saved([]))).toContain('rules');
    expect(missingSteps(saved(['g']))).not.toContain('rules');
  });
});
