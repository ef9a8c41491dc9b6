// Pre-labelled data: a PM uploads annotations in one of the export formats for a batch; they become the starting
// results of its waiting items, or the refusal lists each refused line in the reader's language; what was skipped
// with a warning, and what a partial import dropped, is listed under the outcome. An export with its images, zipped
// or its folder picked, becomes the batch's import, which makes the items and then their results.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type ExportFormat, type ExportOptions, formatsFor } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { type AnnotationImportResult, useImportAnnotations } from '../api/exports';
import { formatLabel } from './export-labels';

type Refusal = { source: string; message: string };

export function AnnotationImportForm({ annotationType, options }: { annotationType: string; options: ExportOptions }) {
  const { t } = useTranslation();
  const upload = useImportAnnotations();
  const [batchId, setBatchId] = useState('');
  const formats = formatsFor(annotationType);
  const [format, setFormat] = useState<ExportFormat>(formats[0]);
  const [mode, setMode] = useState<'all' | 'good'>('all');
  const [files, setFiles] = useState<File[]>([]);
  const [result, setResult] = useState<AnnotationImportResult | null>(null);
  const [importing, setImporting] = useState(false);
  const [failure, setFailure] = useState<{ message: string; refusals: Refusal[]; warnings: Refusal[] } | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!batchId || files.length === 0) return setFailure({ message: t('exports_import_choose'), refusals: [], warnings: [] });
    setFailure(null);
    setResult(null);
    setImporting(false);
    upload.mutate(
      { batchId, format, mode, files },
      {
        onSuccess: (answer) => {
          if ('importId' in answer) return void (setImporting(true), toast.success(t('exports_import_with_media')));
          setResult(answer);
          toast.success(t('exports_import_done', { count: answer.items, items: answer.items, objects: answer.objects }));
        },
        onError: (error) => {
          const data = error instanceof ApiError ? (error.data as { refusals?: Refusal[]; warnings?: Refusal[] } | null) : null;
          setFailure({ message: error instanceof ApiError ? error.message : t('request_fail'), refusals: data?.refusals ?? [], warnings: data?.warnings ?? [] });
        },
      },
    );
  };

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
              {failure.warnings.length > 0 && <ImportWarnings lines={failure.warnings} />}
            </div>
          )}
          {importing && (
            <p role="status" className="text-sm">
              {t('exports_import_with_media')}
            </p>
          )}
          {result && (
            <div role="status" className="grid gap-1 text-sm">
              <p>{t('exports_import_done', { count: result.items, items: result.items, objects: result.objects })}</p>
              <SourcedLines lines={result.refusals} className="text-muted-foreground" />
              {(result.dropped.files.length > 0 || result.dropped.objects.length > 0) && (
                <details className="text-xs">
                  <summary>{t('exports_import_dropped', { count: result.dropped.objects.length, files: result.dropped.files.length, objects: result.dropped.objects.length })}</summary>
                  <ul className="list-disc ps-5 font-mono text-muted-foreground">
                    {[...result.dropped.files, ...result.dropped.objects].map((source) => (
                      <li key={source}>{source}</li>
                    ))}
                  </ul>
                </details>
              )}
              {result.warnings.length > 0 && <ImportWarnings lines={result.warnings} />}
            </div>
          )}
          <div>
            <Button type="submit" disabled={upload.isPending}>
              {t('exports_import_start')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** Lines of a refusal or a warning, each with where it was read. */
function SourcedLines({ lines, className = '' }: { lines: Refusal[]; className?: string }) {
  if (lines.length === 0) return null;
  return (
    <ul className={`list-disc ps-5 text-xs ${className}`}>
      {lines.map((r, i) => (
        <li key={i}>
          <span className="font-mono">{r.source}</span>: {r.message}
        </li>
      ))}
    </ul>
  );
}

function ImportWarnings({ lines }: { lines: Refusal[] }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('exports_import_warnings')} className="grid gap-1 text-amber-700 dark:text-amber-400">
      <p className="text-xs font-medium">{t('exports_import_warnings')}</p>
      <SourcedLines lines={lines} />
    </section>
  );
}
