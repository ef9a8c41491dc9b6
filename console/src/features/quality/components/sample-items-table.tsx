// The current round's sample: each item's file and batch, who annotated it, who holds it, its verdict and marks.
import { useTranslation } from 'react-i18next';
import type { SampleItemView } from '@annot/workflows';
import { ListTable } from '@/components/list-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { QualityMarks, VerdictText } from './quality-marks';
import { formatTime } from '@/lib/time';

export function SampleItemsTable({ sample, groupName }: { sample: SampleItemView[]; groupName: (errorGroupId: string) => string | undefined }) {
  const { t } = useTranslation();
  const headings = [t('quality_file'), t('quality_data_batch'), t('quality_annotator'), t('quality_claimer'), t('quality_verdict'), t('quality_marks'), t('quality_judged_at')];
  return (
    <ListTable headings={headings} empty={sample.length === 0}>
      {sample.map((item) => (
        <TableRow key={item.itemId}>
          <TableCell className="font-medium">{item.fileName}</TableCell>
          <TableCell>{item.batchName}</TableCell>
          <TableCell>{item.annotator.name}</TableCell>
          <TableCell>{item.claimer?.name ?? '—'}</TableCell>
          <TableCell>
            <VerdictText verdict={item.verdict} />
          </TableCell>
          <TableCell>
            <QualityMarks marks={item.marks} groupName={groupName} />
          </TableCell>
          <TableCell className="whitespace-nowrap">{formatTime(item.judgedAt)}</TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}
