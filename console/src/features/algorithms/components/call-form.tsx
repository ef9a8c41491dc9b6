// Starting an algorithm call: in a project (chosen here, or the page's), on a batch or an annotation link's pool, with
// an algorithm switched on and one of its versions; threshold and control group left empty come from the project's
// algorithm config, then the algorithm's defaults.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { startAlgorithmCallInput } from '@annot/workflows';
import { FormRefusal } from '@/components/form-refusal';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { type FieldErrors, serverFieldErrors, zodFieldErrors } from '@/lib/form-errors';
import { useAlgorithms, useCallProjects, useCallTargets, useStartAlgorithmCall } from '../api/algorithms';
import { nameIn } from './algorithm-labels';

const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text));

export function CallForm({ projectId: fixedProject }: { projectId?: string }) {
  const { t, i18n } = useTranslation();
  const projects = useCallProjects(!fixedProject);
  const [projectId, setProjectId] = useState(fixedProject ?? '');
  const targets = useCallTargets(projectId);
  const algorithms = useAlgorithms();
  const start = useStartAlgorithmCall();
  const [scopeType, setScopeType] = useState<'batch' | 'link'>('batch');
  const [scopeId, setScopeId] = useState('');
  const [algorithmId, setAlgorithmId] = useState('');
  const [versionId, setVersionId] = useState('');
  const [threshold, setThreshold] = useState('');
  const [ratio, setRatio] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  // A project calls what its algorithm config names and an admin has switched on.
  const configured = new Set((targets.data?.project.basics.algorithmConfig?.calls ?? []).map((c) => c.algorithmId));
  const enabled = (algorithms.data ?? []).filter((a) => a.enabled && configured.has(a.id));
  const algorithm = enabled.find((a) => a.id === algorithmId);
  const choices = scopeType === 'batch' ? (targets.data?.batches ?? []) : (targets.data?.links ?? []);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const scope = scopeType === 'batch' ? { type: scopeType, batchId: scopeId } : { type: scopeType, linkId: scopeId };
    const parsed = startAlgorithmCallInput.safeParse({ projectId, algorithmId, versionId: versionId || null, scope, scoreThreshold: optionalNumber(threshold), controlGroupRatio: optionalNumber(ratio) });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error, t));
    setErrors({});
    start.mutate(parsed.data, { onSuccess: () => toast.success(t('algorithms_call_started')), onError: (error) => setErrors(serverFieldErrors(error)) });
  };
  const error = (field: string) => errors[field] && t('algorithms_choose');

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('algorithms_new_call')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-3" onSubmit={submit} noValidate aria-label={t('algorithms_new_call')}>
          {!fixedProject && (
            <FormField id="call-project" label={t('algorithms_project')} error={error('projectId')}>
              <Select value={projectId} onChange={(e) => (setProjectId(e.target.value), setScopeId(''))}>
                <option value="">-</option>
                {(projects.data ?? []).map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.title}
                  </option>
                ))}
              </Select>
            </FormField>
          )}
          <FormField id="call-scope-type" label={t('algorithms_scope')}>
            <Select value={scopeType} onChange={(e) => (setScopeType(e.target.value as 'batch' | 'link'), setScopeId(''))}>
              <option value="batch">{t('algorithms_scope_batch')}</option>
              <option value="link">{t('algorithms_scope_link')}</option>
            </Select>
          </FormField>
          <FormField id="call-scope" label={scopeType === 'batch' ? t('algorithms_batch') : t('algorithms_link')} error={error('scope.batchId') ?? error('scope.linkId')}>
            <Select value={scopeId} onChange={(e) => setScopeId(e.target.value)}>
              <option value="">-</option>
              {choices.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id="call-algorithm" label={t('algorithms_algorithm')} error={error('algorithmId')}>
            <Select value={algorithmId} onChange={(e) => (setAlgorithmId(e.target.value), setVersionId(''))}>
              <option value="">-</option>
              {enabled.map((a) => (
                <option key={a.id} value={a.id}>
                  {nameIn(i18n.language, { zh: a.nameZh, en: a.nameEn })}
                </option>
              ))}
            </Select>
          </FormField>
          {targets.data && enabled.length === 0 && <p className="text-xs text-muted-foreground">{t('algorithms_none_configured')}</p>}
          <FormField id="call-version" label={t('algorithms_version')}>
            <Select value={versionId} onChange={(e) => setVersionId(e.target.value)}>
              <option value="">{t('algorithms_newest_version', { version: algorithm?.version ?? '-' })}</option>
              {(algorithm?.versions ?? []).map((v) => (
                <option key={v.id} value={v.id}>
                  {v.version}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id="call-threshold" label={t('algorithms_score_threshold')} error={errors.scoreThreshold}>
            <Input type="number" step="0.05" min="0" max="1" value={threshold} placeholder={t('algorithms_from_config')} onChange={(e) => setThreshold(e.target.value)} />
          </FormField>
          <FormField id="call-ratio" label={t('algorithms_controlGroupRatio')} error={errors.controlGroupRatio}>
            <Input type="number" min="0" max="100" value={ratio} placeholder={t('algorithms_from_config')} onChange={(e) => setRatio(e.target.value)} />
          </FormField>
          <FormRefusal error={start.error} shownInFields={Object.keys(errors).length > 0} />
          <div>
            <Button type="submit" disabled={start.isPending}>
              {t('algorithms_start_call')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
