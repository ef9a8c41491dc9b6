// Marking an item invalid names a reason from the catalog of invalid-image reasons.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { failureMessage } from '@/components/refusal';
import type { CatalogChoices } from './catalog-choices';
import { CommandRefusal } from './command-refusal';

export interface InvalidDialogProps {
  catalog: CatalogChoices;
  pending: boolean;
  error: unknown;
  onMark: (reasonId: string) => void;
  onCancel: () => void;
}

export function InvalidDialog({ catalog, pending, error, onMark, onCancel }: InvalidDialogProps) {
  const { t } = useTranslation();
  const reasons = catalog.useInvalidReasons(catalog.readable);
  const [reasonId, setReasonId] = useState('');
  const unavailable = !catalog.readable ? t('items_reasons_staff_only') : reasons.error ? failureMessage(reasons.error, t) : reasons.data?.length === 0 ? t('items_reasons_none') : null;
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('items_mark_invalid')}</DialogTitle>
          <DialogDescription>{t('items_mark_invalid_hint')}</DialogDescription>
        </DialogHeader>
        {unavailable ? (
          <p role="status" className="text-sm text-muted-foreground">
            {unavailable}
          </p>
        ) : (
          <div className="grid gap-1">
            <Label htmlFor="invalid-reason">{t('items_invalid_reason')}</Label>
            <Select id="invalid-reason" value={reasonId} onChange={(e) => setReasonId(e.target.value)} disabled={reasons.isPending}>
              <option value="">{t('items_choose')}</option>
              {reasons.data?.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.code} {r.name}
                </option>
              ))}
            </Select>
          </div>
        )}
        <CommandRefusal error={error} />
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button disabled={pending || !reasonId} onClick={() => onMark(reasonId)}>
            {t('items_mark_invalid')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
