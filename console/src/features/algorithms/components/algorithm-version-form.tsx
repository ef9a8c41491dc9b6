// A new version of an algorithm: a new entry in its history, with its own endpoint; calls use it from then on.
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { addAlgorithmVersionInput, type AlgorithmView } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { FormRefusal } from '@/components/form-refusal';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useAddAlgorithmVersion } from '../api/algorithms';

export function AlgorithmVersionForm({ algorithm, onDone }: { algorithm: AlgorithmView; onDone: () => void }) {
  const { t } = useTranslation();
  const add = useAddAlgorithmVersion(algorithm.id);
  const form = useSchemaForm(addAlgorithmVersionInput, { version: '', endpoint: algorithm.endpoint, credentials: undefined, description: '' });
  const submit = form.handleSubmit(({ credentials, ...input }) =>
    add.mutate(credentials ? { ...input, credentials } : input, { onSuccess: () => (toast.success(t('algorithms_version_added')), onDone()), onError: (error) => form.showRefusal(error) }),
  );
  return (
    <form className="grid gap-3" onSubmit={submit} noValidate aria-label={t('algorithms_new_version')}>
      <FormField id="version-name" label={t('algorithms_version')} error={form.errorOf('version')}>
        <Input {...form.register('version')} />
      </FormField>
      <FormField id="version-endpoint" label={t('algorithms_endpoint')} error={form.errorOf('endpoint')}>
        <Input {...form.register('endpoint')} />
      </FormField>
      <FormField id="version-credentials" label={t('algorithms_credentials')} error={form.errorOf('credentials')}>
        <Input type="password" autoComplete="off" placeholder={t('algorithms_credentials_kept')} {...form.register('credentials')} />
      </FormField>
      <FormField id="version-description" label={t('algorithms_description')} error={form.errorOf('description')}>
        <Input {...form.register('description')} />
      </FormField>
      <FormRefusal error={add.error} shownInFields={Object.keys(form.formState.errors).length > 0} />
      <div>
        <Button type="submit" disabled={add.isPending}>
          {t('algorithms_add_version')}
        </Button>
      </div>
    </form>
  );
}
