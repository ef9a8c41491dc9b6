// The replay button: delivers again from a log position, or from the first event at or after a local time.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { replayWebhookInput } from '@annot/workflows';
import { FormRefusal } from '@/components/form-refusal';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useReplayWebhook } from '../api/webhooks';

export function WebhookReplay({ projectId, webhookId }: { projectId: string; webhookId: string }) {
  const { t } = useTranslation();
  const replay = useReplayWebhook(projectId, webhookId);
  const [from, setFrom] = useState<'time' | 'position'>('time');
  const form = useSchemaForm(replayWebhookInput, {});
  const submit = form.handleSubmit((input) => replay.mutate(input, { onSuccess: () => toast.success(t('webhooks_replay_asked')), onError: (error) => form.showRefusal(error) }));
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={submit} noValidate aria-label={t('webhooks_replay')}>
      <label className="grid gap-1.5 text-sm">
        {t('webhooks_replay_from')}
        <select
          className="h-9 rounded-md border bg-background px-2 text-sm"
          value={from}
          onChange={(event) => {
            setFrom(event.target.value as 'time' | 'position');
            form.reset({});
          }}
        >
          <option value="time">{t('webhooks_replay_from_time')}</option>
          <option value="position">{t('webhooks_replay_from_position')}</option>
        </select>
      </label>
      {from === 'time' ? (
        <FormField id={`webhook-replay-time-${webhookId}`} label={t('webhooks_replay_time')} error={form.errorOf('fromTime')}>
          {/* A local time from the picker, sent as the instant it names. */}
          <Input type="datetime-local" {...form.register('fromTime', { setValueAs: (value: string) => (value ? new Date(value).toISOString() : undefined) })} />
        </FormField>
      ) : (
        <FormField id={`webhook-replay-position-${webhookId}`} label={t('webhooks_position')} error={form.errorOf('fromPosition')}>
          <Input inputMode="numeric" {...form.register('fromPosition', { setValueAs: (value: string) => value || undefined })} />
        </FormField>
      )}
      <Button type="submit" variant="outline" disabled={replay.isPending}>
        {t('webhooks_replay')}
      </Button>
      <FormRefusal error={replay.error} shownInFields={Object.keys(form.formState.errors).length > 0} />
    </form>
  );
}
