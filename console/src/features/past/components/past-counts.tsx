// A project's items per link and status at the chosen moment, read-only, with how many were registered by then.
import { useTranslation } from 'react-i18next';
import type { ProjectPastView } from '@annot/workflows';
import { ListTable } from '@/components/list-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { formatNumber } from '@/lib/numbers';

export interface PastCountsProps {
  view: ProjectPastView | undefined;
  error: unknown;
  linkName: (id: string) => string;
}

export function PastCounts({ view, error, linkName }: PastCountsProps) {
  const { t } = useTranslation();
  const counts = view?.counts ?? [];
  return (
    <section className="grid gap-2" aria-label={t('past_counts')}>
      <h2 className="text-base font-semibold">{t('past_counts')}</h2>
      {view && <p className="text-sm text-muted-foreground">{t('past_counts_note', { count: view.items, ms: view.tookMs })}</p>}
      <ListTable headings={[t('past_link'), t('items_status'), t('past_count')]} empty={counts.length === 0} error={error}>
        {counts.map((c) => (
          <TableRow key={`${c.linkId}-${c.status}`}>
            <TableCell>{c.linkId ? linkName(c.linkId) : '-'}</TableCell>
            <TableCell>{t(`past_item_status_${c.status}`)}</TableCell>
            <TableCell className="tabular-nums">{formatNumber(c.count)}</TableCell>
          </TableRow>
        ))}
      </ListTable>
    </section>
  );
}
