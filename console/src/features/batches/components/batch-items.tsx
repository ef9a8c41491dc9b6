// The data items of one batch, a page at a time: preview, file, size, media type, dimensions, status and effectiveness.
import { useTranslation } from 'react-i18next';
import { ItemThumbnail } from '@/components/item-thumbnail';
import { ListTable } from '@/components/list-table';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { useBatchItems } from '../api/batches';
import { formatNumber } from '@/lib/numbers';

export function BatchItems({ batchId }: { batchId: string }) {
  const { t } = useTranslation();
  const items = useBatchItems(batchId);
  const rows = items.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="grid gap-2" aria-label={t('batches_items_of')}>
      <h2 className="text-base font-semibold">{t('batches_items_of')}</h2>
      <ListTable headings={[t('items_preview'), t('items_file'), t('items_size'), t('items_media_type'), t('items_dimensions'), t('items_status'), t('items_effective')]} empty={rows.length === 0} error={items.error}>
        {rows.map((item) => (
          <TableRow key={item.id}>
            <TableCell>
              <ItemThumbnail itemId={item.id} />
            </TableCell>
            <TableCell>{item.fileName}</TableCell>
            <TableCell>{formatNumber(item.size)}</TableCell>
            <TableCell>{item.mediaType}</TableCell>
            <TableCell>{item.width && item.height ? `${formatNumber(item.width)}×${formatNumber(item.height)}` : '-'}</TableCell>
            <TableCell>{t(`item_status_${item.status}`, { defaultValue: item.status })}</TableCell>
            <TableCell>{item.effective ? t('items_valid') : t('items_invalid')}</TableCell>
          </TableRow>
        ))}
      </ListTable>
      {items.hasNextPage && (
        <div>
          <Button variant="outline" onClick={() => void items.fetchNextPage()}>
            {t('load_more')}
          </Button>
        </div>
      )}
    </section>
  );
}
