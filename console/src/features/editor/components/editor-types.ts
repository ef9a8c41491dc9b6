// What the page hands the editor: the item, the project's tools, the verbs the item machine allows, and how to act.
import type { ReactNode } from 'react';
import type { EditorTool, ErrorMark, ResultDocument, ToolGroup } from '@annot/workflows';
import type { EditorErrorGroup } from './mark-dialog';
import type { EditorRule } from './rule-sheet';

export interface EditorItem {
  id: string;
  projectId: string;
  fileName: string;
  status: string;
  rework: boolean;
  /** The item's ETag, for If-Match. */
  version: string;
  result: ResultDocument | null;
  width: number | null;
  height: number | null;
  /** Frames of a sequence; a single picture has one. */
  frameCount?: number;
}

export type EditorRequest =
  | { verb: 'submit' | 'release' | 'pass' }
  | { verb: 'reject'; marks: ErrorMark[] }
  | { verb: 'mark_invalid'; reasonId: string };

/**
 * A quality gate's verdict on the item in place of the item's own work: the objects stay as they are, pass and reject
 * (with at least one mark) judge the item for the gate, and the page says where the editor goes after each.
 */
export interface EditorJudging {
  /** Which gate and where in it, shown beside the item's name. */
  caption: string;
  /** The gate's words for its verdicts ("Fail" in a sampling inspection, "Reject" in a client's acceptance). */
  labels: Partial<Record<EditorRequest['verb'], string>>;
  /** The marks of the verdict given before, which start as this verdict's marks and may be taken back. */
  marks: ErrorMark[];
  /** The gate took the command: the page moves on to the next item to judge, or back to the gate. */
  onSent: (verb: EditorRequest['verb']) => void;
}

export interface InvalidDialogSlot {
  pending: boolean;
  error: unknown;
  onMark: (reasonId: string) => void;
  onCancel: () => void;
}

export interface AnnotationEditorProps {
  item: EditorItem;
  /** The item's image, decoded; null while it loads. A sequence's frames the editor reads itself. */
  image: ImageBitmap | null;
  /** Why the item's image cannot be shown, in the reader's words; null while it loads or once it is there. */
  imageProblem?: string | null;
  tools: EditorTool[];
  groups: ToolGroup[];
  /** The item commands the machine allows this reader now. */
  verbs: string[];
  inspectorMayModify: boolean;
  /** The marks of the last rejection, shown to the annotator on rework and to the inspector. */
  marks: ErrorMark[];
  errorGroups: EditorErrorGroup[];
  rule: EditorRule | null;
  neighbours: { previous: string | null; next: string | null };
  send: (request: EditorRequest) => Promise<unknown>;
  /** The item's first frame is on screen (or there is none to draw): what it did not need may be shown now. */
  opened: boolean;
  onOpened: () => void;
  /** Another item of mine, or null for the list the editor was opened from. */
  onNavigate: (itemId: string | null) => void;
  invalidDialog: (slot: InvalidDialogSlot) => ReactNode;
  /** Judging for a quality gate rather than working the item; `verbs` then holds the verdicts the reader may give. */
  judging?: EditorJudging;
  /** What the header says in place of the item's state: a past moment shown read-only. */
  caption?: string;
}
