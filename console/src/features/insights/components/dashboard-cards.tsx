// The home page's dashboard for the staff: today's output, each ongoing project with its progress and the items
// waiting per link, and the quality trend per period of the chosen granularity.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Granularity } from '@annot/workflows';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { useDashboard } from '../api/get-statistics';
import { percent } from './figures';
import { GranularitySwitch } from './granularity-switch';
import { formatNumber } from '@/lib/numbers';

const StatisticsCharts = lazy(() => import('./statistics-charts'));

export function DashboardCards() {
  const { t } = useTranslation();
  const [granularity, setGranularity] = useState<Granularity>('day');
  const dashboard = useDashboard(granularity, true);
  if (dashboard.isPending) return <Skeleton className="h-40" />;
  if (dashboard.error) return <p role="alert">{t('load_failed')}</p>;
  const { today, projects, series } = dashboard.data;
  const todays: [string, string][] = [
    ['insights_claimed', formatNumber(today.claimed)],
    ['insights_submitted', formatNumber(today.submitted)],
    ['insights_objects', formatNumber(today.objects)],
    ['insights_passed', formatNumber(today.passed)],
    ['insights_rejected', formatNumber(today.rejected)],
    ['insights_pass_rate', percent(today.passRate)],
  ];
  return (
    <section className="grid gap-4" aria-label={t('insights_dashboard')}>
      <Card>
        <CardHeader>
          <CardTitle>{t('insights_today')}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-3 gap-2 md:grid-cols-6">
            {todays.map(([key, value]) => (
              <div key={key} className="rounded-md border border-border p-3">
                <dt className="text-xs text-muted-foreground">{t(key)}</dt>
                <dd className="text-lg font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('insights_ongoing_projects')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          {projects.length === 0 && <p className="text-sm text-muted-foreground">{t('empty')}</p>}
          {projects.map((project) => (
            <div key={project.id} className="grid gap-1 rounded-md border border-border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link className="font-medium underline-offset-4 hover:underline" to={`/project/datasum/${project.id}`}>
                  {project.title}
                </Link>
                <span className="text-sm tabular-nums text-muted-foreground">
                  {t('insights_finished_of', { finished: project.finished, total: project.total })} · {t('insights_today_submitted', { count: project.today.submitted })}
                </span>
              </div>
              <Progress value={project.progress === null ? 0 : Math.round(project.progress * 100)} aria-label={`${project.title} ${percent(project.progress)}`} />
              <p className="text-xs text-muted-foreground">
                {t('insights_waiting')}: {project.waiting.map((w) => `${w.name} ${formatNumber(w.waiting)}`).join(' · ') || '—'}
              </p>
            </div>
          ))}
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>{t('insights_quality_trend')}</CardTitle>
          <GranularitySwitch value={granularity} onChange={setGranularity} />
        </CardHeader>
        <CardContent>
          <Suspense fallback={<Skeleton className="h-64" />}>
            <StatisticsCharts series={series} granularity={granularity} />
          </Suspense>
        </CardContent>
      </Card>
    </section>
  );
}
