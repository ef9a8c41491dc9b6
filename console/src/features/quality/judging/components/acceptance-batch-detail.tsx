// One acceptance batch for its acceptor: where it stands, a claim while it may be taken, every item with its thumbnail,
// verdict and marks opening the editor to judge it, and the submission to the PM once every item is judged.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AcceptanceBatchDetail as BatchDetail } from '@annot/workflows';
import { RefusalNotice, refusalOf } from '@/components/refusal';
import { ItemThumbnail } from '@/components/item-thumbnail';
import { ActionsCell, ListTable } from '@/components/list-table';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { useAcceptanceBatch } from '@/features/quality/api/get-acceptance-batch';
import { useSubmitAcceptanceBatch } from '@/features/quality/api/submit-acceptance-batch';
import { ClaimBatchButton } from './claim-batch-button';
import { AcceptanceStatusBadge, batchName, durationText } from '@/features/quality/components/quality-labels';
import { OutcomeText, VerdictBadge } from './judging-labels';
import { QualityMarks } from '@/features/quality/components/quality-marks';
import { formatTime } from '@/lib/time';
import { DirectionArrow } from '@/components/direction-arrow';

export interface AcceptanceBatchDetailProps {
  batchId: string;
  me: string | null;
  editorPath: (itemId: string) => string;
  /** The batch's project, to go back to its batches. */
  projectPath: (projectId: string) => string;
}

export function AcceptanceBatchDetail({ batchId, me, editorPath, projectPath }: AcceptanceBatchDetailProps) {
  const { t } = useTranslation();
  const view = useAcceptanceBatch(batchId);
  if (view.isPending) return <Skeleton className="h-64" />;
  if (view.error) {
    const refusal = refusalOf(view.error);
    return refusal ? <RefusalNotice refusal={refusal} /> : <p role="alert">{t('load_failed')}</p>;
  }
  const { batch, items, allowed } = view.data;
  const name = batchName(batch.sequence, t);
  const holding = batch.status === 'accepting' && batch.claimer?.id === me;
  const mayClaim = allowed.includes('acceptance.claim') || allowed.includes('acceptance.take_over');
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild size="sm" variant="ghost">
          <Link to={projectPath(batch.projectId)}><DirectionArrow to="back" /> {t('judging_back_to_batches')}</Link>
        </Button>
        <h1 className="text-xl font-semibold">{name}</h1>
        <AcceptanceStatusBadge status={batch.status} />
        <span className="ms-auto flex flex-wrap items-center gap-2">
          {mayClaim && <ClaimBatchButton batchId={batch.batchId} label={name} onClaimed={() => undefined} />}
          {holding && <SubmitBatch view={view.data} />}
        </span>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('judging_progress')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Progress value={batch.itemCount ? (batch.judgedCount / batch.itemCount) * 100 : 0} aria-label={t('judging_progress')} />
          <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm md:grid-cols-4">
            <Fact term={t('judging_judged')} value={t('judging_judged_of', { judged: batch.judgedCount, count: batch.itemCount })} />
            <Fact term={t('judging_passed_count')} value={String(batch.passedCount)} />
            <Fact term={t('judging_rejected_count')} value={String(batch.rejectedCount)} />
            <Fact term={t('judging_claimer')} value={batch.claimer ? (batch.claimer.id === me ? t('judging_claimer_me') : batch.claimer.name) : '—'} />
            <Fact term={t('judging_started_at')} value={formatTime(batch.claimedAt)} />
            <Fact term={t('judging_submitted_at')} value={formatTime(batch.submittedAt)} />
            <Fact term={t('judging_cost_time')} value={durationText(batch.costSeconds, t)} />
          </dl>
        </CardContent>
      </Card>
      <section aria-label={t('judging_batch_items')}>
        <ListTable headings={[t('judging_thumbnail'), t('items_file'), t('judging_verdict'), t('judging_marks'), t('judging_outcome'), t('judging_judged_at'), t('actions')]} empty={items.length === 0}>
          {items.map((item) => (
            <TableRow key={item.itemId}>
              <TableCell>
                <ItemThumbnail itemId={item.itemId} />
              </TableCell>
              <TableCell className="font-medium">{item.fileName}</TableCell>
              <TableCell>
                <VerdictBadge verdict={item.verdict} />
              </TableCell>
              <TableCell>
                <QualityMarks marks={item.marks} />
              </TableCell>
              <TableCell>
                <OutcomeText outcome={item.outcome} />
              </TableCell>
              <TableCell>{formatTime(item.judgedAt)}</TableCell>
              <ActionsCell>
                <Button asChild size="sm" variant={holding ? 'default' : 'outline'}>
                  <Link to={editorPath(item.itemId)} aria-label={t(holding ? 'judging_judge_item_named' : 'judging_view_item_named', { file: item.fileName })}>
                    {t(holding ? 'judging_judge_item' : 'judging_view_item')}
                  </Link>
                </Button>
              </ActionsCell>
            </TableRow>
          ))}
        </ListTable>
      </section>
    </div>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-muted-foreground">{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** Submitting to the PM: offered to the holder, possible once every item has a verdict. */
function SubmitBatch({ view }: { view: BatchDetail }) {
  const { t } = useTranslation();
  const submit = useSubmitAcceptanceBatch(view.batch.batchId);
  const left = view.items.filter((i) => i.verdict === null).length;
  return (
    <>
      {left > 0 && <span className="text-sm text-muted-foreground">{t('judging_left_to_judge', { count: left })}</span>}
      <Button disabled={left > 0 || submit.isPending} onClick={() => submit.mutate()}>
        {t('judging_submit_to_pm')}
      </Button>
      {submit.error && (
        <span role="alert" className="text-sm text-destructive">
          {submit.error.message}
        </span>
      )}
    </>
  );
}
