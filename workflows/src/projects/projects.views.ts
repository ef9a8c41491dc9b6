// What the projects and batches calls answer with, shared by the API and the console.
import type { ProjectLink } from './project.events';
import type { ProjectStatus } from './project.machine';
import type { AnnotationType, ProjectBasics, ProjectRules, ProjectStep, ProjectTools } from './project.schemas';
import type { BatchStatus } from './batch.machine';
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

export type BatchUploadType = 'zip' | 'local' | 'cos' | 'oss';

export interface BatchSummary {
  id: string;
  projectId: string;
  name: string;
  priority: number;
  uploadType: BatchUploadType;
  status: BatchStatus;
  /** Items registered, files refused, and where the current import stands (null when none runs). */
  items: number;
  failed: number;
  importing: { importId: string; progress: number } | null;
  failureFile: boolean;
  /** The seed's "Upload failed; Error in uploading file (view the failure file)" when files were refused. */
  failureMessage: string | null;
  /** Why the last import was refused as a whole (a bad zip, a path outside the import root), until the next one. */
  importError: string | null;
  createdAt: string;
  version: string;
}

export interface DataItemView {
  id: string;
  fileName: string;
  size: number;
  mediaType: string;
  width: number | null;
  height: number | null;
  status: string;
  effective: boolean;
}
