// The inspector's marks: those of the last rejection, and those being gathered for this one (which may be taken back).
import { useTranslation } from 'react-i18next';
import type { ErrorMark } from '@annot/workflows';
import { useEditorStore } from '../stores/editor-store';
import { goToFrame } from '../stores/frame-actions';
import type { EditorErrorGroup } from './mark-dialog';
import { selectPicked } from '../modes/tool-mode-actions';

export interface MarksPanelProps {
  /** In a sequence a mark names its frame, and choosing it goes there. */
  sequence: boolean;
  marks: ErrorMark[];
  pending: ErrorMark[];
  groups: EditorErrorGroup[];
  objectLabel: (id: string) => string;
  onRemove: (index: number) => void;
}

export function MarksPanel({ sequence, marks, pending, groups, objectLabel, onRemove }: MarksPanelProps) {
  const { t } = useTranslation();
  const store = useEditorStore();
  if (marks.length === 0 && pending.length === 0) return null;
  const row = (mark: ErrorMark, index: number, removable: boolean) => {
    const group = groups.find((g) => g.id === mark.errorGroupId);
    const color = group?.values.find((v) => v.name === mark.value)?.color ?? '#ef4444';
    return (
      <li key={`${removable}-${index}`} className="flex items-start gap-1.5 text-xs">
        <span className="mt-0.5 inline-block h-2.5 w-2.5 shrink-0 rounded-full" style={{ background: color }} aria-hidden />
        <button type="button" className="text-start hover:underline" onClick={() => {
            if (sequence && mark.frame !== null) goToFrame(store, mark.frame);
            if (mark.objectId) selectPicked(store, new Set([mark.objectId]));
          }}
        >
          <span className="font-medium">{[group?.name, mark.value].filter(Boolean).join(' / ')}</span>
          {sequence && mark.frame !== null && <span className="text-muted-foreground"> · {t('editor_mark_frame', { frame: mark.frame })}</span>}
          {mark.objectId && <span className="text-muted-foreground"> · {objectLabel(mark.objectId)}</span>}
          {mark.comment && <span> · {mark.comment}</span>}
        </button>
        {removable && (
          <button type="button" className="ms-auto text-muted-foreground hover:text-destructive" aria-label={t('editor_remove_mark')} onClick={() => onRemove(index)}>
            ×
          </button>
        )}
      </li>
    );
  };
  // Each list under the title of what it is: the marks the item came back with, and those this rejection will send.
  return (
    <section className="grid gap-2 border-b border-border p-3" aria-label={t('items_marks')}>
      {marks.length > 0 && (
        <div className="grid gap-1">
          <h3 className="text-sm font-semibold">{t('items_rejection_marks')}</h3>
          <ul className="grid gap-1">{marks.map((mark, i) => row(mark, i, false))}</ul>
        </div>
      )}
      {pending.length > 0 && (
        <div className="grid gap-1">
          <h3 className="text-sm font-semibold">{t('editor_pending_marks')}</h3>
          <ul className="grid gap-1">{pending.map((mark, i) => row(mark, i, true))}</ul>
        </div>
      )}
    </section>
  );
}
