// A project's algorithm config: which algorithm and version pre-annotates which annotation link with what score
// threshold, and the share of items held out as the control group; saved with the project's basics.
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type AlgorithmView, type ProjectDetail, projectAlgorithmConfig } from '@annot/workflows';
import { FormRefusal } from '@/components/form-refusal';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useAlgorithms, useSaveAlgorithmConfig } from '../api/algorithms';
import { nameIn } from './algorithm-labels';
import { linkLabel } from '@/lib/link-label';

const orNull = (value: unknown) => (value === '' ? null : value);

export function ProjectAlgorithmConfig({ project }: { project: ProjectDetail }) {
  const algorithms = useAlgorithms();
  // The selects show the saved choices only once the algorithms they name are among their options.
  if (!algorithms.data) return <Skeleton className="h-48" />;
  return <ConfigForm project={project} algorithms={algorithms.data} />;
}

function ConfigForm({ project, algorithms }: { project: ProjectDetail; algorithms: AlgorithmView[] }) {
  const { t, i18n } = useTranslation();
  const save = useSaveAlgorithmConfig(project);
  const current = project.basics.algorithmConfig ?? { calls: [], controlGroupRatio: 10 };
  const form = useSchemaForm(projectAlgorithmConfig, current);
  const rows = useFieldArray({ control: form.control, name: 'calls' });
  const chosen = form.watch('calls') ?? [];
  const links = project.links.filter((l) => l.type === 'annotation');
  const submit = form.handleSubmit((config) => save.mutate(config, { onSuccess: () => toast.success(t('saved')), onError: (error) => form.showRefusal(error, 'algorithmConfig.') }));

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('algorithms_project_config')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-3" onSubmit={submit} noValidate aria-label={t('algorithms_project_config')}>
          {rows.fields.map((row, i) => {
            const versions = algorithms.find((a) => a.id === chosen[i]?.algorithmId)?.versions ?? [];
            return (
              <fieldset key={row.id} className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-2" aria-label={t('algorithms_config_row', { n: i + 1 })}>
                <FormField id={`config-${i}-algorithm`} label={t('algorithms_algorithm')} error={form.errorOf(`calls.${i}.algorithmId`)}>
                  <Select {...form.register(`calls.${i}.algorithmId`)}>
                    <option value="">-</option>
                    {algorithms.map((a) => (
                      <option key={a.id} value={a.id}>
                        {nameIn(i18n.language, { zh: a.nameZh, en: a.nameEn })}
                      </option>
                    ))}
                  </Select>
                </FormField>
                <FormField id={`config-${i}-version`} label={t('algorithms_version')} error={form.errorOf(`calls.${i}.versionId`)}>
                  <Select {...form.register(`calls.${i}.versionId`, { setValueAs: orNull })}>
                    <option value="">{t('algorithms_newest')}</option>
                    {versions.map((v) => (
                      <option key={v.id} value={v.id}>
                        {v.version}
                      </option>
                    ))}
                  </Select>
                </FormField>
                <FormField id={`config-${i}-link`} label={t('algorithms_link')}>
                  <Select {...form.register(`calls.${i}.linkId`, { setValueAs: orNull })}>
                    <option value="">{t('algorithms_any_link')}</option>
                    {links.map((l) => (
                      <option key={l.id} value={l.id}>
                        {linkLabel(t, l)}
                      </option>
                    ))}
                  </Select>
                </FormField>
                <FormField id={`config-${i}-threshold`} label={t('algorithms_score_threshold')} error={form.errorOf(`calls.${i}.scoreThreshold`)}>
                  <Input type="number" step="0.05" min="0" max="1" {...form.register(`calls.${i}.scoreThreshold`, { valueAsNumber: true })} />
                </FormField>
                <div>
                  <Button type="button" size="sm" variant="ghost" onClick={() => rows.remove(i)}>
                    {t('algorithms_remove')}
                  </Button>
                </div>
              </fieldset>
            );
          })}
          <div>
            <Button type="button" size="sm" variant="outline" onClick={() => rows.append({ algorithmId: '', versionId: null, linkId: null, scoreThreshold: 0.5 })}>
              {t('algorithms_add_row')}
            </Button>
          </div>
          <FormField id="config-ratio" label={t('algorithms_controlGroupRatio')} error={form.errorOf('controlGroupRatio')}>
            <Input type="number" min="0" max="100" {...form.register('controlGroupRatio', { valueAsNumber: true })} />
          </FormField>
          <FormRefusal error={save.error} shownInFields={Object.keys(form.formState.errors).length > 0} />
          <div>
            <Button type="submit" disabled={save.isPending}>
              {t('save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
