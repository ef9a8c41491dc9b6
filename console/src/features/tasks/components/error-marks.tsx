// An inspector's error marks: the group's value, the object and frame it names, and the comment.
import { useTranslation } from 'react-i18next';
import type { ErrorMark } from '@annot/workflows';

export function ErrorMarks({ marks, groupName }: { marks: ErrorMark[]; groupName?: (id: string) => string | undefined }) {
  const { t } = useTranslation();
  if (marks.length === 0) return <span className="text-muted-foreground">{t('tasks_no_marks')}</span>;
  return (
    <ul className="grid gap-0.5" aria-label={t('tasks_marks')}>
      {marks.map((mark, index) => (
        <li key={index} className="text-sm">
          <span className="font-medium">{[groupName?.(mark.errorGroupId), mark.value].filter(Boolean).join(' / ')}</span>
          {mark.objectId && <span className="text-muted-foreground"> · {t('tasks_mark_object', { object: mark.objectId })}</span>}
          {mark.frame !== null && mark.frame !== undefined && <span className="text-muted-foreground"> · {t('tasks_mark_frame', { frame: mark.frame + 1 })}</span>}
          {mark.comment && <span> · {mark.comment}</span>}
        </li>
      ))}
    </ul>
  );
}
