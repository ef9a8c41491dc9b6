// One version's effect as charts: objects kept, edited, deleted and added per item, and seconds per item with their
// 95% intervals as whiskers, pre-annotated beside held out. Recharts comes with this module only.
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ErrorBar, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AlgorithmVersionEffect, MeanInterval } from '@annot/workflows';
import { formatNumber, formatUnit } from '@/lib/numbers';
import { useChartDirection } from '@/lib/chart-direction';

const colors = { answered: '#2563eb', control: '#94a3b8' };
const value = (m: MeanInterval) => m.mean ?? 0;
const perItem = (n: number) => formatNumber(n, 2);
const secondsText = (n: number) => formatUnit(n, 'second', 1);
const whisker = (m: MeanInterval): [number, number] => (m.mean === null ? [0, 0] : [m.mean - m.low, m.high - m.mean]);

export default function EffectCharts({ effect }: { effect: AlgorithmVersionEffect }) {
  const { t } = useTranslation();
  const direction = useChartDirection();
  const changes = (['kept', 'edited', 'deleted', 'added'] as const).map((key) => ({
    name: t(`algorithms_effect_${key}`),
    answered: value(effect.answered[key]),
    answeredError: whisker(effect.answered[key]),
    control: value(effect.control[key]),
    controlError: whisker(effect.control[key]),
  }));
  const seconds = [
    { name: t('algorithms_group_answered'), seconds: value(effect.answered.annotationSeconds), error: whisker(effect.answered.annotationSeconds) },
    { name: t('algorithms_group_control'), seconds: value(effect.control.annotationSeconds), error: whisker(effect.control.annotationSeconds) },
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <figure className="h-64" aria-label={t('algorithms_chart_changes')}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={changes}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis {...direction.horizontal} dataKey="name" interval={0} tick={{ fontSize: 11 }} />
            <YAxis {...direction.vertical} allowDecimals tickFormatter={perItem} />
            <Tooltip formatter={(v) => perItem(Number(v))} />
            <Legend />
            <Bar dataKey="answered" name={t('algorithms_group_answered')} fill={colors.answered}>
              <ErrorBar dataKey="answeredError" width={4} />
            </Bar>
            <Bar dataKey="control" name={t('algorithms_group_control')} fill={colors.control}>
              <ErrorBar dataKey="controlError" width={4} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </figure>
      <figure className="h-64" aria-label={t('algorithms_chart_seconds')}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={seconds}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis {...direction.horizontal} dataKey="name" interval={0} tick={{ fontSize: 11 }} />
            <YAxis {...direction.vertical} tickFormatter={secondsText} />
            <Tooltip formatter={(v) => secondsText(Number(v))} />
            <Bar dataKey="seconds" name={t('algorithms_effect_seconds')} fill={colors.answered}>
              <ErrorBar dataKey="error" width={4} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </figure>
    </div>
  );
}
