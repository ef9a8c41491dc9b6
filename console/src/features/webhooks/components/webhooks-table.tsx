// A project's webhooks: where each delivers, what it receives, how its delivery stands (delivered up to a position,
// or failing and retrying), and its actions; a chosen one opens its form, replay and delivery log below.
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookView } from '@annot/workflows';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListTable } from '@/components/list-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { formatClock } from '@/lib/time';
import { useSteerWebhook, useWebhooks } from '../api/webhooks';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookForm } from './webhook-form';
import { WebhookReplay } from './webhook-replay';

function DeliveryState({ webhook }: { webhook: WebhookView }) {
  const { t } = useTranslation();
  const { failures, nextAttemptAt, lastError, deliveredPosition } = webhook.delivery;
  if (failures > 0) {
    return (
      <span className="text-xs text-destructive">
        {t('webhooks_failing', { count: failures, failures, error: lastError ?? '', at: nextAttemptAt ? formatClock(nextAttemptAt) : '-' })}
      </span>
    );
  }
  return <span className="text-xs">{deliveredPosition ? t('webhooks_delivered_up_to', { position: deliveredPosition }) : t('webhooks_nothing_yet')}</span>;
}

export function WebhooksTable({ projectId, onSecret }: { projectId: string; onSecret: (secret: string) => void }) {
  const { t } = useTranslation();
  const webhooks = useWebhooks(projectId);
  const steer = useSteerWebhook(projectId);
  const [open, setOpen] = useState<string | null>(null);
  const [removing, setRemoving] = useState<WebhookView | null>(null);
  const headings = [t('webhooks_url'), t('webhooks_event_types'), t('webhooks_status'), t('webhooks_delivery'), ''];
  const list = webhooks.data ?? [];
  return (
    <div className="overflow-x-auto">
      <ListTable headings={headings} empty={!webhooks.isPending && list.length === 0} error={webhooks.error}>
        {list.map((webhook) => (
          <Fragment key={webhook.id}>
            <TableRow data-testid="webhook">
              <TableCell>
                <span className="break-all font-mono text-xs">{webhook.url}</span>
                {webhook.description && <span className="block text-xs text-muted-foreground">{webhook.description}</span>}
              </TableCell>
              <TableCell className="max-w-xs text-xs">{webhook.eventTypes.join(', ')}</TableCell>
              <TableCell>
                <Badge variant={webhook.status === 'enabled' ? 'success' : 'outline'}>{t(`webhooks_status_${webhook.status}`)}</Badge>
              </TableCell>
              <TableCell>
                <DeliveryState webhook={webhook} />
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <div className="flex gap-1">
                  <Button size="sm" variant="outline" onClick={() => setOpen(open === webhook.id ? null : webhook.id)}>
                    {open === webhook.id ? t('webhooks_close') : t('webhooks_open')}
                  </Button>
                  <Button size="sm" variant="outline" disabled={steer.isPending} onClick={() => steer.mutate({ webhookId: webhook.id, action: webhook.status === 'enabled' ? 'disable' : 'enable' })}>
                    {webhook.status === 'enabled' ? t('webhooks_disable') : t('webhooks_enable')}
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setRemoving(webhook)}>
                    {t('webhooks_remove')}
                  </Button>
                </div>
              </TableCell>
            </TableRow>
            {open === webhook.id && (
              <TableRow>
                <TableCell colSpan={headings.length} className="bg-muted/30">
                  <div className="grid gap-4 py-2">
                    <WebhookForm projectId={projectId} webhook={webhook} onSecret={onSecret} onDone={() => undefined} />
                    <WebhookReplay projectId={projectId} webhookId={webhook.id} />
                    <WebhookDeliveries projectId={projectId} webhookId={webhook.id} />
                  </div>
                </TableCell>
              </TableRow>
            )}
          </Fragment>
        ))}
      </ListTable>
      {removing && (
        <ConfirmDialog
          title={t('webhooks_remove')}
          message={t('webhooks_remove_confirm', { url: removing.url })}
          confirmLabel={t('webhooks_remove')}
          onConfirm={() => steer.mutate({ webhookId: removing.id, action: 'remove' }, { onSettled: () => setRemoving(null) })}
          onCancel={() => setRemoving(null)}
        />
      )}
    </div>
  );
}
