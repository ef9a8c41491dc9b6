// The wizard's first step: title, type, annotation type, dates, price, rework, sampling threshold, recycling and the
// permission toggles.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { annotationTypes, type ProjectBasics, projectBasics, samplingPassThresholdDefault } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { type FieldErrors, zodFieldErrors } from '@/lib/form-errors';

const toggles = ['inspectorMayModify', 'repairAfterAcceptance', 'reacceptPassed'] as const;

const emptyBasics = (): ProjectBasics => {
  const today = new Date().toISOString().slice(0, 10);
  return {
    title: '',
    type: 'formal',
    annotationType: 'picture_single_frame',
    startDate: today,
    endDate: today,
    description: '',
    linkedProjectId: null,
    storageAddress: '',
    unitPrice: 0,
    reworkMaxCount: 0,
    autoRecycle: { enabled: false, timeoutMinutes: null },
    permissions: { inspectorMayModify: false, repairAfterAcceptance: false, reacceptPassed: false },
    algorithmConfig: null,
    samplingPassThreshold: samplingPassThresholdDefault,
  };
};

export interface BasicsFormProps {
  initial: ProjectBasics | null;
  /** Projects this one may be linked to. */
  linkable: { id: string; title: string }[];
  serverErrors: FieldErrors;
  saving: boolean;
  onSave: (basics: ProjectBasics) => void;
}

export function BasicsForm({ initial, linkable, serverErrors, saving, onSave }: BasicsFormProps) {
  const { t } = useTranslation();
  // Basics saved before a setting existed (the sampling threshold) show its default.
  const [form, setForm] = useState<ProjectBasics>({ ...emptyBasics(), ...initial });
  const [errors, setErrors] = useState<FieldErrors>({});
  const shown = { ...serverErrors, ...errors };
  const set = <K extends keyof ProjectBasics>(key: K, value: ProjectBasics[K]) => setForm((f) => ({ ...f, [key]: value }));
  const number = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = projectBasics.safeParse(form);
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error, t));
    setErrors({});
    onSave(parsed.data);
  };

  return (
    <form className="grid max-w-2xl gap-3" onSubmit={submit} noValidate>
      <FormField id="title" label={t('projects_title')} error={shown.title}>
        <Input value={form.title} onChange={(e) => set('title', e.target.value)} />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField id="type" label={t('projects_type')} error={shown.type}>
          <Select value={form.type} onChange={(e) => set('type', e.target.value as ProjectBasics['type'])}>
            <option value="formal">{t('projects_type_formal')}</option>
            <option value="trial">{t('projects_type_trial')}</option>
          </Select>
        </FormField>
        <FormField id="annotationType" label={t('projects_annotation_type')} error={shown.annotationType}>
          <Select value={form.annotationType} onChange={(e) => set('annotationType', e.target.value as ProjectBasics['annotationType'])}>
            {annotationTypes.map((type) => (
              <option key={type} value={type}>
                {t(`annotation_type_${type}`)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="startDate" label={t('projects_start_date')} error={shown.startDate}>
          <Input type="date" value={form.startDate} onChange={(e) => set('startDate', e.target.value)} />
        </FormField>
        <FormField id="endDate" label={t('projects_end_date')} error={shown.endDate}>
          <Input type="date" value={form.endDate} onChange={(e) => set('endDate', e.target.value)} />
        </FormField>
        <FormField id="unitPrice" label={t('projects_unit_price')} error={shown.unitPrice}>
          <Input type="number" step="0.01" min="0" value={Number.isNaN(form.unitPrice) ? '' : form.unitPrice} onChange={(e) => set('unitPrice', number(e.target.value))} />
        </FormField>
        <FormField id="reworkMaxCount" label={t('projects_rework_max')} error={shown.reworkMaxCount}>
          <Input type="number" min="0" value={Number.isNaN(form.reworkMaxCount) ? '' : form.reworkMaxCount} onChange={(e) => set('reworkMaxCount', number(e.target.value))} />
        </FormField>
        <FormField id="samplingPassThreshold" label={t('projects_sampling_pass_threshold')} error={shown.samplingPassThreshold}>
          <Input
            type="number"
            min="0"
            max="100"
            value={Number.isNaN(form.samplingPassThreshold) ? '' : form.samplingPassThreshold}
            onChange={(e) => set('samplingPassThreshold', number(e.target.value))}
          />
        </FormField>
      </div>
      <FormField id="linkedProjectId" label={t('projects_linked_project')} error={shown.linkedProjectId}>
        <Select value={form.linkedProjectId ?? ''} onChange={(e) => set('linkedProjectId', e.target.value || null)}>
          <option value="">{t('none')}</option>
          {linkable.map((project) => (
            <option key={project.id} value={project.id}>
              {project.title}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id="storageAddress" label={t('projects_storage_address')} error={shown.storageAddress}>
        <Input value={form.storageAddress} onChange={(e) => set('storageAddress', e.target.value)} />
      </FormField>
      <FormField id="description" label={t('projects_description')} error={shown.description}>
        <textarea className="min-h-20 rounded-md border border-border bg-card p-2 text-sm" value={form.description} onChange={(e) => set('description', e.target.value)} />
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={form.autoRecycle.enabled} onChange={(e) => set('autoRecycle', { ...form.autoRecycle, enabled: e.target.checked })} />
        {t('projects_auto_recycle')}
      </label>
      {form.autoRecycle.enabled && (
        <FormField id="timeoutMinutes" label={t('projects_recycle_timeout')} error={shown['autoRecycle.timeoutMinutes']}>
          <Input
            type="number"
            min="1"
            value={form.autoRecycle.timeoutMinutes ?? ''}
            onChange={(e) => set('autoRecycle', { ...form.autoRecycle, timeoutMinutes: e.target.value === '' ? null : Number(e.target.value) })}
          />
        </FormField>
      )}
      <fieldset className="grid gap-1">
        <legend className="text-sm font-medium">{t('projects_permissions')}</legend>
        {toggles.map((toggle) => (
          <label key={toggle} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={form.permissions[toggle]} onChange={(e) => set('permissions', { ...form.permissions, [toggle]: e.target.checked })} />
            {t(`projects_permission_${toggle}`)}
          </label>
        ))}
      </fieldset>
      <div>
        <Button type="submit" disabled={saving}>
          {t('projects_save_step')}
        </Button>
      </div>
    </form>
  );
}
