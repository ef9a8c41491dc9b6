// Notices above the canvas: the server's refusal in place, with each object and attribute it names, and unsaved
// work this browser kept from an earlier visit.
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { ResultDocument } from '@annot/workflows';
import type { RestoredDraft } from '../autosave';
import type { Refusal } from '../hooks/use-editor-flow';
import { formatTime } from '@/lib/time';

export function RefusalBanner({ refusal, objectLabel, onDismiss }: { refusal: Refusal; objectLabel: (id: string) => string; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex items-start gap-3 border-b border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">
      <div className="grid gap-0.5">
        <p className="font-medium text-destructive">{refusal.message}</p>
        {refusal.fields.slice(0, 8).map((field, i) => (
          <p key={i} className="text-xs">
            {field.attribute ? field.message : `${field.objectId ? objectLabel(field.objectId) : t('editor_item_level')}: ${field.message}`}
          </p>
        ))}
      </div>
      <Button size="sm" variant="ghost" className="ms-auto" onClick={onDismiss}>
        {t('editor_close')}
      </Button>
    </div>
  );
}

export function RestoreBanner({ restored, onRestore, onDiscard }: { restored: RestoredDraft; onRestore: (document: ResultDocument) => void; onDiscard: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 border-b border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm">
      <span>{t(restored.stale ? 'editor_autosave_restore_stale' : 'editor_autosave_restore', { time: formatTime(restored.savedAt) })}</span>
      <Button size="sm" onClick={() => onRestore(restored.document)}>
        {t('editor_restore')}
      </Button>
      <Button size="sm" variant="ghost" onClick={onDiscard}>
        {t('editor_restore_discard')}
      </Button>
    </div>
  );
}
