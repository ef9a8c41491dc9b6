// The seed's CSV import for rework images: a file of data IDs or file names, where they go and whether they keep their
// results; the server's count, or each line it refused (then nothing was recycled).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { recycleCsvMaxBytes, useRecycleCsv } from '../api/recycle-csv';
import { RecycleChoiceFields, type RecycleTarget } from './recycle-dialog';

export function RecycleCsvDialog({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [target, setTarget] = useState<RecycleTarget>('annotation_pool');
  const [keepResult, setKeepResult] = useState(true);
  const recycle = useRecycleCsv(projectId);
  const tooLarge = file !== null && file.size > recycleCsvMaxBytes;
  const error = recycle.error;
  const fields = error instanceof ApiError ? error.fields : [];

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('items_recycle_csv')}</DialogTitle>
          <DialogDescription>{t('items_recycle_csv_hint')}</DialogDescription>
        </DialogHeader>
        <label className="grid gap-1 text-sm">
          <span className="font-medium">{t('items_recycle_csv_file')}</span>
          <input type="file" accept=".csv,text/csv,text/plain" onChange={(e) => (setFile(e.target.files?.[0] ?? null), recycle.reset())} />
        </label>
        {tooLarge && (
          <p role="alert" className="text-sm text-destructive">
            {t('items_recycle_csv_too_large')}
          </p>
        )}
        <RecycleChoiceFields target={target} keepResult={keepResult} onTarget={setTarget} onKeepResult={setKeepResult} />
        {recycle.data && (
          <p role="status" className="text-sm">
            {t('items_recycle_csv_done', { count: recycle.data.items })}
          </p>
        )}
        {error && (
          <div role="alert" className="grid gap-1 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive">
            <p>{error.message}</p>
            {fields.length > 0 && (
              <ul className="max-h-48 list-disc overflow-y-auto ps-5">
                {fields.map((f) => (
                  <li key={f.field}>{f.message}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {recycle.data ? t('items_recycle_csv_close') : t('cancel')}
          </Button>
          <Button disabled={!file || tooLarge || recycle.isPending || recycle.isSuccess} onClick={() => file && recycle.mutate({ file, target, keepResult })}>
            {t('items_recycle')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
