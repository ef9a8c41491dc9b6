// A sampling task's charts: each closed round's pass rate with its 95% interval as whiskers against the pass threshold,
// and the marks of every round by error property group. Recharts comes with this module only.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, ErrorBar, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SamplingErrorView, SamplingTaskRow } from '@annot/workflows';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatNumber, formatPercent } from '@/lib/numbers';
import { useChartDirection } from '@/lib/chart-direction';

const palette = ['#2563eb', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#65a30d', '#dc2626', '#475569'];
const colors = { passed: '#16a34a', failed: '#dc2626', threshold: '#64748b' };
const percent = (fraction: number) => Math.round(fraction * 1000) / 10;

function ChartCard({ title, height, children }: { title: string; height: number; children: ReactElement }) {
  return (
    <Card role="figure" aria-label={title}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent style={{ height }}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </CardContent>
    </Card>
  );
}

function RoundsChart({ task }: { task: SamplingTaskRow }) {
  const { t } = useTranslation();
  const direction = useChartDirection();
  const rate = t('quality_pass_rate');
  const rounds = task.rounds.map((r) => ({
    name: t('quality_round_n', { round: r.round }),
    [rate]: percent(r.passRate),
    interval: [percent(r.passRate - r.interval.low), percent(r.interval.high - r.passRate)],
    passes: r.passRate * 100 >= task.passThreshold,
  }));
  return (
    <ChartCard title={t('quality_chart_rounds')} height={260}>
      <BarChart data={rounds}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis {...direction.horizontal} dataKey="name" />
        <YAxis {...direction.vertical} domain={[0, 100]} tickFormatter={(value: number) => formatPercent(value / 100, 0)} />
        <Tooltip formatter={(value) => formatPercent(Number(value) / 100)} />
        <ReferenceLine y={task.passThreshold} stroke={colors.threshold} strokeDasharray="4 4" label={t('quality_threshold_value', { threshold: task.passThreshold })} />
        <Bar dataKey={rate} maxBarSize={56}>
          {rounds.map((r) => (
            <Cell key={r.name} fill={r.passes ? colors.passed : colors.failed} />
          ))}
          <ErrorBar dataKey="interval" width={8} stroke="#0f172a" />
        </Bar>
      </BarChart>
    </ChartCard>
  );
}

function ErrorsChart({ errors }: { errors: SamplingErrorView[] }) {
  const { t } = useTranslation();
  const direction = useChartDirection();
  const count = t('quality_error_count');
  const groups = [...new Set(errors.map((e) => e.errorGroupId))];
  const rows = [...errors]
    .sort((a, b) => b.count - a.count)
    .map((e) => ({ name: `${e.groupName ?? t('quality_error_group_gone')} · ${e.value}`, [count]: e.count, group: groups.indexOf(e.errorGroupId) }));
  return (
    <ChartCard title={t('quality_chart_errors')} height={Math.max(160, 48 + rows.length * 28)}>
      <BarChart data={rows} layout="vertical" margin={{ left: 24 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis {...direction.horizontal} type="number" allowDecimals={false} tickFormatter={(value: number) => formatNumber(value)} />
        <YAxis {...direction.vertical} type="category" dataKey="name" width={180} />
        <Tooltip formatter={(value) => formatNumber(Number(value))} />
        <Bar dataKey={count}>
          {rows.map((r) => (
            <Cell key={r.name} fill={palette[r.group % palette.length]} />
          ))}
        </Bar>
      </BarChart>
    </ChartCard>
  );
}

export default function SamplingCharts({ task, errors }: { task: SamplingTaskRow; errors: SamplingErrorView[] }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {task.rounds.length > 0 ? <RoundsChart task={task} /> : <p className="text-sm text-muted-foreground">{t('quality_no_closed_round')}</p>}
      {errors.length > 0 ? <ErrorsChart errors={errors} /> : <p className="text-sm text-muted-foreground">{t('quality_no_errors')}</p>}
    </div>
  );
}
