// The secret of a webhook, shown once right after it was made: the server never answers it again.
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

export function WebhookSecret({ secret, onDismiss }: { secret: string; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="grid gap-2 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm dark:bg-amber-950/30">
      <p className="font-medium">{t('webhooks_secret_once')}</p>
      <code data-testid="webhook-secret" className="select-all break-all rounded bg-background px-2 py-1 font-mono text-xs">
        {secret}
      </code>
      <div className="flex gap-2">
        <Button size="sm" variant="outline" onClick={() => void navigator.clipboard?.writeText(secret)}>
          {t('webhooks_copy')}
        </Button>
        <Button size="sm" onClick={onDismiss}>
          {t('webhooks_secret_saved')}
        </Button>
      </div>
    </div>
  );
}
