// A project's statistics in one scope and date range: totals, the charts per period of the chosen granularity, the pipeline's
// progress, work per person and team, objects by class and the quality gates' pass rates (the last few for the staff).
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Granularity, moneyShownIn, type StatisticsScope } from '@annot/workflows';
import { RefusalNotice, refusalOf } from '@/components/refusal';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { type PickedRange, useProjectStatistics } from '../api/get-statistics';
import { DateRange } from './date-range';
import { percent, perHourText, rmb, seconds } from './figures';
import { GranularitySwitch } from './granularity-switch';
import { ProgressTables } from './progress-tables';
import { QualityRates } from './quality-rates';
import { WorkTable } from './work-table';
import { formatNumber } from '@/lib/numbers';

const StatisticsCharts = lazy(() => import('./statistics-charts'));

/** `asOf`: the figures as they were at a past moment (?position= or ?at=; empty for now), for readers of the past. */
export function StatisticsView({ projectId, scope, asOf }: { projectId: string; scope: StatisticsScope; asOf?: Record<string, string> }) {
  const { t } = useTranslation();
  const [granularity, setGranularity] = useState<Granularity>('day');
  const [range, setRange] = useState<PickedRange>({});
  const statistics = useProjectStatistics(projectId, scope, granularity, range, asOf);
  if (statistics.isPending) return <Skeleton className="h-64" />;
  if (statistics.error) {
    const refusal = refusalOf(statistics.error);
    return refusal ? <RefusalNotice refusal={refusal} /> : <p role="alert">{t('load_failed')}</p>;
  }
  const s = statistics.data;
  // Unit price and cost are the staff's: the server sends them in the project scope only.
  const money = moneyShownIn(scope);
  const totals: [string, string][] = [
    ['insights_claimed', formatNumber(s.totals.claimed)],
    ['insights_submitted', formatNumber(s.totals.submitted)],
    ['insights_objects', formatNumber(s.totals.objects)],
    ['insights_time_per_item', seconds(s.totals.msPerItem)],
    ['insights_objects_per_hour', perHourText(s.totals.objectsPerHour)],
    ['insights_pass_rate', percent(s.totals.passRate)],
    ['insights_valid_finished', formatNumber(s.totals.finishedValid)],
    ...(money ? [['insights_cost', rmb(s.totals.cost ?? 0)] as [string, string]] : []),
  ];
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">
          {t(`insights_title_${scope}`)} · {s.project.title}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <DateRange value={s.range} onChange={setRange} />
          <GranularitySwitch value={granularity} onChange={setGranularity} />
        </div>
      </div>
      <p className="text-sm text-muted-foreground">
        {t('insights_range', { from: s.range.from, to: s.range.to, tz: s.range.tz })}
        {money && ` · ${t('insights_unit_price', { price: rmb(s.project.unitPrice ?? 0) })}`}
      </p>
      <dl className="grid grid-cols-2 gap-2 md:grid-cols-4 xl:grid-cols-8">
        {totals.map(([key, value]) => (
          <div key={key} className="rounded-md border border-border p-3">
            <dt className="text-xs text-muted-foreground">{t(key)}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <Card>
        <CardContent className="pt-5">
          <Suspense fallback={<Skeleton className="h-64" />}>
            <StatisticsCharts series={s.series} classes={s.classes} granularity={granularity} />
          </Suspense>
        </CardContent>
      </Card>
      {scope === 'project' && (
        <Card>
          <CardHeader>
            <CardTitle>{t('insights_progress')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ProgressTables links={s.links} batches={s.batches} />
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader>
          <CardTitle>{t('insights_people')}</CardTitle>
        </CardHeader>
        <CardContent>
          <WorkTable
            label={t('insights_person')}
            showTeam={scope !== 'mine'}
            showCost={money}
            rows={s.people.map((p) => ({ ...p, key: `${p.personId}-${p.linkId}-${p.teamId}`, who: p.name || p.personId.slice(0, 8), team: p.teamName }))}
          />
        </CardContent>
      </Card>
      {scope !== 'mine' && (
        <Card>
          <CardHeader>
            <CardTitle>{t('insights_teams')}</CardTitle>
          </CardHeader>
          <CardContent>
            <WorkTable label={t('insights_team')} showTeam={false} showCost={money} rows={s.teams.map((row) => ({ ...row, key: `${row.teamId}-${row.linkId}`, who: row.teamName || row.teamId.slice(0, 8) }))} />
          </CardContent>
        </Card>
      )}
      {scope === 'project' && (
        <Card>
          <CardHeader>
            <CardTitle>{t('insights_quality')}</CardTitle>
          </CardHeader>
          <CardContent>
            <QualityRates inspections={s.inspections} sampling={s.sampling} acceptance={s.acceptance} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
