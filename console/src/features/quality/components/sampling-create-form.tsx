// The PM's new sampling task: a data batch or what the last link finished since the previous task, sampled by ratio or
// by count, with what the scope would screen and the sample size a chosen margin needs; refusals stay in place.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { createSamplingInput, sampleSizeOf, samplingMarginDefault, type SampleRule, type SamplingScopeInput } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { type FieldErrors, serverFieldErrors, zodFieldErrors } from '@/lib/form-errors';
import { useCreateSamplingTask } from '../api/create-sampling-task';
import { useSamplingPreview } from '../api/get-sampling-preview';
import { fieldError } from '@/lib/field-errors';
import { FormRefusal } from '@/components/form-refusal';

export interface SamplingCreateFormProps {
  projectId: string;
  /** The project's data batches. */
  batches: { id: string; name: string }[];
  /** The project's last link, where items finish; null while the project has none. */
  lastLink: { id: string; name: string } | null;
  onCreated?: (taskId: string) => void;
}

type ScopeKind = SamplingScopeInput['kind'];

/** The fields that show their own refusals; any other refusal is said under the form. */
const shownFields = ['scope', 'rule'];

/** An input's number, NaN when it holds none, so the schema refuses it with the seed's message. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export function SamplingCreateForm({ projectId, batches, lastLink, onCreated }: SamplingCreateFormProps) {
  const { t } = useTranslation();
  const create = useCreateSamplingTask(projectId);
  const [kind, setKind] = useState<ScopeKind>('batch');
  const [batchId, setBatchId] = useState('');
  const [by, setBy] = useState<SampleRule['by']>('ratio');
  const [ratio, setRatio] = useState('10');
  const [count, setCount] = useState('');
  const [margin, setMargin] = useState(String(samplingMarginDefault));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<unknown>(null);

  const scope: SamplingScopeInput | null = kind === 'batch' ? (batchId ? { kind, batchId } : null) : lastLink ? { kind, linkId: lastLink.id } : null;
  const rule = (by === 'ratio' ? { by, ratio: numberOf(ratio) } : { by, count: numberOf(count) }) as SampleRule;
  const marginValue = Number(margin);
  const marginValid = Number.isInteger(marginValue) && marginValue >= 1 && marginValue <= 50;
  const preview = useSamplingPreview(projectId, scope, marginValue);
  const planned = preview.data ? sampleSizeOf(rule, preview.data.screeningCount) : null;

  const changed = () => (setErrors({}), setRefusal(null));
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!scope) return (setErrors({ scope: t('quality_choose_batch_first') }), setRefusal(null));
    const parsed = createSamplingInput.safeParse({ scope, rule });
    if (!parsed.success) return (setErrors(zodFieldErrors(parsed.error, t)), setRefusal(null));
    create.mutate(parsed.data, {
      onSuccess: ({ taskId }) => {
        changed();
        toast.success(t('quality_sampling_created'));
        onCreated?.(taskId);
      },
      onError: (error) => (setErrors(serverFieldErrors(error)), setRefusal(error)),
    });
  };
  const takeSuggested = (size: number) => (setBy('count'), setCount(String(size)), changed());

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('quality_sampling_new')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid max-w-3xl gap-4" onSubmit={submit} noValidate aria-label={t('quality_sampling_new')}>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">{t('quality_scope')}</legend>
            <div className="flex flex-wrap items-center gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input type="radio" name="sampling-scope" checked={kind === 'batch'} onChange={() => (setKind('batch'), changed())} />
                {t('quality_scope_batch')}
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="sampling-scope" checked={kind === 'link'} disabled={!lastLink} onChange={() => (setKind('link'), changed())} />
                {lastLink ? t('quality_scope_last_link_named', { link: lastLink.name }) : t('quality_scope_last_link')}
              </label>
            </div>
            {kind === 'batch' && (
              <FormField id="sampling-batch" label={t('quality_data_batch')} error={fieldError(errors, 'scope')}>
                <Select className="w-72" value={batchId} onChange={(e) => (setBatchId(e.target.value), changed())}>
                  <option value="">{t('quality_choose_batch')}</option>
                  {batches.map((batch) => (
                    <option key={batch.id} value={batch.id}>
                      {batch.name}
                    </option>
                  ))}
                </Select>
              </FormField>
            )}
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">{t('quality_rule')}</legend>
            <div className="flex flex-wrap items-center gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input type="radio" name="sampling-rule" checked={by === 'ratio'} onChange={() => (setBy('ratio'), changed())} />
                {t('quality_rule_ratio')}
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="sampling-rule" checked={by === 'count'} onChange={() => (setBy('count'), changed())} />
                {t('quality_rule_count')}
              </label>
            </div>
            {by === 'ratio' ? (
              <FormField id="sampling-ratio" label={t('quality_sampling_ratio')} error={fieldError(errors, 'rule')}>
                <Input className="w-32" type="number" min="0" max="100" step="1" value={ratio} onChange={(e) => (setRatio(e.target.value), changed())} />
              </FormField>
            ) : (
              <FormField id="sampling-count" label={t('quality_sample_count')} error={fieldError(errors, 'rule')}>
                <Input className="w-32" type="number" min="1" step="1" value={count} onChange={(e) => (setCount(e.target.value), changed())} />
              </FormField>
            )}
          </fieldset>
          <div className="grid gap-2 rounded-md border border-border p-3">
            <FormField id="sampling-margin" label={t('quality_margin')}>
              <Input className="w-32" type="number" min="1" max="50" step="1" value={margin} onChange={(e) => setMargin(e.target.value)} />
            </FormField>
            <div role="status" aria-label={t('quality_preview')} className="text-sm">
              {!scope ? (
                <span className="text-muted-foreground">{t('quality_preview_choose_scope')}</span>
              ) : !marginValid ? (
                <span className="text-destructive">{t('quality_margin_range')}</span>
              ) : preview.isPending ? (
                <span className="text-muted-foreground">{t('quality_preview_loading')}</span>
              ) : preview.error ? (
                <span className="text-destructive">{preview.error instanceof Error ? preview.error.message : t('request_fail')}</span>
              ) : (
                preview.data && (
                  <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
                    <span>{t('quality_preview_screening', { count: preview.data.screeningCount })}</span>
                    <span>{t('quality_preview_annotators', { count: preview.data.annotators })}</span>
                    <span>{t('quality_preview_suggested', { size: preview.data.suggestedSampleSize, margin })}</span>
                    {planned !== null && <span>{t('quality_preview_planned', { size: planned })}</span>}
                    {preview.data.suggestedSampleSize > 0 && (
                      <Button type="button" size="sm" variant="outline" onClick={() => takeSuggested(preview.data.suggestedSampleSize)}>
                        {t('quality_use_suggested', { size: preview.data.suggestedSampleSize })}
                      </Button>
                    )}
                  </div>
                )
              )}
            </div>
          </div>
          <FormRefusal error={refusal} shownInFields={shownFields.some((field) => fieldError(errors, field))} />
          <div>
            <Button type="submit" disabled={create.isPending}>
              {t('quality_sampling_create')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
