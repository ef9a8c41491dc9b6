// What the work loop's reads answer with, for the API that writes them and the console that shows them.
import type { ItemSensors } from '../fusion/calibration';
import type { ResultDocument } from './result.schema';
import type { itemListStatuses } from './item.schemas';

export type ItemListStatus = (typeof itemListStatuses)[number];

/** An item as the lists and the item page show it. */
export interface ItemView {
  id: string;
  batchId: string;
  projectId: string;
  linkId: string | null;
  fileName: string;
  mediaType: string;
  width: number | null;
  height: number | null;
  /** Frames of the item: a picture is a sequence of one frame, a folder of images or a video one of many. */
  frameCount: number;
  status: ItemListStatus;
  claimerId: string | null;
  deadline: string | null;
  /** The team whose share of the link's pool holds the item, while it is in that link. */
  teamId: string | null;
  /** The annotator a rejected item waits for, who alone may claim it back. */
  preferredClaimerId: string | null;
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

/** One frame of an item; its bytes are served at items/:itemId/frames/:index/media. */
export interface ItemFrameView {
  index: number;
  fileName: string;
  width: number | null;
  height: number | null;
  /** Seconds from the start: a video's presentation time from ffprobe, or the sequence's timestamp file; null where none was given. */
  timestamp: number | null;
}

/** An item's frames in order; frame 0 is the item's own media for a picture. */
export interface ItemFramesView {
  /** A video's average frame rate from ffprobe; null for pictures and folders of images. */
  frameRate: number | null;
  frames: ItemFrameView[];
  /**
   * A point-cloud item's cameras (calibration and each frame's image) and ego poses; null for pictures and videos.
   * Its frame n's cloud is served by items/:id/frames/:n/points, a camera's image by items/:id/frames/:n/cameras/:camera/media.
   */
  sensors: ItemSensors | null;
}

export interface SavedResult {
  version: number;
  result: ResultDocument;
  savedBy: string;
  savedAt: string;
}

/** Where a person stands with the project's annotation rule before claiming. */
export interface RuleReadingView {
  required: boolean;
  ruleId: string | null;
  ruleVersion: number | null;
  countdownSeconds: number;
  /** When the person may claim; null once they may, or when no rule is set. */
  readyAt: string | null;
  opened: boolean;
  /** The rule's name and, for a rich-text rule, its text. */
  name: string | null;
  html: string | null;
  /** For a PDF rule, its file's name; the reader fetches the file from its reading (`rule-readings/file`). */
  fileName: string | null;
}
