// The progress of shares of a pool: per team or group, the items given to it and how many wait, are claimed or done.
import { useTranslation } from 'react-i18next';
import type { ShareProgress } from '@annot/workflows';
import { ListTable } from '@/components/list-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { formatNumber } from '@/lib/numbers';

export interface ShareProgressRow {
  key: string;
  name: string;
  progress: ShareProgress;
}

export function ShareProgressTable({ heading, rows }: { heading: string; rows: ShareProgressRow[] }) {
  const { t } = useTranslation();
  return (
    <ListTable headings={[heading, t('distribution_assigned'), t('distribution_waiting'), t('distribution_claimed'), t('distribution_done')]} empty={rows.length === 0}>
      {rows.map(({ key, name, progress }) => (
        <TableRow key={key} aria-label={name}>
          <TableCell>{name}</TableCell>
          <TableCell>{formatNumber(progress.assigned)}</TableCell>
          <TableCell>{formatNumber(progress.waiting)}</TableCell>
          <TableCell>{formatNumber(progress.claimed)}</TableCell>
          <TableCell>{formatNumber(progress.done)}</TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}
