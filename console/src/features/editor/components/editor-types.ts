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
}

export type EditorRequest =
  | { verb: 'submit' | 'release' | 'pass' }
  | { verb: 'reject'; marks: ErrorMark[] }
  | { verb: 'mark-invalid'; reasonId: string };

export interface InvalidDialogSlot {
  pending: boolean;
  error: unknown;
  onMark: (reasonId: string) => void;
  onCancel: () => void;
}

export interface AnnotationEditorProps {
  item: EditorItem;
  /** The item's image, decoded; null while it loads. */
  image: ImageBitmap | null;
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
}
