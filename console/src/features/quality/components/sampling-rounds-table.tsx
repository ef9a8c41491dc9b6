// A sampling task's closed rounds in numbers: what each screened, sampled, judged and passed, and its pass rate with its 95% interval.
import { useTranslation } from 'react-i18next';
import type { SamplingRoundView } from '@annot/workflows';
import { ListTable } from '@/components/list-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { rateText } from './quality-labels';
import { formatNumber } from '@/lib/numbers';

export function SamplingRoundsTable({ rounds, passThreshold }: { rounds: SamplingRoundView[]; passThreshold: number }) {
  const { t } = useTranslation();
  const headings = [t('quality_round'), t('quality_screening_count'), t('quality_sample_count'), t('quality_judged'), t('quality_passed'), t('quality_pass_rate_interval'), t('quality_result')];
  return (
    <ListTable headings={headings} empty={rounds.length === 0}>
      {rounds.map((r) => (
        <TableRow key={r.round}>
          <TableCell>{t('quality_round_n', { round: r.round })}</TableCell>
          <TableCell>{formatNumber(r.screeningCount)}</TableCell>
          <TableCell>{formatNumber(r.sampleSize)}</TableCell>
          <TableCell>{formatNumber(r.judged)}</TableCell>
          <TableCell>{formatNumber(r.passed)}</TableCell>
          <TableCell>{rateText(r.passRate, r.interval, t)}</TableCell>
          <TableCell>{t(r.passRate * 100 >= passThreshold ? 'quality_round_passed' : 'quality_round_failed')}</TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}
