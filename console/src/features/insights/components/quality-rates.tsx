// Pass rates of the quality gates: each inspection link, each sampling round, each acceptance batch.
import { useTranslation } from 'react-i18next';
import type { AcceptanceRate, InspectionRate, SamplingRate } from '@annot/workflows';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { percent } from './figures';
import { formatNumber } from '@/lib/numbers';

interface Row {
  key: string;
  name: string;
  passed: number;
  failed: number;
  rate: number | null;
}

function RatesTable({ label, rows }: { label: string; rows: Row[] }) {
  const { t } = useTranslation();
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>{label}</TableHead>
          <TableHead className="text-end">{t('insights_passed')}</TableHead>
          <TableHead className="text-end">{t('insights_rejected')}</TableHead>
          <TableHead className="text-end">{t('insights_pass_rate')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            <TableCell>{row.name}</TableCell>
            <TableCell className="text-end tabular-nums">{formatNumber(row.passed)}</TableCell>
            <TableCell className="text-end tabular-nums">{formatNumber(row.failed)}</TableCell>
            <TableCell className="text-end tabular-nums">{percent(row.rate)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function QualityRates({ inspections, sampling, acceptance }: { inspections: InspectionRate[]; sampling: SamplingRate[]; acceptance: AcceptanceRate[] }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <RatesTable label={t('insights_rates_inspection')} rows={inspections.map((i) => ({ key: i.linkId, name: i.linkName, passed: i.passed, failed: i.rejected, rate: i.passRate }))} />
      <RatesTable
        label={t('insights_rates_sampling')}
        rows={sampling.map((s) => ({ key: `${s.taskId}-${s.round}`, name: t('insights_sampling_round', { task: s.taskId.slice(0, 8), round: s.round }), passed: s.passed, failed: s.judged - s.passed, rate: s.passRate }))}
      />
      <RatesTable
        label={t('insights_rates_acceptance')}
        rows={acceptance.map((a) => ({ key: a.batchId, name: t('insights_acceptance_batch', { sequence: a.sequence }), passed: a.passed, failed: a.rejected, rate: a.passRate }))}
      />
    </div>
  );
}
