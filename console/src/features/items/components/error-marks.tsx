// An inspector's error marks as people read them: the group and its value, the object as the editor numbers it, the
// frame where the item is a sequence, and the comment. Never an id.
import { useTranslation } from 'react-i18next';
import type { ErrorMark } from '@annot/workflows';

export interface MarkNames {
  /** The error group's name, where the reader may read the project's groups. */
  groupName?: (id: string) => string | undefined;
  /** The object as the editor numbers it in the result shown; null when that result no longer holds it. */
  objectName?: (id: string) => string | null;
  /** A frame means something only in a sequence. */
  sequence?: boolean;
}

export function ErrorMarks({ marks, names = {} }: { marks: ErrorMark[]; names?: MarkNames }) {
  const { t } = useTranslation();
  if (marks.length === 0) return <span className="text-muted-foreground">{t('items_no_marks')}</span>;
  const objectText = (id: string) => {
    if (!names.objectName) return t('items_mark_object_some');
    return names.objectName(id) ?? t('items_mark_object_unnamed');
  };
  return (
    <ul className="grid gap-0.5" aria-label={t('items_marks')}>
      {marks.map((mark, index) => (
        <li key={index} className="text-sm">
          <span className="font-medium">{[names.groupName?.(mark.errorGroupId), mark.value].filter(Boolean).join(' · ')}</span>
          {mark.objectId && <span className="text-muted-foreground"> · {objectText(mark.objectId)}</span>}
          {names.sequence && mark.frame !== null && mark.frame !== undefined && <span className="text-muted-foreground"> · {t('items_mark_frame', { frame: mark.frame + 1 })}</span>}
          {mark.comment && <span> · {mark.comment}</span>}
        </li>
      ))}
    </ul>
  );
}
