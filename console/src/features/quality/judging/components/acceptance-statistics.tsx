// An acceptance project's figures for its acceptor: progress, pass rate and time per item, in numbers at once and in
// charts once their drawing code has come.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { RefusalNotice, refusalOf } from '@/components/refusal';
import { Card, CardContent } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { useAcceptanceStatistics } from '@/features/quality/api/get-acceptance-statistics';
import { durationText } from '@/features/quality/components/quality-labels';
import { formatPercent } from '@/lib/numbers';

const AcceptanceCharts = lazy(() => import('./acceptance-charts'));

export function AcceptanceStatisticsView({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const statistics = useAcceptanceStatistics(projectId);
  if (statistics.isPending) return <Skeleton className="h-64" />;
  if (statistics.error) {
    const refusal = refusalOf(statistics.error);
    return refusal ? <RefusalNotice refusal={refusal} /> : <p role="alert">{t('load_failed')}</p>;
  }
  const s = statistics.data;
  const progress = s.itemCount ? Math.round((s.judgedCount / s.itemCount) * 100) : 0;
  const figures = [
    { term: t('judging_progress'), value: t('judging_judged_of', { judged: s.judgedCount, count: s.itemCount }), detail: formatPercent(progress / 100, 0) },
    { term: t('judging_pass_rate'), value: formatPercent(s.passRate, 1, true), detail: t('judging_passed_rejected', { passed: s.passedCount, rejected: s.rejectedCount }) },
    { term: t('judging_time_per_item'), value: durationText(s.secondsPerItem, t), detail: null },
  ];
  return (
    <div className="grid gap-4">
      <dl className="grid gap-3 md:grid-cols-3">
        {figures.map((figure) => (
          <Card key={figure.term}>
            <CardContent className="grid gap-1 pt-6">
              <dt className="text-sm text-muted-foreground">{figure.term}</dt>
              <dd className="text-2xl font-semibold">{figure.value}</dd>
              {figure.detail && <dd className="text-xs text-muted-foreground">{figure.detail}</dd>}
            </CardContent>
          </Card>
        ))}
      </dl>
      <Progress value={progress} aria-label={t('judging_progress')} />
      <Suspense fallback={<Skeleton className="h-72" />}>
        <AcceptanceCharts statistics={s} />
      </Suspense>
    </div>
  );
}
