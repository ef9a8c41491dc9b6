// A verdict's error marks as short as a list cell allows: the group and value of each, and its comment.
import { useTranslation } from 'react-i18next';
import type { ErrorMark } from '@annot/workflows';

/** `groupName` names each mark's error property group where the screen knows the groups. */
export function QualityMarks({ marks, groupName = () => undefined }: { marks: ErrorMark[]; groupName?: (errorGroupId: string) => string | undefined }) {
  const { t } = useTranslation();
  if (marks.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="grid gap-0.5 text-xs" aria-label={t('quality_marks')}>
      {marks.map((mark, i) => (
        <li key={i}>
          <span className="font-medium">{[groupName(mark.errorGroupId), mark.value].filter(Boolean).join(' / ')}</span>
          {mark.comment && <span className="text-muted-foreground"> · {mark.comment}</span>}
        </li>
      ))}
    </ul>
  );
}

export function VerdictText({ verdict }: { verdict: 'pass' | 'fail' | 'reject' | null }) {
  const { t } = useTranslation();
  if (!verdict) return <span className="text-muted-foreground">{t('quality_not_judged')}</span>;
  return <span className={verdict === 'pass' ? 'text-success' : 'text-destructive'}>{t(`quality_verdict_${verdict}`)}</span>;
}
