// Whether an algorithm helps: for each version, what annotators did with pre-annotated items against the control
// group's, per item with 95% intervals, and the same as charts, which load only here.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlgorithmVersionEffect, GroupEffect, MeanInterval } from '@annot/workflows';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatNumber, formatPercent } from '@/lib/numbers';

const EffectCharts = lazy(() => import('./effect-charts'));

const mean = (m: MeanInterval) => (m.mean === null ? '-' : `${formatNumber(m.mean, 2)} (${formatNumber(m.low, 2)}–${formatNumber(m.high, 2)})`);
const rate = (g: GroupEffect) => (g.passRate.rate === null ? '-' : `${formatPercent(g.passRate.rate)} (${formatPercent(g.passRate.low)}–${formatPercent(g.passRate.high)})`);

const measures: { key: string; of: (g: GroupEffect) => string }[] = [
  { key: 'algorithms_effect_items', of: (g) => formatNumber(g.items) },
  { key: 'algorithms_effect_kept', of: (g) => mean(g.kept) },
  { key: 'algorithms_effect_edited', of: (g) => mean(g.edited) },
  { key: 'algorithms_effect_deleted', of: (g) => mean(g.deleted) },
  { key: 'algorithms_effect_added', of: (g) => mean(g.added) },
  { key: 'algorithms_effect_seconds', of: (g) => mean(g.annotationSeconds) },
  { key: 'algorithms_effect_pass_rate', of: (g) => `${rate(g)} · ${formatNumber(g.inspected)}` },
];

function VersionEffect({ effect }: { effect: AlgorithmVersionEffect }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('algorithms_effect_version', { version: effect.version })}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Table aria-label={t('algorithms_effect_title')}>
          <TableHeader>
            <TableRow>
              <TableHead />
              <TableHead>{t('algorithms_group_answered')}</TableHead>
              <TableHead>{t('algorithms_group_control')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {measures.map((m) => (
              <TableRow key={m.key}>
                <TableHead scope="row">{t(m.key)}</TableHead>
                <TableCell className="tabular-nums">{m.of(effect.answered)}</TableCell>
                <TableCell className="tabular-nums">{m.of(effect.control)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Suspense fallback={<Skeleton className="h-64" />}>
          <EffectCharts effect={effect} />
        </Suspense>
      </CardContent>
    </Card>
  );
}

export function AlgorithmEffects({ versions }: { versions: AlgorithmVersionEffect[] }) {
  const { t } = useTranslation();
  return (
    <section className="grid gap-3" aria-label={t('algorithms_effect_title')}>
      <h2 className="text-base font-semibold">{t('algorithms_effect_title')}</h2>
      <p className="text-xs text-muted-foreground">{t('algorithms_effect_note')}</p>
      {versions.length === 0 ? <p className="text-sm text-muted-foreground">{t('algorithms_effect_none')}</p> : versions.map((v) => <VersionEffect key={v.versionId} effect={v} />)}
    </section>
  );
}
