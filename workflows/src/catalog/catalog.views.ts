// What the catalog calls answer with, shared by the API and the console.
import type { AnnotationRuleInput } from './annotation-rule';
import type { DataRuleDocument, DataRuleInput } from './data-rule';
import type { ToolInput } from './tool.schemas';

export interface ToolSummary {
  id: string;
  name: string;
  templateType: string;
  toolVersion: number;
  attributes: number;
  usedByProject: boolean;
  updatedAt: string;
  version: string;
}

export interface ToolDetail extends ToolSummary {
  definition: ToolInput;
  versions: { toolVersion: number; createdAt: string; citedBy: number }[];
}

export interface DataRuleView extends DataRuleInput {
  id: string;
  latestVersion: number;
  updatedAt: string;
  version: string;
}

export interface DataRuleDetail extends DataRuleView {
  versions: { ruleVersion: number; document: DataRuleDocument; note: string; createdAt: string }[];
}

export interface AnnotationRuleView extends AnnotationRuleInput {
  id: string;
  latestVersion: number;
  updatedAt: string;
  version: string;
}

export interface AnnotationRuleVersion {
  ruleVersion: number;
  kind: 'richtext' | 'pdf';
  html: string | null;
  fileId: string | null;
  fileName: string | null;
  size: number | null;
  note: string;
  createdAt: string;
  /** The projects citing this version. */
  citedBy: string[];
}

export interface AnnotationRuleDetail extends AnnotationRuleView {
  versions: AnnotationRuleVersion[];
}
