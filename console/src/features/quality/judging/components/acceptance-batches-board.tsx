// A project's acceptance batches as the acceptor works through them: grouped by status, each with its progress and
// times, and a claim button on those it may take (a batch another acceptor holds asks first).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AcceptanceBatchRow, AcceptanceStatus } from '@annot/workflows';
import { ActionsCell, ListTable } from '@/components/list-table';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { useAcceptorBatches } from '@/features/quality/api/get-acceptor-batches';
import { ClaimBatchButton } from './claim-batch-button';
import { batchName, durationText } from '@/features/quality/components/quality-labels';
import { formatTime } from '@/lib/time';
import { formatNumber } from '@/lib/numbers';

/** The order an acceptor looks at them in: what is under way, what waits, then what is done with. */
const groupOrder: AcceptanceStatus[] = ['accepting', 'pending', 'submitted', 'rejected', 'passed', 'withdrawn', 'not_accepted'];

/** A batch the acceptor may claim now: waiting, or held by someone else (a takeover). */
export const claimable = (batch: AcceptanceBatchRow, me: string | null): boolean =>
  batch.status === 'pending' || (batch.status === 'accepting' && batch.claimer?.id !== me);

export interface AcceptanceBatchesBoardProps {
  projectId: string;
  me: string | null;
  batchPath: (batchId: string) => string;
  onClaimed: (batchId: string) => void;
}

export function AcceptanceBatchesBoard({ projectId, me, batchPath, onClaimed }: AcceptanceBatchesBoardProps) {
  const { t } = useTranslation();
  const batches = useAcceptorBatches(projectId);
  if (batches.isPending) return <Skeleton className="h-48" />;
  const rows = batches.data ?? [];
  if (batches.error || rows.length === 0)
    return (
      <ListTable headings={[t('judging_batch')]} empty error={batches.error}>
        {null}
      </ListTable>
    );
  const groups = groupOrder.map((status) => ({ status, rows: rows.filter((b) => b.status === status) })).filter((g) => g.rows.length > 0);
  return (
    <div className="grid gap-4">
      {groups.map((group) => (
        <Card key={group.status} aria-label={t(`quality_acceptance_status_${group.status}`)}>
          <CardHeader>
            <CardTitle>{t('judging_batches_in_status', { status: t(`quality_acceptance_status_${group.status}`), count: group.rows.length })}</CardTitle>
          </CardHeader>
          <CardContent>
            <ListTable
              headings={[t('judging_batch'), t('judging_progress'), t('judging_passed_count'), t('judging_rejected_count'), t('judging_claimer'), t('judging_started_at'), t('judging_submitted_at'), t('judging_cost_time'), t('actions')]}
              empty={false}
            >
              {group.rows.map((batch) => {
                const name = batchName(batch.sequence, t);
                return (
                  <TableRow key={batch.batchId}>
                    <TableCell className="font-medium">{name}</TableCell>
                    <TableCell>{t('judging_judged_of', { judged: batch.judgedCount, count: batch.itemCount })}</TableCell>
                    <TableCell>{formatNumber(batch.passedCount)}</TableCell>
                    <TableCell>{formatNumber(batch.rejectedCount)}</TableCell>
                    <TableCell>{batch.claimer ? (batch.claimer.id === me ? t('judging_claimer_me') : batch.claimer.name) : '—'}</TableCell>
                    <TableCell>{formatTime(batch.claimedAt)}</TableCell>
                    <TableCell>{formatTime(batch.submittedAt)}</TableCell>
                    <TableCell>{durationText(batch.costSeconds, t)}</TableCell>
                    <ActionsCell>
                      <Button asChild size="sm" variant="outline">
                        <Link to={batchPath(batch.batchId)} aria-label={t('judging_open_batch_named', { batch: name })}>
                          {t('judging_open_batch')}
                        </Link>
                      </Button>
                      {claimable(batch, me) && <ClaimBatchButton batchId={batch.batchId} label={name} onClaimed={() => onClaimed(batch.batchId)} />}
                    </ActionsCell>
                  </TableRow>
                );
              })}
            </ListTable>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
