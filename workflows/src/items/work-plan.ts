// What an item's work depends on in its project: the links in order and the project's rules of the loop.
import type { LinkType } from '../projects/link.rules';
import type { ProjectBasics } from '../projects/project.schemas';

export interface ItemLink {
  id: string;
  type: LinkType;
}

export interface WorkPlan {
  links: ItemLink[];
  /** How many times an item may go back for rework before the PM has to decide on it. */
  reworkMaxCount: number;
  /** Minutes a claim lasts before it returns to the pool; null when auto-recycle is off. */
  autoRecycleMinutes: number | null;
  /** The seed's toggle "allow inspector to modify annotation data". */
  inspectorMayModify: boolean;
}

/**
 * The plan of a project as its stream folds it; a project without links yet has an empty plan. Basics written before
 * a setting existed (auto recycling, permissions) read as the setting's default.
 */
export function workPlanOf(project: { basics: Pick<ProjectBasics, 'reworkMaxCount' | 'autoRecycle' | 'permissions'> | null; links: ItemLink[] | null }): WorkPlan {
  const basics = project.basics;
  return {
    links: (project.links ?? []).map(({ id, type }) => ({ id, type })),
    reworkMaxCount: basics?.reworkMaxCount ?? 0,
    autoRecycleMinutes: basics?.autoRecycle?.enabled ? basics.autoRecycle.timeoutMinutes : null,
    inspectorMayModify: basics?.permissions?.inspectorMayModify ?? false,
  };
}

export function linkOf(links: ItemLink[], linkId: string | null): ItemLink | null {
  return links.find((link) => link.id === linkId) ?? null;
}

/** The link an item goes to after this one, or null after the last. */
export function linkAfter(links: ItemLink[], linkId: string | null): ItemLink | null {
  const index = links.findIndex((link) => link.id === linkId);
  return index < 0 ? null : (links[index + 1] ?? null);
}

/** The annotation link whose work an inspection link judges: the nearest annotation link before it. */
export function producingLink(links: ItemLink[], inspectionLinkId: string | null): ItemLink | null {
  const index = links.findIndex((link) => link.id === inspectionLinkId);
  for (let i = index - 1; i >= 0; i--) if (links[i].type === 'annotation') return links[i];
  return null;
}

/** How many items one person may hold in one project at once: a claim beyond it takes only what still fits. */
export const itemsInHandLimit = 100;
