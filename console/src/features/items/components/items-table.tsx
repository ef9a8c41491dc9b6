// A page of a project's items as the PM and a supplier read them, with a checkbox a row where items may be selected.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemThumbnail } from '@/components/item-thumbnail';
import { ListTable } from '@/components/list-table';
import { Badge } from '@/components/ui/badge';
import { TableCell, TableRow } from '@/components/ui/table';
import type { ItemRow } from '../api/item';
import { DeadlineCountdown } from './deadline-countdown';
import type { ItemChoices } from './item-filters';
import { formatNumber } from '@/lib/numbers';

export interface ItemsTableProps {
  rows: ItemRow[];
  error: unknown;
  choices: ItemChoices;
  nameOf: (personId: string) => string;
  itemPath?: (itemId: string) => string;
  selection?: { has: (id: string) => boolean; toggle: (id: string, on: boolean) => void };
}

export function ItemsTable({ rows, error, choices, nameOf, itemPath, selection }: ItemsTableProps) {
  const { t } = useTranslation();
  const named = (list: { id: string; name: string }[], id: string | null) => (id ? (list.find((c) => c.id === id)?.name ?? '-') : '-');
  const headings = [
    ...(selection ? [t('items_select')] : []),
    t('items_preview'),
    t('items_file'),
    t('items_batch'),
    t('items_status'),
    t('items_claimer'),
    t('items_team'),
    t('items_deadline'),
    t('items_objects'),
    t('items_submissions'),
    t('items_rework_count'),
    t('items_effective'),
  ];
  return (
    <ListTable headings={headings} empty={rows.length === 0} error={error}>
      {rows.map((item) => (
        <TableRow key={item.id}>
          {selection && (
            <TableCell>
              <input type="checkbox" aria-label={t('items_select_item', { name: item.fileName })} checked={selection.has(item.id)} onChange={(e) => selection.toggle(item.id, e.target.checked)} />
            </TableCell>
          )}
          <TableCell>
            <ItemThumbnail itemId={item.id} />
          </TableCell>
          <TableCell>
            {itemPath ? (
              <Link className="underline-offset-2 hover:underline" to={itemPath(item.id)}>
                {item.fileName}
              </Link>
            ) : (
              item.fileName
            )}
          </TableCell>
          <TableCell>{named(choices.batches, item.batchId)}</TableCell>
          <TableCell>
            {t(`item_status_${item.status}`)} {item.rework && <Badge variant="warning">{t('items_rework')}</Badge>}
          </TableCell>
          <TableCell>{item.claimerId ? nameOf(item.claimerId) : '-'}</TableCell>
          <TableCell>{named(choices.teams, item.teamId)}</TableCell>
          <TableCell>{item.status === 'claimed' ? <DeadlineCountdown deadline={item.deadline} /> : '-'}</TableCell>
          <TableCell>{formatNumber(item.objectCount)}</TableCell>
          <TableCell>{formatNumber(item.submissionCount)}</TableCell>
          <TableCell>{formatNumber(item.reworkCount)}</TableCell>
          <TableCell>{item.effective ? t('items_valid') : t('items_invalid')}</TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}
