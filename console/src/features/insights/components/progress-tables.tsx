// The pipeline's progress: per link (waiting, in hand, held, done of all) and per batch (done at each link).
import { useTranslation } from 'react-i18next';
import type { BatchProgress, LinkProgress } from '@annot/workflows';
import { Progress } from '@/components/ui/progress';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { linkLabel } from '@/lib/link-label';
import { formatNumber, formatPercent } from '@/lib/numbers';

const share = (done: number, total: number) => (total > 0 ? Math.round((done / total) * 100) : 0);

export function ProgressTables({ links, batches }: { links: LinkProgress[]; batches: BatchProgress[] }) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-1 gap-4">
      <Table aria-label={t('insights_progress_links')}>
        <TableHeader>
          <TableRow>
            <TableHead>{t('insights_link')}</TableHead>
            <TableHead className="text-end">{t('insights_waiting')}</TableHead>
            <TableHead className="text-end">{t('insights_in_hand')}</TableHead>
            <TableHead className="text-end">{t('insights_held')}</TableHead>
            <TableHead className="text-end">{t('insights_done')}</TableHead>
            <TableHead className="w-48">{t('insights_progress')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {links.map((link) => (
            <TableRow key={link.linkId}>
              <TableCell>
                {link.name} <span className="text-xs text-muted-foreground">({t(`links_type_${link.type}`)})</span>
              </TableCell>
              <TableCell className="text-end tabular-nums">{formatNumber(link.waiting)}</TableCell>
              <TableCell className="text-end tabular-nums">{formatNumber(link.claimed)}</TableCell>
              <TableCell className="text-end tabular-nums">{formatNumber(link.held)}</TableCell>
              <TableCell className="text-end tabular-nums">
                {formatNumber(link.done)} / {formatNumber(link.total)}
              </TableCell>
              <TableCell>
                <Progress value={share(link.done, link.total)} aria-label={`${link.name} ${formatPercent(share(link.done, link.total) / 100, 0)}`} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {batches.length > 0 && (
        <Table aria-label={t('insights_progress_batches')}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('insights_batch')}</TableHead>
              <TableHead className="text-end">{t('insights_items')}</TableHead>
              {links.map((link) => (
                <TableHead key={link.linkId} className="text-end">
                  {linkLabel(t, link)}
                </TableHead>
              ))}
              <TableHead className="text-end">{t('insights_finished')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {batches.map((batch) => (
              <TableRow key={batch.batchId}>
                <TableCell>{batch.name}</TableCell>
                <TableCell className="text-end tabular-nums">{formatNumber(batch.items)}</TableCell>
                {batch.links.map((l) => (
                  <TableCell key={l.linkId} className="text-end tabular-nums">
                    {formatNumber(l.done)} ({formatPercent(share(l.done, batch.items) / 100, 0)})
                  </TableCell>
                ))}
                <TableCell className="text-end tabular-nums">{formatNumber(batch.finished)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
