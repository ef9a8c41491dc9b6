// Pre-labelled data: a PM uploads annotations in one of the export formats for a batch, also one already in progress.
// The upload is answered at once and read by a worker; the form follows the import with a progress bar, then says how
// many items and objects it wrote, what was skipped with a warning and what a partial import dropped, or the refusal
// with each refused line, in the reader's language. An export with its images, zipped or its folder picked, becomes
// the batch's import, which makes the items and then their results.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AnnotationImportView, type ExportFormat, type ExportOptions, formatsFor } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { useAnnotationImport } from '../api/get-annotation-import';
import { useStartAnnotationImport } from '../api/start-annotation-import';
import { formatLabel } from './export-labels';

type Line = { source: string; message: string };

export function AnnotationImportForm({ annotationType, options }: { annotationType: string; options: ExportOptions }) {
  const { t } = useTranslation();
  const start = useStartAnnotationImport();
  const [batchId, setBatchId] = useState('');
  const formats = formatsFor(annotationType);
  const [format, setFormat] = useState<ExportFormat>(formats[0]);
  const [mode, setMode] = useState<'all' | 'good'>('all');
  const [files, setFiles] = useState<File[]>([]);
  const [importId, setImportId] = useState<string | null>(null);
  const [batchImport, setBatchImport] = useState(false);
  const [failure, setFailure] = useState<{ message: string; refusals: Line[] } | null>(null);
  const followed = useAnnotationImport(importId);
  const job = followed.data;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!batchId || files.length === 0) return setFailure({ message: t('exports_import_choose'), refusals: [] });
    setFailure(null);
    setImportId(null);
    setBatchImport(false);
    start.mutate(
      { batchId, format, mode, files },
      {
        onSuccess: (answer) => (answer.batchImport ? setBatchImport(true) : setImportId(answer.importId)),
        onError: (error) => {
          const data = error instanceof ApiError ? (error.data as { fields?: { message: string }[] } | null) : null;
          setFailure({ message: error instanceof ApiError ? error.message : t('request_fail'), refusals: (data?.fields ?? []).map((f) => ({ source: '', message: f.message })) });
        },
      },
    );
  };

  const running = job?.status === 'queued' || job?.status === 'running';
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('exports_import_title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={submit} noValidate aria-label={t('exports_import_title')}>
          <p className="text-xs text-muted-foreground">{t('exports_import_hint')}</p>
          <FormField id="import-batch" label={t('exports_import_batch')}>
            <Select value={batchId} onChange={(e) => setBatchId(e.target.value)}>
              <option value="">{t('exports_import_choose_batch')}</option>
              {options.batches.map((batch) => (
                <option key={batch.id} value={batch.id}>
                  {batch.name}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id="import-format" label={t('exports_format')}>
            <Select value={format} onChange={(e) => setFormat(e.target.value as ExportFormat)}>
              {formats.map((f) => (
                <option key={f} value={f} disabled={f === 'rule_json' && !options.dataRule}>
                  {formatLabel(t, f)}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id="import-mode" label={t('exports_import_mode')}>
            <Select value={mode} onChange={(e) => setMode(e.target.value as 'all' | 'good')}>
              <option value="all">{t('exports_import_mode_all')}</option>
              <option value="good">{t('exports_import_mode_good')}</option>
            </Select>
          </FormField>
          <FormField id="import-file" label={t('exports_import_file')}>
            <Input type="file" accept=".json,.xml,.txt,.zip" onChange={(e) => setFiles([...(e.target.files ?? [])].slice(0, 1))} />
          </FormField>
          <FormField id="import-folder" label={t('exports_import_folder')}>
            {/* The browser's folder picker: every file of the folder, each knowing its path inside it. */}
            <Input type="file" multiple {...{ webkitdirectory: '' }} onChange={(e) => setFiles([...(e.target.files ?? [])])} />
          </FormField>
          {failure && (
            <div role="alert" className="grid gap-1 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive">
              <p>{failure.message}</p>
              <SourcedLines lines={failure.refusals} />
            </div>
          )}
          {followed.error && (
            <p role="alert" className="text-sm text-destructive">
              {followed.error instanceof ApiError ? followed.error.message : t('request_fail')}
            </p>
          )}
          {batchImport && (
            <p role="status" className="text-sm">
              {t('exports_import_with_media')}
            </p>
          )}
          {(start.isPending || (importId && !job) || running) && (
            <div role="status" aria-label={t('exports_import_progress')} className="grid gap-1 text-sm">
              <p>{job?.status === 'running' ? t('exports_import_running', { progress: job.progress }) : t('exports_import_queued')}</p>
              <Progress value={job?.progress ?? 0} aria-label={t('exports_import_progress')} />
            </div>
          )}
          {job?.status === 'failed' && <ImportFailed job={job} />}
          {job?.status === 'finished' && <ImportFinished job={job} />}
          <div>
            <Button type="submit" disabled={start.isPending || running}>
              {t('exports_import_start')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** Nothing was written: why, with every refused line kept, and what would have been skipped. */
function ImportFailed({ job }: { job: AnnotationImportView }) {
  return (
    <div role="alert" className="grid gap-1 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive">
      <p>{job.reason}</p>
      <SourcedLines lines={job.refusals} more={job.refused - job.refusals.length} />
      {job.warnings.length > 0 && <ImportWarnings job={job} />}
    </div>
  );
}

/** What the import wrote, the lines of a partial import it left out, what it dropped and what it skipped with a warning. */
function ImportFinished({ job }: { job: AnnotationImportView }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('exports_import_result')} className="grid gap-1 text-sm">
      <p>{t('exports_import_done', { count: job.items, items: job.items, objects: job.objects })}</p>
      <SourcedLines lines={job.refusals} more={job.refused - job.refusals.length} className="text-muted-foreground" />
      {(job.dropped.files.length > 0 || job.dropped.objects.length > 0) && (
        <details className="text-xs">
          <summary>{t('exports_import_dropped', { count: job.dropped.objects.length, files: job.dropped.files.length, objects: job.dropped.objects.length })}</summary>
          <ul className="list-disc ps-5 font-mono text-muted-foreground">
            {[...job.dropped.files, ...job.dropped.objects].map((source) => (
              <li key={source}>{source}</li>
            ))}
          </ul>
        </details>
      )}
      {job.warnings.length > 0 && <ImportWarnings job={job} />}
    </div>
  );
}

/** Lines of a refusal or a warning, each with where it was read, and how many more there were than are listed. */
function SourcedLines({ lines, more = 0, className = '' }: { lines: Line[]; more?: number; className?: string }) {
  const { t } = useTranslation();
  if (lines.length === 0) return null;
  return (
    <ul className={`list-disc ps-5 text-xs ${className}`}>
      {lines.map((r, i) => (
        <li key={i}>
          {r.source && <span className="font-mono">{r.source}: </span>}
          {r.message}
        </li>
      ))}
      {more > 0 && <li>{t('exports_import_more_lines', { count: more })}</li>}
    </ul>
  );
}

function ImportWarnings({ job }: { job: AnnotationImportView }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('exports_import_warnings')} className="grid gap-1 text-amber-700 dark:text-amber-400">
      <p className="text-xs font-medium">{t('exports_import_warnings')}</p>
      <SourcedLines lines={job.warnings} more={job.warned - job.warnings.length} />
    </section>
  );
}
