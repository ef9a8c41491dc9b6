// The PM's items of a project: counts per link and status, each link's items filtered by status, and release or
// recycle on a selection; each row opens the item page.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { taskItemStatuses } from '@annot/workflows';
import { ListTable } from '@/components/list-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { TableCell, TableRow } from '@/components/ui/table';
import { type BulkCommand, useBulkCommand } from '../api/act-on-item';
import { useTaskCounts } from '../api/get-task-counts';
import { useTaskItems } from '../api/get-task-items';
import type { TaskItem, TaskItemStatus } from '../api/task-item';
import { CommandRefusal } from './command-refusal';
import { DeadlineCountdown } from './deadline-countdown';
import { RecycleCsvDialog } from './recycle-csv-dialog';
import { RecycleDialog } from './recycle-dialog';

export interface ItemsPanelProps {
  projectId: string;
  links: { id: string; name: string; type: 'annotation' | 'inspection' }[];
  itemPath: (itemId: string) => string;
  nameOf: (id: string) => string;
}

export function ItemsPanel({ projectId, links, itemPath, nameOf }: ItemsPanelProps) {
  const { t } = useTranslation();
  const [recyclingCsv, setRecyclingCsv] = useState(false);
  const counts = useTaskCounts(projectId);
  const countOf = (linkId: string, status: TaskItemStatus) => counts.data?.find((c) => c.linkId === linkId && c.status === status)?.count ?? 0;
  if (links.length === 0) return null;
  return (
    <section className="grid gap-3" aria-label={t('tasks_items')}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold">{t('tasks_items')}</h2>
        <Button size="sm" variant="outline" onClick={() => setRecyclingCsv(true)}>
          {t('tasks_recycle_csv')}
        </Button>
      </div>
      {recyclingCsv && <RecycleCsvDialog projectId={projectId} onClose={() => setRecyclingCsv(false)} />}
      <ListTable headings={[t('links_name'), ...taskItemStatuses.map((s) => t(`item_status_${s}`))]} empty={false} error={counts.error}>
        {links.map((link) => (
          <TableRow key={link.id}>
            <TableCell>
              {link.name} <span className="text-xs text-muted-foreground">({t(`links_type_${link.type}`)})</span>
            </TableCell>
            {taskItemStatuses.map((status) => (
              <TableCell key={status} className="tabular-nums">
                {countOf(link.id, status)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </ListTable>
      <Tabs defaultValue={links[0].id}>
        <TabsList>
          {links.map((link) => (
            <TabsTrigger key={link.id} value={link.id}>
              {link.name}
            </TabsTrigger>
          ))}
        </TabsList>
        {links.map((link) => (
          <TabsContent key={link.id} value={link.id}>
            <LinkItems projectId={projectId} linkId={link.id} itemPath={itemPath} nameOf={nameOf} />
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

function LinkItems({ projectId, linkId, itemPath, nameOf }: { projectId: string; linkId: string; itemPath: (id: string) => string; nameOf: (id: string) => string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TaskItemStatus | ''>('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [recycling, setRecycling] = useState(false);
  const items = useTaskItems(projectId, { linkId, status: status || undefined });
  const bulk = useBulkCommand(projectId);
  const rows = items.data?.pages.flatMap((page) => page.items) ?? [];
  const chosen = rows.filter((item) => selected.has(item.id));

  const toggle = (id: string, on: boolean) => setSelected((now) => (on ? new Set(now).add(id) : new Set([...now].filter((x) => x !== id))));
  // The server holds a selection to the seed's bulk rules (one link, one status) and refuses it whole, in its own words.
  const run = (items: TaskItem[], command: BulkCommand) =>
    bulk.mutate({ itemIds: items.map((item) => item.id), command }, { onSuccess: () => (setSelected(new Set()), setRecycling(false)), onError: () => setRecycling(false) });

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Select aria-label={t('items_status')} className="w-40" value={status} onChange={(e) => (setStatus(e.target.value as TaskItemStatus | ''), setSelected(new Set()))}>
          <option value="">{t('all')}</option>
          {taskItemStatuses.map((s) => (
            <option key={s} value={s}>
              {t(`item_status_${s}`)}
            </option>
          ))}
        </Select>
        <span className="text-sm text-muted-foreground">{t('tasks_selected', { count: chosen.length })}</span>
        <Button size="sm" variant="outline" disabled={chosen.length === 0 || bulk.isPending} onClick={() => run(chosen, { verb: 'release' })}>
          {t('tasks_verb_release')}
        </Button>
        <Button size="sm" variant="outline" disabled={chosen.length === 0 || bulk.isPending} onClick={() => setRecycling(true)}>
          {t('tasks_recycle')}
        </Button>
      </div>
      {bulk.data && (
        <p role="status" className="text-sm">
          {t('tasks_bulk_done', { count: bulk.data.items })}
        </p>
      )}
      <CommandRefusal error={bulk.error} />
      {items.isPending ? (
        <Skeleton className="h-32" />
      ) : (
        <ListTable
          headings={[t('tasks_select'), t('items_file'), t('items_status'), t('tasks_claimer'), t('tasks_deadline'), t('tasks_objects'), t('tasks_submissions'), t('tasks_rework_count'), t('items_effective')]}
          empty={rows.length === 0}
          error={items.error}
        >
          {rows.map((item) => (
            <TableRow key={item.id}>
              <TableCell>
                <input type="checkbox" aria-label={t('tasks_select_item', { name: item.fileName })} checked={selected.has(item.id)} onChange={(e) => toggle(item.id, e.target.checked)} />
              </TableCell>
              <TableCell>
                <Link className="underline-offset-2 hover:underline" to={itemPath(item.id)}>
                  {item.fileName}
                </Link>
              </TableCell>
              <TableCell>
                {t(`item_status_${item.status}`)} {item.rework && <Badge variant="warning">{t('tasks_rework')}</Badge>}
              </TableCell>
              <TableCell>{item.claimerId ? nameOf(item.claimerId) : '-'}</TableCell>
              <TableCell>{item.status === 'claimed' ? <DeadlineCountdown deadline={item.deadline} /> : '-'}</TableCell>
              <TableCell>{item.objectCount}</TableCell>
              <TableCell>{item.submissionCount}</TableCell>
              <TableCell>{item.reworkCount}</TableCell>
              <TableCell>{item.effective ? t('items_valid') : t('items_invalid')}</TableCell>
            </TableRow>
          ))}
        </ListTable>
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
