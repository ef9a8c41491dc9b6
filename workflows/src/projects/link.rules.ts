// The rules of a project's pipeline of links: the first is annotation, each annotation is followed by an
// inspection, the last is an inspection, and a link that has tasks is neither added around nor removed.
export type LinkType = 'annotation' | 'inspection';

export interface Link {
  id: string;
  type: LinkType;
  /** How many tasks the link holds; a link with tasks is fixed in the pipeline. */
  tasks: number;
}

export interface LinkProblem {
  index: number;
  messageKey:
    | 'links.empty'
    | 'links.first_is_inspection'
    | 'links.annotation_not_followed_by_inspection'
    | 'links.last_not_inspection'
    | 'links.removed_with_tasks'
    | 'links.added_with_tasks';
}

/** What is wrong with a pipeline as drawn, in order; empty when it is valid. */
export function linkProblems(links: Pick<Link, 'type'>[]): LinkProblem[] {
  if (links.length === 0) return [{ index: 0, messageKey: 'links.empty' }];
  const problems: LinkProblem[] = [];
  if (links[0].type !== 'annotation') problems.push({ index: 0, messageKey: 'links.first_is_inspection' });
  links.forEach((link, index) => {
    if (link.type === 'annotation' && index + 1 < links.length && links[index + 1].type !== 'inspection') {
      problems.push({ index, messageKey: 'links.annotation_not_followed_by_inspection' });
    }
  });
  const last = links.length - 1;
  if (links[last].type !== 'inspection') problems.push({ index: last, messageKey: 'links.last_not_inspection' });
  return problems;
}

/**
 * Compares a project's links before and after an edit: once any link holds tasks, no link may be added or
 * removed, and a link that holds tasks may never be removed.
 */
export function linkChangeProblems(before: Link[], after: Pick<Link, 'id' | 'type'>[]): LinkProblem[] {
  const kept = new Set(after.map((l) => l.id));
  const known = new Set(before.map((l) => l.id));
  const busy = before.some((l) => l.tasks > 0);
  const problems: LinkProblem[] = [];
  before.forEach((link, index) => {
    if (!kept.has(link.id) && (busy || link.tasks > 0)) problems.push({ index, messageKey: 'links.removed_with_tasks' });
  });
  after.forEach((link, index) => {
    if (!known.has(link.id) && busy) problems.push({ index, messageKey: 'links.added_with_tasks' });
  });
  return problems;
}
