// What the work loop's reads answer with: an item as the lists and the item page show it, its result and its history.
import type { ResultDocument, taskItemStatuses } from '@annot/workflows';

export type TaskItemStatus = (typeof taskItemStatuses)[number];

export interface TaskItem {
  id: string;
  batchId: string;
  projectId: string;
  linkId: string | null;
  fileName: string;
  mediaType: string;
  width: number | null;
  height: number | null;
  status: TaskItemStatus;
  claimerId: string | null;
  deadline: string | null;
  effective: boolean;
  invalidReasonId: string | null;
  objectCount: number;
  submissionCount: number;
  reworkCount: number;
  rework: boolean;
  resultVersion: number;
  lastSavedAt: string | null;
  lastSubmittedAt: string | null;
  version: string;
}

export interface SavedResult {
  version: number;
  result: ResultDocument;
  savedBy: string;
  savedAt: string;
}

export interface TaskItemDetail extends TaskItem {
  result: SavedResult | null;
}

export interface ItemHistoryEntry {
  type: string;
  data: Record<string, unknown>;
  actorId: string | null;
  at: string;
}

export const tasksKey = ['tasks'] as const;
