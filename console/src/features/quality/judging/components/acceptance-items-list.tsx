// Every item of the acceptor's batches in one project, a page at a time, filtered by where its acceptance stands.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { acceptanceItemStatus } from '@annot/workflows';
import { ItemThumbnail } from '@/components/item-thumbnail';
import { ListTable } from '@/components/list-table';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { type AcceptanceItemStatus, useAcceptanceItems } from '@/features/quality/api/get-acceptance-items';
import { batchName } from '@/features/quality/components/quality-labels';
import { OutcomeText, VerdictBadge } from './judging-labels';
import { formatTime } from '@/lib/time';

export interface AcceptanceItemsListProps {
  projectId: string;
  batchPath: (batchId: string) => string;
}

export function AcceptanceItemsList({ projectId, batchPath }: AcceptanceItemsListProps) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<AcceptanceItemStatus | null>(null);
  const items = useAcceptanceItems(projectId, status);
  const rows = items.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="grid gap-3">
      <div className="flex items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor="acceptance-item-status">{t('judging_item_filter')}</Label>
          <Select id="acceptance-item-status" className="w-48" value={status ?? ''} onChange={(e) => setStatus(acceptanceItemStatus.safeParse(e.target.value).data ?? null)}>
            <option value="">{t('judging_item_filter_all')}</option>
            {acceptanceItemStatus.options.map((value) => (
              <option key={value} value={value}>
                {t(`judging_item_filter_${value}`)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {items.isPending ? (
        <Skeleton className="h-48" />
      ) : (
        <ListTable headings={[t('judging_thumbnail'), t('items_file'), t('judging_batch'), t('judging_verdict'), t('judging_outcome'), t('judging_judged_at')]} empty={rows.length === 0} error={items.error}>
          {rows.map((item) => (
            <TableRow key={item.itemId}>
              <TableCell>
                <ItemThumbnail itemId={item.itemId} />
              </TableCell>
              <TableCell className="font-medium">{item.fileName}</TableCell>
              <TableCell>
                <Link className="underline-offset-2 hover:underline" to={batchPath(item.batchId)}>
                  {batchName(item.sequence, t)}
                </Link>
              </TableCell>
              <TableCell>
                <VerdictBadge verdict={item.verdict} />
              </TableCell>
              <TableCell>
                <OutcomeText outcome={item.outcome} />
              </TableCell>
              <TableCell>{formatTime(item.judgedAt)}</TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
      {items.hasNextPage && (
        <div>
          <Button variant="outline" disabled={items.isFetchingNextPage} onClick={() => void items.fetchNextPage()}>
            {t('load_more')}
          </Button>
        </div>
      )}
    </div>
  );
}
