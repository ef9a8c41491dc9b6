// A project's acceptance batches for the PM: state, items and their verdicts, the acceptors named and the one who
// claimed it, start and submission time and the time it took; each opens its own page.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ListTable } from '@/components/list-table';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { useAcceptanceBatches } from '../api/get-acceptance-batches';
import { AcceptanceStatusBadge, batchName, durationText } from './quality-labels';
import { formatTime } from '@/lib/time';
import { formatNumber } from '@/lib/numbers';

export function AcceptanceBatchesTable({ projectId, batchPath }: { projectId: string; batchPath: (batchId: string) => string }) {
  const { t } = useTranslation();
  const batches = useAcceptanceBatches(projectId);
  if (batches.isPending) return <Skeleton className="h-32" />;
  const rows = batches.data?.items ?? [];
  const headings = [
    t('quality_acceptance_batch'),
    t('quality_status'),
    t('quality_item_count'),
    t('quality_judged'),
    t('quality_passed'),
    t('quality_rejected'),
    t('quality_acceptors'),
    t('quality_claimer'),
    t('quality_started_at'),
    t('quality_submitted_at'),
    t('quality_cost_time'),
  ];
  return (
    <ListTable headings={headings} empty={rows.length === 0} error={batches.error}>
      {rows.map((batch) => (
        <TableRow key={batch.batchId}>
          <TableCell>
            <Link className="font-medium underline-offset-2 hover:underline" to={batchPath(batch.batchId)}>
              {batchName(batch.sequence, t)}
            </Link>
          </TableCell>
          <TableCell>
            <AcceptanceStatusBadge status={batch.status} />
          </TableCell>
          <TableCell>{formatNumber(batch.itemCount)}</TableCell>
          <TableCell>{t('quality_judged_of', { judged: batch.judgedCount, count: batch.itemCount })}</TableCell>
          <TableCell>{formatNumber(batch.passedCount)}</TableCell>
          <TableCell>{formatNumber(batch.rejectedCount)}</TableCell>
          <TableCell>{batch.acceptors.map((a) => a.name).join(', ') || '—'}</TableCell>
          <TableCell>{batch.claimer?.name ?? '—'}</TableCell>
          <TableCell className="whitespace-nowrap">{formatTime(batch.claimedAt)}</TableCell>
          <TableCell className="whitespace-nowrap">{formatTime(batch.submittedAt)}</TableCell>
          <TableCell>{durationText(batch.costSeconds, t)}</TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}
