// A statistics series as charts: output per period (claimed, submitted, objects) and the pass rate per period, the
// periods, counts and percents written in the reader's language.
// Recharts comes with this module only, which the pages load lazily.
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ClassFigures, Granularity, PeriodFigures } from '@annot/workflows';
import { formatNumber, formatPercent } from '@/lib/numbers';
import { formatPeriod } from '@/lib/time';
import { useChartDirection } from '@/lib/chart-direction';

const colors = { claimed: '#94a3b8', submitted: '#2563eb', objects: '#16a34a', passRate: '#d97706' };

export default function StatisticsCharts({ series, classes, granularity }: { series: PeriodFigures[]; classes?: ClassFigures[]; granularity: Granularity }) {
  const { t } = useTranslation();
  const direction = useChartDirection();
  const period = (value: string) => formatPeriod(value, granularity);
  const count = (value: number) => formatNumber(value);
  const rates = series.map((s) => ({ period: s.period, passRate: s.passRate === null ? null : Math.round(s.passRate * 1000) / 10 }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <figure className="h-64" aria-label={t('insights_chart_output')}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={series}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis {...direction.horizontal} dataKey="period" tick={{ fontSize: 11 }} tickFormatter={period} />
            <YAxis {...direction.vertical} allowDecimals={false} tickFormatter={count} />
            <Tooltip labelFormatter={(label) => period(String(label))} formatter={(value) => count(Number(value))} />
            <Legend />
            <Bar dataKey="claimed" name={t('insights_claimed')} fill={colors.claimed} />
            <Bar dataKey="submitted" name={t('insights_submitted')} fill={colors.submitted} />
            <Bar dataKey="objects" name={t('insights_objects')} fill={colors.objects} />
          </BarChart>
        </ResponsiveContainer>
      </figure>
      <figure className="h-64" aria-label={t('insights_chart_quality')}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rates}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis {...direction.horizontal} dataKey="period" tick={{ fontSize: 11 }} tickFormatter={period} />
            <YAxis {...direction.vertical} domain={[0, 100]} tickFormatter={(value: number) => formatPercent(value / 100, 0)} />
            <Tooltip labelFormatter={(label) => period(String(label))} formatter={(value) => formatPercent(Number(value) / 100)} />
            <Line type="monotone" dataKey="passRate" name={t('insights_pass_rate')} stroke={colors.passRate} connectNulls />
          </LineChart>
        </ResponsiveContainer>
      </figure>
      {classes && classes.length > 0 && (
        <figure className="h-64 lg:col-span-2" aria-label={t('insights_chart_classes')}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={classes} layout="vertical">
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis {...direction.horizontal} type="number" allowDecimals={false} tickFormatter={count} />
              <YAxis {...direction.vertical} type="category" dataKey="className" width={120} tick={{ fontSize: 11 }} />
              <Tooltip formatter={(value) => count(Number(value))} />
              <Bar dataKey="objects" name={t('insights_objects')} fill={colors.objects} />
            </BarChart>
          </ResponsiveContainer>
        </figure>
      )}
    </div>
  );
}
