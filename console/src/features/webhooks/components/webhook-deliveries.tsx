// A webhook's delivery log, newest attempt first: which event, which try, what the receiver answered and how fast.
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/list-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { useWebhookDeliveries } from '../api/webhooks';
import { formatTime } from '@/lib/time';
import { formatDigits } from '@/lib/numbers';

export function WebhookDeliveries({ projectId, webhookId }: { projectId: string; webhookId: string }) {
  const { t } = useTranslation();
  const log = useWebhookDeliveries(projectId, webhookId);
  const attempts = (log.data?.pages ?? []).flatMap((page) => page.items);
  const headings = [t('webhooks_attempted_at'), t('webhooks_event'), t('webhooks_position'), t('webhooks_attempt'), t('webhooks_outcome'), t('webhooks_duration')];
  return (
    <section className="grid gap-2" aria-label={t('webhooks_deliveries')}>
      <h3 className="text-sm font-semibold">{t('webhooks_deliveries')}</h3>
      <div className="overflow-x-auto">
        <ListTable headings={headings} empty={!log.isPending && attempts.length === 0} error={log.error}>
          {attempts.map((attempt) => (
            <TableRow key={attempt.id} data-testid="webhook-delivery">
              <TableCell className="whitespace-nowrap">{formatTime(attempt.attemptedAt)}</TableCell>
              <TableCell>
                <span className="font-mono text-xs">{attempt.eventType}</span>
                <span className="block font-mono text-[10px] text-muted-foreground">{attempt.eventId}</span>
              </TableCell>
              <TableCell className="font-mono text-xs">{attempt.globalPosition}</TableCell>
              <TableCell>{formatDigits(attempt.attempt)}</TableCell>
              <TableCell>
                <Badge variant={attempt.ok ? 'success' : 'destructive'}>{attempt.ok ? t('webhooks_delivered') : t('webhooks_failed')}</Badge>{' '}
                <span className="text-xs">{String(attempt.statusCode ?? '')} {attempt.error ?? ''}</span>
              </TableCell>
              <TableCell>{t('webhooks_ms', { ms: attempt.durationMs })}</TableCell>
            </TableRow>
          ))}
        </ListTable>
      </div>
      {log.hasNextPage && (
        <div>
          <Button size="sm" variant="outline" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            {t('load_more')}
          </Button>
        </div>
      )}
    </section>
  );
}
