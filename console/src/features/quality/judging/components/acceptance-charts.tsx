// The acceptance project's charts: each batch's progress, the verdicts' share, the time each batch took per item, and
// the verdicts given day by day. Recharts comes with this module only.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AcceptanceStatistics } from '@annot/workflows';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { batchName } from '@/features/quality/components/quality-labels';
import { formatNumber, formatUnit } from '@/lib/numbers';
import { formatPeriod } from '@/lib/time';
import { useChartDirection } from '@/lib/chart-direction';

const count = (value: number) => formatNumber(value);
const seconds = (value: number) => formatUnit(value, 'second', 1);

const colors = { passed: '#16a34a', rejected: '#dc2626', open: '#cbd5e1', time: '#2563eb' };

function ChartCard({ title, children }: { title: string; children: ReactElement }) {
  return (
    <Card role="figure" aria-label={title}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="h-64">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </CardContent>
    </Card>
  );
}

export default function AcceptanceCharts({ statistics }: { statistics: AcceptanceStatistics }) {
  const { t } = useTranslation();
  const direction = useChartDirection();
  const passed = t('judging_passed_count');
  const rejected = t('judging_rejected_count');
  const open = t('judging_not_judged');
  const batches = statistics.byBatch.map((b) => ({
    name: batchName(b.sequence, t),
    [passed]: b.passedCount,
    [rejected]: b.rejectedCount,
    [open]: b.itemCount - b.judgedCount,
    perItem: b.costSeconds !== null && b.itemCount > 0 ? Math.round(b.costSeconds / b.itemCount) : null,
  }));
  const share = [
    { name: passed, value: statistics.passedCount, color: colors.passed },
    { name: rejected, value: statistics.rejectedCount, color: colors.rejected },
    { name: open, value: statistics.itemCount - statistics.judgedCount, color: colors.open },
  ];
  const days = statistics.byDay.map((d) => ({ name: formatPeriod(d.day, 'day'), [passed]: d.passed, [rejected]: d.rejected }));
  const timed = batches.filter((b) => b.perItem !== null);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard title={t('judging_chart_progress_by_batch')}>
        <BarChart data={batches}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis {...direction.horizontal} dataKey="name" />
          <YAxis {...direction.vertical} allowDecimals={false} tickFormatter={count} />
          <Tooltip formatter={(value) => count(Number(value))} />
          <Legend />
          <Bar dataKey={passed} stackId="items" fill={colors.passed} />
          <Bar dataKey={rejected} stackId="items" fill={colors.rejected} />
          <Bar dataKey={open} stackId="items" fill={colors.open} />
        </BarChart>
      </ChartCard>
      <ChartCard title={t('judging_chart_verdicts')}>
        <PieChart>
          <Pie data={share} dataKey="value" nameKey="name" innerRadius="50%" outerRadius="80%">
            {share.map((slice) => (
              <Cell key={slice.name} fill={slice.color} />
            ))}
          </Pie>
          <Tooltip formatter={(value) => count(Number(value))} />
          <Legend />
        </PieChart>
      </ChartCard>
      <ChartCard title={t('judging_chart_time_per_item')}>
        <BarChart data={timed}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis {...direction.horizontal} dataKey="name" />
          <YAxis {...direction.vertical} allowDecimals={false} tickFormatter={seconds} />
          <Tooltip formatter={(value) => seconds(Number(value))} />
          <Bar dataKey="perItem" name={t('judging_time_per_item')} fill={colors.time} />
        </BarChart>
      </ChartCard>
      <ChartCard title={t('judging_chart_by_day')}>
        <BarChart data={days}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis {...direction.horizontal} dataKey="name" />
          <YAxis {...direction.vertical} allowDecimals={false} tickFormatter={count} />
          <Tooltip formatter={(value) => count(Number(value))} />
          <Legend />
          <Bar dataKey={passed} stackId="day" fill={colors.passed} />
          <Bar dataKey={rejected} stackId="day" fill={colors.rejected} />
        </BarChart>
      </ChartCard>
    </div>
  );
}
