// One acceptance batch for the PM: where it stands, the PM's verdict when the batch allows one, and its items with
// the acceptor's verdicts, marks and what became of each.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/list-table';
import { RefusalNotice, refusalOf } from '@/components/refusal';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { useAcceptanceBatch } from '../api/get-acceptance-batch';
import { AcceptanceBatchActions } from './acceptance-batch-actions';
import { AcceptanceStatusBadge, batchName, durationText } from './quality-labels';
import { QualityMarks, VerdictText } from './quality-marks';
import { formatTime } from '@/lib/time';
import { formatNumber } from '@/lib/numbers';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

export interface AcceptanceBatchDetailProps {
  batchId: string;
  groupName: (errorGroupId: string) => string | undefined;
}

export function AcceptanceBatchDetail({ batchId, groupName }: AcceptanceBatchDetailProps) {
  const { t } = useTranslation();
  const view = useAcceptanceBatch(batchId);
  if (view.isPending) return <Skeleton className="h-64" />;
  if (view.error) {
    const refusal = refusalOf(view.error);
    return refusal ? <RefusalNotice refusal={refusal} /> : <p role="alert">{t('load_failed')}</p>;
  }
  const { batch, items, allowed } = view.data;
  const name = batchName(batch.sequence, t);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold">{name}</h2>
        <AcceptanceStatusBadge status={batch.status} />
      </div>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Fact term={t('quality_item_count')}>{formatNumber(batch.itemCount)}</Fact>
        <Fact term={t('quality_judged')}>{t('quality_judged_of', { judged: batch.judgedCount, count: batch.itemCount })}</Fact>
        <Fact term={t('quality_passed')}>{formatNumber(batch.passedCount)}</Fact>
        <Fact term={t('quality_rejected')}>{formatNumber(batch.rejectedCount)}</Fact>
        <Fact term={t('quality_acceptors')}>{batch.acceptors.map((a) => a.name).join(', ') || '—'}</Fact>
        <Fact term={t('quality_claimer')}>{batch.claimer?.name ?? '—'}</Fact>
        <Fact term={t('quality_started_at')}>{formatTime(batch.claimedAt)}</Fact>
        <Fact term={t('quality_submitted_at')}>{formatTime(batch.submittedAt)}</Fact>
        <Fact term={t('quality_cost_time')}>{durationText(batch.costSeconds, t)}</Fact>
        <Fact term={t('quality_created_at')}>{formatTime(batch.createdAt)}</Fact>
        <Fact term={t('quality_decided_at')}>{formatTime(batch.decidedAt)}</Fact>
      </dl>
      <AcceptanceBatchActions batchId={batch.batchId} version={batch.version} name={name} allowed={allowed} />
      <Card>
        <CardHeader>
          <CardTitle>{t('quality_acceptance_items')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ListTable headings={[t('quality_file'), t('quality_verdict'), t('quality_marks'), t('quality_judged_at'), t('quality_outcome')]} empty={items.length === 0}>
            {items.map((item) => (
              <TableRow key={item.itemId}>
                <TableCell className="font-medium">{item.fileName}</TableCell>
                <TableCell>
                  <VerdictText verdict={item.verdict} />
                </TableCell>
                <TableCell>
                  <QualityMarks marks={item.marks} groupName={groupName} />
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatTime(item.judgedAt)}</TableCell>
                <TableCell>{item.outcome ? t(`quality_outcome_${item.outcome}`) : '—'}</TableCell>
              </TableRow>
            ))}
          </ListTable>
        </CardContent>
      </Card>
    </div>
  );
}
