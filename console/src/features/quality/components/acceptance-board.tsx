// A project's acceptance batches grouped by state in the order an acceptor works through them, each a card that opens
// the batch on the PM's acceptance page.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AcceptanceStatus } from '@annot/workflows';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { failureMessage } from '@/components/refusal';
import { useAcceptanceBatches } from '../api/get-acceptance-batches';
import { batchName, durationText } from './quality-labels';

/** What is under way, what waits, then what is done with: the acceptor area's order. */
const groupOrder: AcceptanceStatus[] = ['accepting', 'pending', 'submitted', 'rejected', 'passed', 'withdrawn', 'not_accepted'];

export function AcceptanceBoard({ projectId, batchPath }: { projectId: string; batchPath: (batchId: string) => string }) {
  const { t } = useTranslation();
  const batches = useAcceptanceBatches(projectId);
  if (batches.isPending) return <Skeleton className="h-48" />;
  if (batches.error)
    return (
      <p role="alert" className="text-sm text-muted-foreground">
        {failureMessage(batches.error, t)}
      </p>
    );
  const rows = batches.data.items;
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{t('quality_acceptance_none')}</p>;
  return (
    <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-4">
      {groupOrder.map((status) => {
        const group = rows.filter((b) => b.status === status);
        if (group.length === 0) return null;
        const title = t('quality_batches_in_status', { status: t(`quality_acceptance_status_${status}`), count: group.length });
        return (
          <Card key={status} role="region" aria-label={title}>
            <CardHeader>
              <CardTitle>{title}</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-2">
                {group.map((batch) => (
                  <li key={batch.batchId} className="rounded-md border border-border p-2 text-sm">
                    <Link className="font-medium underline-offset-2 hover:underline" to={batchPath(batch.batchId)}>
                      {batchName(batch.sequence, t)}
                    </Link>
                    <p className="text-xs text-muted-foreground">
                      {t('quality_board_counts', { judged: batch.judgedCount, count: batch.itemCount, passed: batch.passedCount, rejected: batch.rejectedCount })}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {batch.claimer ? t('quality_board_claimer', { name: batch.claimer.name, cost: durationText(batch.costSeconds, t) }) : t('quality_board_unclaimed')}
                    </p>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}
