// Registering a webhook or changing one: its https address, the event types it receives (grouped as the README lists
// them) and a note; a change may rotate the secret. The answer's secret goes to `onSecret`, to be shown once.
import { useTranslation } from 'react-i18next';
import { changeWebhookInput, registerWebhookInput, webhookEventGroups, type WebhookSecretAnswer, type WebhookView } from '@annot/workflows';
import { FormRefusal } from '@/components/form-refusal';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useChangeWebhook, useRegisterWebhook } from '../api/webhooks';

type Form = ReturnType<typeof useSchemaForm<typeof changeWebhookInput>>;

function EventTypes({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <fieldset className="grid gap-2" aria-describedby={form.errorOf('eventTypes') ? 'webhook-event-types-error' : undefined}>
      <legend className="text-sm font-medium">{t('webhooks_event_types')}</legend>
      {Object.entries(webhookEventGroups).map(([group, types]) => (
        <div key={group} className="grid gap-1">
          <p className="text-xs font-medium text-muted-foreground">{t(`webhooks_group_${group}`)}</p>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {types.map((type) => (
              <label key={type} className="flex items-center gap-1.5 font-mono text-xs">
                <input type="checkbox" value={type} {...form.register('eventTypes')} />
                {type}
              </label>
            ))}
          </div>
        </div>
      ))}
      {form.errorOf('eventTypes') && (
        <p id="webhook-event-types-error" role="alert" className="text-xs text-destructive">
          {form.errorOf('eventTypes')}
        </p>
      )}
    </fieldset>
  );
}

function Fields({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <>
      <FormField id="webhook-url" label={t('webhooks_url')} error={form.errorOf('url')}>
        <Input placeholder="https://" {...form.register('url')} />
      </FormField>
      <EventTypes form={form} />
      <FormField id="webhook-description" label={t('webhooks_description')} error={form.errorOf('description')}>
        <Input {...form.register('description')} />
      </FormField>
    </>
  );
}

export function WebhookForm({ projectId, webhook, onSecret, onDone }: { projectId: string; webhook?: WebhookView; onSecret: (secret: string) => void; onDone: () => void }) {
  const { t } = useTranslation();
  const register = useRegisterWebhook(projectId);
  const change = useChangeWebhook(projectId, webhook?.id ?? '');
  const form = useSchemaForm(changeWebhookInput, {
    url: webhook?.url ?? '',
    eventTypes: webhook?.eventTypes ?? [],
    description: webhook?.description ?? '',
    rotateSecret: false,
  });
  const mutation = webhook ? change : register;
  const answered = (answer: WebhookSecretAnswer) => {
    if (answer.secret) onSecret(answer.secret);
    form.reset();
    onDone();
  };
  const submit = form.handleSubmit(({ rotateSecret, ...input }) => {
    const options = { onSuccess: answered, onError: (error: unknown) => form.showRefusal(error) };
    if (webhook) change.mutate({ ...input, rotateSecret }, options);
    else register.mutate(registerWebhookInput.parse(input), options);
  });
  return (
    <form className="grid gap-3" onSubmit={submit} noValidate aria-label={webhook ? t('webhooks_edit') : t('webhooks_register')}>
      <Fields form={form} />
      {webhook && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register('rotateSecret')} />
          {t('webhooks_rotate_secret')}
        </label>
      )}
      <FormRefusal error={mutation.error} shownInFields={Object.keys(form.formState.errors).length > 0} />
      <div>
        <Button type="submit" disabled={mutation.isPending}>
          {webhook ? t('save') : t('webhooks_register')}
        </Button>
      </div>
    </form>
  );
}
