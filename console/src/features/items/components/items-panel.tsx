// A project's items: counts per link and status, each link's items under the filters the address holds, and for the
// PM release or recycle on a selection; a supplier reads its team's items the same way, without the PM's tools.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { linkProgress, itemListStatuses } from '@annot/workflows';
import { ListTable } from '@/components/list-table';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { TableCell, TableRow } from '@/components/ui/table';
import { type BulkCommand, useBulkCommand } from '../api/act-on-item';
import { type ItemsFilter, useItems } from '../api/get-items';
import { useItemCounts } from '../api/get-item-counts';
import type { ItemRow, ItemListStatus } from '../api/item';
import { CommandRefusal } from './command-refusal';
import { type ItemChoices, ItemFilters } from './item-filters';
import { ItemsTable } from './items-table';
import { RecycleCsvDialog } from './recycle-csv-dialog';
import { RecycleDialog } from './recycle-dialog';
import { useItemFilters } from './use-item-filters';
import { linkLabel } from '@/lib/link-label';
import { formatNumber } from '@/lib/numbers';

export interface ItemsPanelProps {
  projectId: string;
  links: { id: string; name: string; type: 'annotation' | 'inspection' }[];
  choices: ItemChoices;
  nameOf: (id: string) => string;
  /** Where a row opens; without it rows are read in place. */
  itemPath?: (itemId: string) => string;
  /** The PM's tools: selection, release, recycle and recycle from a CSV. */
  manage: boolean;
}

export function ItemsPanel({ projectId, links, choices, nameOf, itemPath, manage }: ItemsPanelProps) {
  const { t } = useTranslation();
  const [recyclingCsv, setRecyclingCsv] = useState(false);
  const filters = useItemFilters();
  const counts = useItemCounts(projectId);
  // A link's finished items are those that left it, later in the pipeline or finished, as the progress screens count them.
  const progress = linkProgress(links, (counts.data ?? []).filter((c) => c.status !== 'deleted').map((c) => ({ linkId: c.linkId, place: c.status, items: c.count })));
  const countOf = (linkId: string, status: ItemListStatus) =>
    status === 'finished' ? (progress.find((p) => p.linkId === linkId)?.done ?? 0) : (counts.data?.find((c) => c.linkId === linkId && c.status === status)?.count ?? 0);
  if (links.length === 0) return null;
  const open = links.find((l) => l.id === filters.linkId)?.id ?? links[0].id;
  return (
    <section className="grid gap-3" aria-label={t('items_items')}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold">{t('items_items')}</h2>
        {manage && (
          <Button size="sm" variant="outline" onClick={() => setRecyclingCsv(true)}>
            {t('items_recycle_csv')}
          </Button>
        )}
      </div>
      {recyclingCsv && <RecycleCsvDialog projectId={projectId} onClose={() => setRecyclingCsv(false)} />}
      <ListTable headings={[t('links_name'), ...itemListStatuses.map((s) => t(`item_status_${s}`))]} empty={false} error={counts.error}>
        {links.map((link) => (
          <TableRow key={link.id}>
            <TableCell>
              {link.name} <span className="text-xs text-muted-foreground">({t(`links_type_${link.type}`)})</span>
            </TableCell>
            {itemListStatuses.map((status) => (
              <TableCell key={status} className="tabular-nums">
                {formatNumber(countOf(link.id, status))}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </ListTable>
      <ItemFilters state={filters} choices={choices} />
      <Tabs value={open} onValueChange={(linkId) => filters.set('link', linkId)}>
        <TabsList>
          {links.map((link) => (
            <TabsTrigger key={link.id} value={link.id}>
              {linkLabel(t, link)}
            </TabsTrigger>
          ))}
        </TabsList>
        {links.map((link) => (
          <TabsContent key={link.id} value={link.id}>
            {/* A new filter starts a new selection: what was chosen may no longer be in the list. */}
            <LinkItems
              key={JSON.stringify(filters.filter)}
              projectId={projectId}
              filter={{ ...filters.filter, linkId: link.id }}
              choices={choices}
              nameOf={nameOf}
              itemPath={itemPath}
              manage={manage}
            />
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

interface LinkItemsProps {
  projectId: string;
  filter: ItemsFilter;
  choices: ItemChoices;
  nameOf: (id: string) => string;
  itemPath?: (id: string) => string;
  manage: boolean;
}

function LinkItems({ projectId, filter, choices, nameOf, itemPath, manage }: LinkItemsProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [recycling, setRecycling] = useState(false);
  const items = useItems(projectId, filter);
  const bulk = useBulkCommand(projectId);
  const rows = items.data?.pages.flatMap((page) => page.items) ?? [];
  const chosen = rows.filter((item) => selected.has(item.id));

  const toggle = (id: string, on: boolean) => setSelected((now) => (on ? new Set(now).add(id) : new Set([...now].filter((x) => x !== id))));
  // The server holds a selection to the seed's bulk rules (one link, one status) and refuses it whole, in its own words.
  const run = (items: ItemRow[], command: BulkCommand) =>
    bulk.mutate({ itemIds: items.map((item) => item.id), command }, { onSuccess: () => (setSelected(new Set()), setRecycling(false)), onError: () => setRecycling(false) });

  return (
    <div className="grid gap-2">
      {manage && (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-muted-foreground">{t('items_selected', { count: chosen.length })}</span>
          <Button size="sm" variant="outline" disabled={chosen.length === 0 || bulk.isPending} onClick={() => run(chosen, { verb: 'release' })}>
            {t('items_verb_release')}
          </Button>
          <Button size="sm" variant="outline" disabled={chosen.length === 0 || bulk.isPending} onClick={() => setRecycling(true)}>
            {t('items_recycle')}
          </Button>
        </div>
      )}
      {bulk.data && (
        <p role="status" className="text-sm">
          {t('items_bulk_done', { count: bulk.data.items })}
        </p>
      )}
      <CommandRefusal error={bulk.error} />
      {items.isPending ? (
        <Skeleton className="h-32" />
      ) : (
        <ItemsTable
          rows={rows}
          error={items.error}
          choices={choices}
          nameOf={nameOf}
          itemPath={itemPath}
          selection={manage ? { has: (id) => selected.has(id), toggle } : undefined}
        />
      )}
      {items.hasNextPage && (
        <div>
          <Button variant="outline" onClick={() => void items.fetchNextPage()}>
            {t('load_more')}
          </Button>
        </div>
      )}
      {recycling && <RecycleDialog count={chosen.length} pending={bulk.isPending} onConfirm={(choice) => run(chosen, { verb: 'recycle', ...choice })} onCancel={() => setRecycling(false)} />}
    </div>
  );
}
