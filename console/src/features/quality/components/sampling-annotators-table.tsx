// Each annotator of a sampling task's scope over every round: items in scope, sampled, judged, passed, and their pass
// rate with its 95% interval, so a PM sees whose work holds the scope back and how sure that is.
import { useTranslation } from 'react-i18next';
import type { SamplingAnnotatorView } from '@annot/workflows';
import { ListTable } from '@/components/list-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { rateText } from './quality-labels';
import { formatNumber } from '@/lib/numbers';

export function SamplingAnnotatorsTable({ annotators }: { annotators: SamplingAnnotatorView[] }) {
  const { t } = useTranslation();
  const headings = [t('quality_annotator'), t('quality_in_scope'), t('quality_sampled'), t('quality_judged'), t('quality_passed'), t('quality_pass_rate_interval')];
  return (
    <ListTable headings={headings} empty={annotators.length === 0}>
      {annotators.map((a) => (
        <TableRow key={a.annotator.id}>
          <TableCell>{a.annotator.name}</TableCell>
          <TableCell>{formatNumber(a.inScope)}</TableCell>
          <TableCell>{formatNumber(a.sampled)}</TableCell>
          <TableCell>{formatNumber(a.judged)}</TableCell>
          <TableCell>{formatNumber(a.passed)}</TableCell>
          <TableCell>{rateText(a.passRate, a.interval, t)}</TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}
