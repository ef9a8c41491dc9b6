import { describe, expect, it } from 'vitest';
import { type ProjectEvent } from './project.events';
import { evolveProject, initialProjectState } from './project.evolve';
import type { ProjectBasics, ProjectRules } from './project.schemas';
import { decideClone, decideStep } from './project.steps';

const basics = { title: 'Lanes', type: 'formal', annotationType: 'video', startDate: '2026-01-01', endDate: '2026-01-02' } as ProjectBasics;
const ref = { projectId: 'p1', title: 'Lanes' };
const rules = { annotationRule: { ruleId: 'r', ruleVersion: 1 }, countdownSeconds: 30, rereadByAnnotator: false, dataRule: null, errorGroupIds: ['g'] } as ProjectRules;
const links = [
  { id: 'a', type: 'annotation' as const, name: 'Annotate' },
  { id: 'i', type: 'inspection' as const, name: 'Inspect' },
];
const given = (...events: ProjectEvent[]) => events.reduce(evolveProject, initialProjectState);
const drafted: ProjectEvent = { type: 'ProjectDrafted', data: { ...ref, basics, clonedFrom: null } };
const vehicle = [{ name: 'vehicle', toolIds: ['t'] }];
const tools: ProjectEvent = { type: 'ProjectToolsSaved', data: { ...ref, tools: [{ toolId: 't', toolVersion: 1 }], groups: vehicle } };
const linksSaved: ProjectEvent = { type: 'ProjectLinksSaved', data: { ...ref, links } };
const rulesSaved: ProjectEvent = { type: 'ProjectRulesSaved', data: { ...ref, rules } };

describe(decideStep.name, () => {
  it('given a draft missing links and rules, when its tools are saved, then only the step is appended', () => {
    expect(decideStep(given(drafted), { step: 'tools', value: { tools: [{ toolId: 't', toolVersion: 1 }], groups: vehicle } })).toEqual([tools]);
  });

  it('given a draft missing only its rules, when they are saved, then the draft is also marked complete', () => {
    expect(decideStep(given(drafted, tools, linksSaved), { step: 'rules', value: rules })).toEqual([rulesSaved, { type: 'ProjectMarkedComplete', data: ref }]);
  });

  it('given a complete draft, when its links are emptied, then it is marked incomplete naming the step', () => {
    const complete = given(drafted, tools, linksSaved, rulesSaved, { type: 'ProjectMarkedComplete', data: ref });
    expect(decideStep(complete, { step: 'links', value: { links: [] } })).toEqual([
      { type: 'ProjectLinksSaved', data: { ...ref, links: [] } },
      { type: 'ProjectMarkedIncomplete', data: { ...ref, missing: ['links'] } },
    ]);
  });

  it('given a draft, when its basics are saved under a new title, then the events carry the new title', () => {
    const [saved] = decideStep(given(drafted), { step: 'basics', value: { ...basics, title: 'Kerbs' } });
    expect(saved).toEqual({ type: 'ProjectBasicsSaved', data: { projectId: 'p1', title: 'Kerbs', basics: { ...basics, title: 'Kerbs' } } });
  });
});

describe(decideClone.name, () => {
  it('given a complete project, when it is cloned, then the copy is a complete draft with new link ids and no members', () => {
    const source = given(drafted, tools, linksSaved, rulesSaved, { type: 'ProjectMarkedComplete', data: ref }, { type: 'LinkMembersAssigned', data: { ...ref, linkId: 'a', teamIds: ['t'], taggerIds: [] } });
    const copy = { projectId: 'p2', title: 'Lanes (copy)' };
    let n = 0;
    expect(decideClone(source, 'p1', 'p2', () => `new-${++n}`)).toEqual([
      { type: 'ProjectDrafted', data: { ...copy, basics: { ...basics, title: 'Lanes (copy)' }, clonedFrom: 'p1' } },
      { type: 'ProjectToolsSaved', data: { ...copy, tools: [{ toolId: 't', toolVersion: 1 }], groups: vehicle } },
      { type: 'ProjectLinksSaved', data: { ...copy, links: [{ id: 'new-1', type: 'annotation', name: 'Annotate' }, { id: 'new-2', type: 'inspection', name: 'Inspect' }] } },
      { type: 'ProjectRulesSaved', data: { ...copy, rules } },
      { type: 'ProjectMarkedComplete', data: copy },
    ]);
  });

  it('given a draft with basics only, when it is cloned, then the copy waits for the same steps', () => {
    expect(decideClone(given(drafted), 'p1', 'p2', () => 'x').map((e) => e.type)).toEqual(['ProjectDrafted']);
  });
});

describe('evolveProject of tools', () => {
  it('given tools saved before group elements existed, then the project has no group elements', () => {
    const old: ProjectEvent = { type: 'ProjectToolsSaved', data: { ...ref, tools: [{ toolId: 't', toolVersion: 1 }] } };
    expect(given(drafted, old).toolGroups).toEqual([]);
    expect(given(drafted, tools).toolGroups).toEqual(vehicle);
  });
});
