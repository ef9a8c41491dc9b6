// The admin's algorithm form: registering one (its first version and endpoint), or editing what describes it and how
// it is called; credentials are written, never read back, and left empty they stay as they are.
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type AlgorithmView, editAlgorithmInput, registerAlgorithmInput } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { FormRefusal } from '@/components/form-refusal';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useEditAlgorithm, useRegisterAlgorithm } from '../api/algorithms';

const numbers = ['controlGroupRatio', 'concurrency', 'timeoutMs'] as const;

function Describing({ form }: { form: ReturnType<typeof useSchemaForm<typeof editAlgorithmInput>> | ReturnType<typeof useSchemaForm<typeof registerAlgorithmInput>> }) {
  const { t } = useTranslation();
  const f = form as ReturnType<typeof useSchemaForm<typeof editAlgorithmInput>>;
  return (
    <>
      <FormField id="algorithm-name-zh" label={t('algorithms_name_zh')} error={f.errorOf('nameZh')}>
        <Input {...f.register('nameZh')} />
      </FormField>
      <FormField id="algorithm-name-en" label={t('algorithms_name_en')} error={f.errorOf('nameEn')}>
        <Input {...f.register('nameEn')} />
      </FormField>
      <FormField id="algorithm-developer" label={t('algorithms_developer')} error={f.errorOf('developer')}>
        <Input {...f.register('developer')} />
      </FormField>
      <FormField id="algorithm-description" label={t('algorithms_description')} error={f.errorOf('description')}>
        <Input {...f.register('description')} />
      </FormField>
      {numbers.map((field) => (
        <FormField key={field} id={`algorithm-${field}`} label={t(`algorithms_${field}`)} error={f.errorOf(field)}>
          <Input type="number" {...f.register(field, { valueAsNumber: true })} />
        </FormField>
      ))}
    </>
  );
}

export function RegisterAlgorithmForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const register = useRegisterAlgorithm();
  const form = useSchemaForm(registerAlgorithmInput, {
    interfaceName: '',
    nameZh: '',
    nameEn: '',
    developer: '',
    description: '',
    version: '1.0',
    endpoint: 'http://',
    credentials: null,
    controlGroupRatio: 10,
    concurrency: 4,
    timeoutMs: 30_000,
    enabled: true,
  });
  const submit = form.handleSubmit((input) =>
    register.mutate({ ...input, credentials: input.credentials || null }, { onSuccess: () => (toast.success(t('algorithms_registered')), onDone()), onError: (error) => form.showRefusal(error) }),
  );
  return (
    <form className="grid gap-3" onSubmit={submit} noValidate aria-label={t('algorithms_register')}>
      <FormField id="algorithm-interface-name" label={t('algorithms_interface_name')} error={form.errorOf('interfaceName')}>
        <Input {...form.register('interfaceName')} />
      </FormField>
      <Describing form={form} />
      <FormField id="algorithm-version" label={t('algorithms_version')} error={form.errorOf('version')}>
        <Input {...form.register('version')} />
      </FormField>
      <FormField id="algorithm-endpoint" label={t('algorithms_endpoint')} error={form.errorOf('endpoint')}>
        <Input {...form.register('endpoint')} />
      </FormField>
      <FormField id="algorithm-credentials" label={t('algorithms_credentials')} error={form.errorOf('credentials')}>
        <Input type="password" autoComplete="off" placeholder={t('algorithms_credentials_hint')} {...form.register('credentials')} />
      </FormField>
      <FormRefusal error={register.error} shownInFields={Object.keys(form.formState.errors).length > 0} />
      <div>
        <Button type="submit" disabled={register.isPending}>
          {t('algorithms_register')}
        </Button>
      </div>
    </form>
  );
}

export function EditAlgorithmForm({ algorithm, onDone }: { algorithm: AlgorithmView; onDone: () => void }) {
  const { t } = useTranslation();
  const edit = useEditAlgorithm(algorithm.id);
  const form = useSchemaForm(editAlgorithmInput, {
    nameZh: algorithm.nameZh,
    nameEn: algorithm.nameEn,
    developer: algorithm.developer,
    description: algorithm.description,
    controlGroupRatio: algorithm.controlGroupRatio,
    concurrency: algorithm.concurrency,
    timeoutMs: algorithm.timeoutMs,
    credentials: undefined,
  });
  const submit = form.handleSubmit(({ credentials, ...input }) =>
    // An empty credentials field keeps the stored ones.
    edit.mutate(credentials ? { ...input, credentials } : input, { onSuccess: () => (toast.success(t('saved')), onDone()), onError: (error) => form.showRefusal(error) }),
  );
  return (
    <form className="grid gap-3" onSubmit={submit} noValidate aria-label={t('algorithms_edit')}>
      <Describing form={form} />
      <FormField id="algorithm-credentials" label={t('algorithms_credentials')} error={form.errorOf('credentials')}>
        <Input type="password" autoComplete="off" placeholder={algorithm.hasCredentials ? t('algorithms_credentials_kept') : t('algorithms_credentials_hint')} {...form.register('credentials')} />
      </FormField>
      <FormRefusal error={edit.error} shownInFields={Object.keys(form.formState.errors).length > 0} />
      <div>
        <Button type="submit" disabled={edit.isPending}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
