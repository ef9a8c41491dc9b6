// One line beside the canvas saying where the person's work stands; a conflict or a refusal says why saving stopped.
import { useTranslation } from 'react-i18next';
import { formatClock } from '@/lib/time';
import { cn } from '@/lib/utils';
import type { Autosave } from './use-autosave';

const tone = { saved: 'text-muted-foreground', pending: 'text-muted-foreground', saving: 'text-muted-foreground', offline: 'text-amber-600', conflict: 'text-destructive', refused: 'text-destructive' } as const;

export function AutosaveStatusLine({ autosave }: { autosave: Pick<Autosave, 'status' | 'lastSavedAt' | 'conflict' | 'refusal'> }) {
  const { t } = useTranslation();
  const { status, lastSavedAt, conflict, refusal } = autosave;
  const time = lastSavedAt === null ? null : formatClock(lastSavedAt);
  return (
    <div role="status" aria-live="polite" className={cn('grid gap-1 text-xs', tone[status])}>
      <span>{status === 'saved' && time ? t('editor_autosave_saved_at', { time }) : t(`editor_autosave_${status}`)}</span>
      {conflict && <span role="alert">{conflict.message}</span>}
      {refusal && (
        <span role="alert">
          {refusal.message}
          {refusal.fields.length > 0 && `: ${refusal.fields.map((f) => f.message).join('; ')}`}
        </span>
      )}
    </div>
  );
}
