// What the projects and batches calls answer with, shared by the API and the console.
import type { ProjectLink } from './project.evolve';
import type { ProjectStatus } from './project.machine';
import type { AnnotationType, ProjectBasics, ProjectRules, ProjectStep, ProjectTools, ToolGroup } from './project.schemas';
import type { staffOnlyBasics } from './project-view.rules';

export interface ProjectSummary {
  id: string;
  title: string;
  status: ProjectStatus;
  /** Whether it ever ran: the project machine's context, so a closed draft offers no reopen. */
  published: boolean;
  type: 'trial' | 'formal';
  annotationType: AnnotationType;
  startDate: string;
  endDate: string;
  creatorName: string;
  linkCount: number;
  batches: number;
  items: number;
  createdAt: string;
  updatedAt: string;
  version: string;
}

export interface ProjectDetail extends ProjectSummary {
  basics: ProjectBasics;
  tools: (ProjectTools['tools'][number] & { name: string; templateType: string })[];
  /** Group elements made of the project's tools. */
  groups: ToolGroup[];
  links: (ProjectLink & { tasks: number })[];
  rules: (ProjectRules & { annotationRuleName: string; dataRuleName: string | null }) | null;
  /** The wizard steps still missing; publish is refused while any is. */
  missing: ProjectStep[];
  clonedFrom: string | null;
}

/** Basic info without the fields only the staff may read (see staffOnlyBasics). */
export type SharedBasics = Omit<ProjectBasics, StaffOnlyBasic> & Partial<Pick<ProjectBasics, StaffOnlyBasic>>;
type StaffOnlyBasic = (typeof staffOnlyBasics)[number];

/** A project's detail as one role sees it: the whole of it for the staff, less for everyone else. */
export type ProjectDetailView = Omit<ProjectDetail, 'basics'> & { basics: SharedBasics };

/** Counts per status, for the list tabs. */
export type ProjectCounts = Record<ProjectStatus, number>;

/** One link's people, with names, for the members screen and the supplier's people screen. */
export interface LinkMembersView {
  linkId: string;
  linkName: string;
  linkType: 'annotation' | 'inspection';
  teams: { id: string; name: string }[];
  taggers: { id: string; name: string; account: string }[];
  groups: { groupId: string; name: string; teamId: string; taggers: { id: string; name: string; account: string }[] }[];
  /** For a supplier: the taggers of its own team, whom it may group. */
  candidates?: { id: string; name: string; account: string }[];
}
