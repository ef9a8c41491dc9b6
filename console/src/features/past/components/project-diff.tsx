// What changed in a project between two moments: how many items changed, then each one (where it stood before and
// after, its objects added, removed and changed, who changed it), narrowed by link, person, batch or a change after
// acceptance; each opens the item's own diff between the same two moments.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ProjectDiffEnd, ProjectDiffPage } from '@annot/workflows';
import { ListTable } from '@/components/list-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { formatDigits, formatNumber } from '@/lib/numbers';
import { formatTime } from '@/lib/time';
import { type ProjectDiffFilter, useProjectDiff } from '../api/get-project-diff';
import { type MomentChoice, momentOfToken, momentSearch } from '../api/moment';

interface Choice {
  id: string;
  name: string;
}

export interface ProjectDiffProps {
  projectId: string;
  from: MomentChoice;
  to: MomentChoice;
  links: Choice[];
  people: Choice[];
  batches: Choice[];
  linkName: (linkId: string) => string;
  onStop: () => void;
}

/** The item's own diff between the two moments the page was read at. */
const itemDiffPath = (itemId: string, page: Pick<ProjectDiffPage, 'from' | 'to'>) => {
  const from = momentOfToken(page.from) ?? { kind: 'now' };
  return `/past/item/${itemId}?${new URLSearchParams({ ...momentSearch(from), compare: page.to }).toString()}`;
};

export function ProjectDiff({ projectId, from, to, links, people, batches, linkName, onStop }: ProjectDiffProps) {
  const { t } = useTranslation();
  const id = useId();
  const [filter, setFilter] = useState<ProjectDiffFilter>({});
  const diff = useProjectDiff(projectId, from, to, filter);
  const pages = diff.data?.pages ?? [];
  const first = pages[0];
  const rows = pages.flatMap((page) => page.rows);
  const set = (key: 'linkId' | 'personId' | 'batchId', value: string) => setFilter((f) => ({ ...f, [key]: value || undefined }));
  const momentLabel = (token: string) => {
    const moment = momentOfToken(token);
    return moment?.kind === 'time' ? formatTime(moment.at) : `${t('past_event_number')} ${moment?.kind === 'position' ? moment.position : token}`;
  };
  const where = (end: ProjectDiffEnd | null) => (end ? `${end.linkId ? linkName(end.linkId) : '-'} · ${t(`past_item_status_${end.status}`)} · v${formatDigits(end.resultVersion)}` : t('project_diff_registered'));
  const select = (key: 'linkId' | 'personId' | 'batchId', label: string, choices: Choice[]) => (
    <div className="grid gap-1">
      <Label htmlFor={`${id}-${key}`} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Select id={`${id}-${key}`} className="w-44" value={filter[key] ?? ''} onChange={(e) => set(key, e.target.value)}>
        <option value="">{t('all')}</option>
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </Select>
    </div>
  );
  return (
    <section className="grid gap-3 rounded-md border p-3" aria-label={t('project_diff_title')}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">{t('project_diff_title')}</h2>
        <Button size="sm" variant="ghost" onClick={onStop}>
          {t('past_diff_stop')}
        </Button>
      </div>
      {first && <p className="text-sm text-muted-foreground">{t('project_diff_between', { from: momentLabel(first.from), to: momentLabel(first.to) })}</p>}
      <div className="flex flex-wrap items-end gap-4">
        {select('linkId', t('past_link'), links)}
        {select('personId', t('project_diff_person'), people)}
        {select('batchId', t('items_batch'), batches)}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={filter.afterAcceptance ?? false} onChange={(e) => setFilter((f) => ({ ...f, afterAcceptance: e.target.checked || undefined }))} />
          {t('project_diff_after_acceptance')}
        </label>
      </div>
      {first && (
        <dl className="flex flex-wrap gap-6 text-sm">
          {(['items', 'moved', 'results'] as const).map((key) => (
            <div key={key} className="grid">
              <dt className="text-muted-foreground">{t(`project_diff_total_${key}`)}</dt>
              <dd className="text-lg font-semibold tabular-nums">{formatNumber(first.totals[key])}</dd>
            </div>
          ))}
          {first.totals.classes.length > 0 && (
            <div className="grid">
              <dt className="text-muted-foreground">{t('project_diff_total_classes')}</dt>
              {first.totals.classes.map((c) => (
                <dd key={`${c.toolId}-${c.className ?? ''}`} className="tabular-nums">
                  {c.className ?? '-'}: {formatNumber(c.before)} → {formatNumber(c.after)}
                </dd>
              ))}
            </div>
          )}
        </dl>
      )}
      {diff.isPending ? (
        <Skeleton className="h-32" />
      ) : (
        <ListTable
          headings={[t('items_file'), t('project_diff_before'), t('project_diff_after'), t('project_diff_objects'), t('items_history_who')]}
          empty={rows.length === 0}
          error={diff.error}
        >
          {rows.map((row) => (
            <TableRow key={row.itemId}>
              <TableCell>
                <Link className="underline-offset-2 hover:underline" to={itemDiffPath(row.itemId, first!)}>
                  {row.fileName}
                </Link>{' '}
                {row.changedAfterAcceptance && <Badge variant="warning">{t('project_diff_accepted_badge')}</Badge>}
              </TableCell>
              <TableCell>{where(row.from)}</TableCell>
              <TableCell>{where(row.to)}</TableCell>
              <TableCell className="text-sm">
                {(['added', 'removed', 'changed'] as const)
                  .filter((kind) => row.objects[kind] > 0)
                  .map((kind) => `${t(`past_diff_kind_${kind}`)} ${formatNumber(row.objects[kind])}`)
                  .join(' · ') || '-'}
                {row.aspects.length > 0 && <span className="text-muted-foreground"> ({row.aspects.map((a) => t(`past_diff_aspect_${a}`)).join(', ')})</span>}
                {row.counts.map((c) => (
                  <div key={`${c.toolId}-${c.className ?? ''}`} className="text-xs text-muted-foreground">
                    {c.className ?? '-'}: {formatNumber(c.before)} → {formatNumber(c.after)}
                  </div>
                ))}
              </TableCell>
              <TableCell className="text-sm">{[...new Set(row.changes.map((c) => (c.actorId === 'system' ? t('items_history_system') : (c.actorName ?? t('items_person_unknown')))))].join(', ')}</TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
      {diff.hasNextPage && (
        <div>
          <Button variant="outline" disabled={diff.isFetchingNextPage} onClick={() => void diff.fetchNextPage()}>
            {t('load_more')}
          </Button>
        </div>
      )}
    </section>
  );
}
