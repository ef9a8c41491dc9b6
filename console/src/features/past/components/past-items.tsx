// A project's items as they stood at a moment: a tab per link, a status to narrow to, a page at a time, each item
// opening as it was at the same moment the list was read at.
import { formatDigits, formatNumber } from '@/lib/numbers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pastItemStatuses, type PastItemStatus } from '@annot/workflows';
import { ListTable } from '@/components/list-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { linkLabel } from '@/lib/link-label';
import { usePastItems } from '../api/get-past-items';
import type { MomentChoice } from '../api/moment';

export interface PastItemsProps {
  projectId: string;
  moment: MomentChoice;
  links: { id: string; name: string; type: 'annotation' | 'inspection' }[];
  nameOf: (personId: string) => string;
}

export function PastItems({ projectId, moment, links, nameOf }: PastItemsProps) {
  const { t } = useTranslation();
  const [linkId, setLinkId] = useState(links[0]?.id ?? '');
  const [status, setStatus] = useState<PastItemStatus | ''>('');
  const items = usePastItems(projectId, moment, { linkId: linkId || undefined, status: status || undefined });
  const rows = items.data?.pages.flatMap((page) => page.items) ?? [];
  const read = items.data?.pages[0]?.moment;
  const itemPath = (itemId: string) => `/past/item/${itemId}?${new URLSearchParams(read ?? {}).toString()}`;
  if (links.length === 0) return null;
  return (
    <section className="grid gap-3" aria-label={t('past_items')}>
      <h2 className="text-base font-semibold">{t('past_items')}</h2>
      <div className="flex flex-wrap items-end gap-4">
        <Tabs value={linkId} onValueChange={setLinkId}>
          <TabsList>
            {links.map((link) => (
              <TabsTrigger key={link.id} value={link.id}>
                {linkLabel(t, link)}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
        <div className="grid gap-1">
          <Label htmlFor="past-items-status">{t('items_status')}</Label>
          <Select id="past-items-status" className="w-48" value={status} onChange={(e) => setStatus(e.target.value as PastItemStatus | '')}>
            <option value="">{t('past_status_any')}</option>
            {pastItemStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`past_item_status_${s}`)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {items.isPending ? (
        <Skeleton className="h-32" />
      ) : (
        <ListTable headings={[t('items_file'), t('items_status'), t('items_claimer'), t('past_version'), t('items_objects'), t('items_effective')]} empty={rows.length === 0} error={items.error}>
          {rows.map((item) => (
            <TableRow key={item.itemId}>
              <TableCell>
                <Link className="underline-offset-2 hover:underline" to={itemPath(item.itemId)}>
                  {item.fileName}
                </Link>
              </TableCell>
              <TableCell>
                {t(`past_item_status_${item.status}`)} {item.rework && <Badge variant="warning">{t('items_rework')}</Badge>}
              </TableCell>
              <TableCell>{item.claimerId ? nameOf(item.claimerId) : '-'}</TableCell>
              <TableCell className="tabular-nums">{formatDigits(item.resultVersion)}</TableCell>
              <TableCell className="tabular-nums">{formatNumber(item.objectCount)}</TableCell>
              <TableCell>{item.effective ? t('items_valid') : t('items_invalid')}</TableCell>
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
    </section>
  );
}
