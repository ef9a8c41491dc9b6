// Where recycled items go (the annotation pool or the same link) and whether they keep their results.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

export type RecycleTarget = 'annotation_pool' | 'same_link';

export interface RecycleDialogProps {
  count: number;
  pending: boolean;
  onConfirm: (choice: { target: RecycleTarget; keepResult: boolean }) => void;
  onCancel: () => void;
}

export function RecycleDialog({ count, pending, onConfirm, onCancel }: RecycleDialogProps) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<RecycleTarget>('annotation_pool');
  const [keepResult, setKeepResult] = useState(true);
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('items_recycle')}</DialogTitle>
          <DialogDescription>{t('items_recycle_count', { count })}</DialogDescription>
        </DialogHeader>
        <RecycleChoiceFields target={target} keepResult={keepResult} onTarget={setTarget} onKeepResult={setKeepResult} />
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button disabled={pending} onClick={() => onConfirm({ target, keepResult })}>
            {t('items_recycle')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Where recycled items go and whether they keep their results: the same choice for a selection and for a CSV. */
export function RecycleChoiceFields({ target, keepResult, onTarget, onKeepResult }: { target: RecycleTarget; keepResult: boolean; onTarget: (target: RecycleTarget) => void; onKeepResult: (keep: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <fieldset className="grid gap-1 text-sm">
        <legend className="mb-1 font-medium">{t('items_recycle_target')}</legend>
        {(['annotation_pool', 'same_link'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input type="radio" name="recycle-target" checked={target === value} onChange={() => onTarget(value)} />
            {t(`items_recycle_${value}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="grid gap-1 text-sm">
        <legend className="mb-1 font-medium">{t('items_recycle_result')}</legend>
        {[true, false].map((keep) => (
          <label key={String(keep)} className="flex items-center gap-2">
            <input type="radio" name="recycle-keep" checked={keepResult === keep} onChange={() => onKeepResult(keep)} />
            {t(keep ? 'items_keep_result' : 'items_clear_result')}
          </label>
        ))}
      </fieldset>
    </>
  );
}
