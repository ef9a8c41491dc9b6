// Which error property groups a project's marks may name: the groups its rules choose, and none while it chooses none,
// so no project shows another's groups. The server lists and checks marks by it; the wizard shows what will be offered.
import type { ProjectRules } from './project.schemas';

/** The refusal of a mark whose group the project does not use. */
export const markGroupNotInProject = 'items.mark_group_not_in_project';

type Chosen = Partial<Pick<ProjectRules, 'errorGroupIds'>> | null;

/** The catalogue's groups the project chose, in the catalogue's order; a chosen group since deleted is left out. */
export function projectErrorGroups<G extends { id: string }>(catalogue: readonly G[], rules: Chosen): G[] {
  const chosen = rules?.errorGroupIds ?? [];
  return catalogue.filter((group) => chosen.includes(group.id));
}

/** The place of the first mark naming a group outside the project's, or -1 when every mark names one of them. */
export function foreignMarkIndex(marks: readonly { errorGroupId: string }[], groups: readonly { id: string }[]): number {
  return marks.findIndex((mark) => !groups.some((group) => group.id === mark.errorGroupId));
}
