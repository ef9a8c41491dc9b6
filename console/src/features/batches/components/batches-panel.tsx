// A project's batches: create one, upload its zip or import its path with live progress, and the allowed lifecycle actions.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { allowedEvents, batchMachine, type BatchSummary, batchZipMaxBytes, type BatchUploadType } from '@annot/workflows';
import { ActionsCell, ListTable } from '@/components/list-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { useCan } from '@/lib/authorization';
import { useJobProgress } from '@/lib/use-job-progress';
import { ApiError } from '@/lib/api-client';
import { type FieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { type BatchChange, downloadFailures, useBatches, useChangeBatch } from '../api/batches';
import { BatchItems } from './batch-items';
import { formatNumber, formatPercent } from '@/lib/numbers';

const uploadTypes: BatchUploadType[] = ['zip', 'local', 'cos', 'oss'];

export function BatchesPanel({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const batches = useBatches(projectId);
  const manage = useCan().can('batch.manage');
  const change = useChangeBatch();
  const progress = useJobProgress((subject) => {
    if (subject.type === 'batch') void batches.refetch();
  });
  const [form, setForm] = useState({ name: '', priority: '0', uploadType: 'zip' as BatchUploadType });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [shown, setShown] = useState<string | null>(null);

  const run = (batchChange: BatchChange, done?: string) =>
    change.mutate(batchChange, {
      onSuccess: () => done && toast.success(t(done)),
      onError: (error) => {
        setErrors(serverFieldErrors(error));
        toast.error(error instanceof ApiError ? error.message : t('request_fail'));
      },
    });

  const create = (event: React.FormEvent) => {
    event.preventDefault();
    run({ kind: 'create', projectId, name: form.name, priority: Number(form.priority), uploadType: form.uploadType }, 'batches_created');
  };

  return (
    <div className="grid gap-4">
      {manage && (
      <form className="flex flex-wrap items-end gap-2" onSubmit={create} noValidate>
        <FormField id="batch-name" label={t('batches_name')} error={errors.name}>
          <Input className="w-56" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </FormField>
        <FormField id="batch-priority" label={t('batches_priority')} error={errors.priority}>
          <Input className="w-28" type="number" min="0" value={form.priority} onChange={(e) => setForm({ ...form, priority: e.target.value })} />
        </FormField>
        <FormField id="batch-upload-type" label={t('batches_upload_type')} error={errors.uploadType}>
          <Select className="w-40" value={form.uploadType} onChange={(e) => setForm({ ...form, uploadType: e.target.value as BatchUploadType })}>
            {uploadTypes.map((type) => (
              <option key={type} value={type}>
                {t(`batches_upload_${type}`)}
              </option>
            ))}
          </Select>
        </FormField>
        <Button type="submit" disabled={change.isPending}>
          {t('batches_new')}
        </Button>
      </form>
      )}
      {batches.isPending ? (
        <Skeleton className="h-24" />
      ) : (
        <ListTable headings={[t('batches_name'), t('batches_priority'), t('batches_status'), t('batches_items'), t('batches_data'), t('actions')]} empty={(batches.data ?? []).length === 0} error={batches.error}>
          {(batches.data ?? []).map((batch) => (
            <BatchRow key={batch.id} batch={batch} live={progress[batch.id]} busy={change.isPending} manage={manage} run={run} onShow={() => setShown(shown === batch.id ? null : batch.id)} />
          ))}
        </ListTable>
      )}
      {shown && <BatchItems batchId={shown} />}
    </div>
  );
}

interface BatchRowProps {
  batch: BatchSummary;
  live: number | undefined;
  busy: boolean;
  manage: boolean;
  run: (change: BatchChange, done?: string) => void;
  onShow: () => void;
}

function BatchRow({ batch, live, busy, manage, run, onShow }: BatchRowProps) {
  const { t } = useTranslation();
  const file = useRef<HTMLInputElement>(null);
  const [path, setPath] = useState('');
  // The machine says what the batch's state allows; the permission table whether this person may do any of it.
  const allowed = manage ? allowedEvents(batchMachine, batch.status, { importing: batch.importing !== null }) : [];
  // After an import the bar stays at the last figure this page saw (100%), so a short import is seen to finish.
  const percent = batch.importing ? (live ?? batch.importing.progress) : (live ?? null);

  const upload = (chosen: File | undefined) => {
    if (!chosen) return;
    if (file.current) file.current.value = '';
    if (!chosen.name.toLowerCase().endsWith('.zip')) return void toast.error(t('batches_only_zip'));
    if (chosen.size > batchZipMaxBytes) return void toast.error(t('batches_zip_too_large'));
    run({ kind: 'upload', batchId: batch.id, file: chosen }, 'batches_upload_started');
  };
  const verbs = [
    ['batch.pause_annotation', () => run({ kind: 'pause', batchId: batch.id, pauseKind: 'annotation' }), 'batches_pause_annotation'],
    ['batch.pause_inspection', () => run({ kind: 'pause', batchId: batch.id, pauseKind: 'inspection' }), 'batches_pause_inspection'],
    ['batch.resume', () => run({ kind: 'resume', batchId: batch.id }), 'batches_resume'],
    ['batch.stop', () => run({ kind: 'stop', batchId: batch.id }), 'batches_stop'],
    ['batch.delete', () => window.confirm(t('batches_delete_confirm')) && run({ kind: 'delete', batchId: batch.id }), 'delete'],
  ] as const;

  return (
    <TableRow aria-label={batch.name}>
      <TableCell>
        {batch.name}
        <span className="ms-2 text-xs text-muted-foreground">{t(`batches_upload_${batch.uploadType}`)}</span>
      </TableCell>
      <TableCell>{formatNumber(batch.priority)}</TableCell>
      <TableCell>
        <Badge variant="outline">{t(`batch_status_${batch.status}`)}</Badge>
      </TableCell>
      <TableCell>
        <button type="button" className="underline-offset-2 hover:underline" onClick={onShow}>
          {t('batches_counts', { count: batch.items, items: batch.items, failed: batch.failed })}
        </button>
      </TableCell>
      <TableCell>
        <div className="grid min-w-56 gap-1">
          {percent !== null && (
            <div className="flex items-center gap-2">
              <Progress value={percent} aria-label={t('batches_progress')} className="w-32" />
              <span className="text-xs">{formatPercent(percent / 100, 0)}</span>
            </div>
          )}
          {allowed.includes('batch.upload') && batch.uploadType === 'zip' && (
            <>
              <Button size="sm" variant="outline" disabled={busy} onClick={() => file.current?.click()}>
                {t('batches_upload')}
              </Button>
              <input ref={file} type="file" accept=".zip,application/zip" className="hidden" aria-label={t('batches_upload_file')} onChange={(e) => upload(e.target.files?.[0])} />
            </>
          )}
          {allowed.includes('batch.upload') && batch.uploadType !== 'zip' && (
            <div className="flex gap-1">
              <Input aria-label={t('batches_path')} placeholder={t(`batches_path_${batch.uploadType}`)} value={path} onChange={(e) => setPath(e.target.value)} />
              <Button size="sm" variant="outline" disabled={busy} onClick={() => run({ kind: 'import', batchId: batch.id, path }, 'batches_upload_started')}>
                {t('batches_import')}
              </Button>
            </div>
          )}
          {batch.importError && (
            <p role="alert" className="text-xs text-destructive">
              {batch.importError}
            </p>
          )}
          {batch.failureMessage && (
            <button type="button" className={`text-start text-xs underline ${batch.failed > 0 ? 'text-destructive' : 'text-muted-foreground'}`} onClick={() => void downloadFailures(batch).catch((error: unknown) => toast.error(error instanceof ApiError ? error.message : t('request_fail')))}>
              {batch.failureMessage}
            </button>
          )}
        </div>
      </TableCell>
      <ActionsCell>
        {verbs
          .filter(([event]) => allowed.includes(event))
          .map(([event, act, label]) => (
            <Button key={event} size="sm" variant="outline" disabled={busy} onClick={() => void act()}>
              {t(label)}
            </Button>
          ))}
      </ActionsCell>
    </TableRow>
  );
}
