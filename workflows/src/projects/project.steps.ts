// The wizard's decisions: what saving a step appends, what a clone starts with, and when a draft becomes complete.
import { missingSteps, type ProjectEvent } from './project.events';
import { evolveProject, initialProjectState, type ProjectState } from './project.evolve';
import type { ProjectBasics, ProjectLinkInput, ProjectRules, ProjectTools } from './project.schemas';

export type ProjectStepInput =
  | { step: 'basics'; value: ProjectBasics }
  | { step: 'tools'; value: ProjectTools }
  | { step: 'links'; value: { links: ProjectLinkInput[] } }
  | { step: 'rules'; value: ProjectRules };

/** The events that follow a change of configuration: complete or incomplete again, as the change leaves it. */
export function completeness(before: ProjectState, changes: ProjectEvent[]): ProjectEvent[] {
  const after = changes.reduce(evolveProject, before);
  const missing = missingSteps(after);
  const ref = { projectId: after.projectId!, title: after.basics!.title };
  if (after.status === 'waiting_for_improvement' && missing.length === 0) return [{ type: 'ProjectMarkedComplete', data: ref }];
  if (after.status === 'waiting_for_publish' && missing.length > 0) return [{ type: 'ProjectMarkedIncomplete', data: { ...ref, missing } }];
  return [];
}

function stepEvent(state: ProjectState, input: ProjectStepInput): ProjectEvent {
  const ref = { projectId: state.projectId!, title: input.step === 'basics' ? input.value.title : state.basics!.title };
  switch (input.step) {
    case 'basics':
      return { type: 'ProjectBasicsSaved', data: { ...ref, basics: input.value } };
    case 'tools':
      return { type: 'ProjectToolsSaved', data: { ...ref, tools: input.value.tools, groups: input.value.groups } };
    case 'links':
      return { type: 'ProjectLinksSaved', data: { ...ref, links: input.value.links } };
    case 'rules':
      return { type: 'ProjectRulesSaved', data: { ...ref, rules: input.value } };
  }
}

/** Saving one step: the step itself, then complete or incomplete in the same append. */
export function decideStep(state: ProjectState, input: ProjectStepInput): ProjectEvent[] {
  const change = stepEvent(state, input);
  return [change, ...completeness(state, [change])];
}

const copyTitle = (title: string) => `${title.slice(0, 92)} (copy)`;

/** A new draft with the source's configuration: its links under new ids, no members, no data. */
export function decideClone(source: ProjectState, sourceId: string, projectId: string, newId: () => string): ProjectEvent[] {
  const basics = { ...source.basics!, title: copyTitle(source.basics!.title) };
  const ref = { projectId, title: basics.title };
  const drafted: ProjectEvent = { type: 'ProjectDrafted', data: { ...ref, basics, clonedFrom: sourceId } };
  const steps: ProjectEvent[] = [
    ...(source.tools ? [{ type: 'ProjectToolsSaved' as const, data: { ...ref, tools: source.tools, groups: source.toolGroups } }] : []),
    ...(source.links ? [{ type: 'ProjectLinksSaved' as const, data: { ...ref, links: source.links.map(({ type, name }) => ({ id: newId(), type, name })) } }] : []),
    ...(source.rules ? [{ type: 'ProjectRulesSaved' as const, data: { ...ref, rules: source.rules } }] : []),
  ];
  return [drafted, ...steps, ...completeness(evolveProject(initialProjectState, drafted), steps)];
}
