// The project's export records, newest first: scope, format, naming, destination, volume, time taken and status,
// a live progress bar while one runs, the reason when one failed, and a download while one is kept.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ExportOptions, ExportView } from '@annot/workflows';
import { ListTable } from '@/components/list-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { TableCell, TableRow } from '@/components/ui/table';
import { useJobProgress } from '@/lib/use-job-progress';
import { downloadExport, exportsKey, useExportRecords } from '../api/exports';
import { bytesLabel, destinationLabel, durationLabel, formatLabel, gateLabel } from './export-labels';
import { formatDigits } from '@/lib/numbers';
import { formatTime } from '@/lib/time';

const tone = { queued: 'outline', running: 'default', succeeded: 'success', failed: 'destructive', expired: 'outline' } as const;

export function ExportRecords({ projectId, options }: { projectId: string; options: ExportOptions }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const records = useExportRecords(projectId);
  const progress = useJobProgress((subject) => {
    if (subject.type === 'export') void client.invalidateQueries({ queryKey: exportsKey(projectId) });
  });
  const batchNames = (record: ExportView) =>
    record.scope.batchIds.length === 0 ? t('exports_all_batches') : record.scope.batchIds.map((id) => options.batches.find((b) => b.id === id)?.name ?? id).join(', ');
  const headings = [t('exports_requested_at'), t('exports_format'), t('exports_scope'), t('exports_file_name'), t('exports_volume'), t('exports_took'), t('exports_status'), ''];
  const rows = records.data ?? [];
  return (
    <section className="grid gap-2" aria-label={t('exports_records')}>
      <h2 className="text-base font-semibold">{t('exports_records')}</h2>
      {/* A wide table scrolls within its column rather than pushing the page sideways. */}
      <div className="overflow-x-auto">
        <ListTable headings={headings} empty={rows.length === 0} error={records.error}>
          {rows.map((record) => (
            <TableRow key={record.exportId} data-testid="export-record">
              <TableCell className="whitespace-nowrap">{formatTime(record.requestedAt)}</TableCell>
              <TableCell>{formatLabel(t, record.format)}</TableCell>
              <TableCell className="min-w-40 text-xs">
                {batchNames(record)}
                <br />
                {gateLabel(t, record.scope.gate)} · {record.scope.effectiveness === 'valid' ? t('exports_valid_only') : t('exports_all_items')}
                {record.withMedia && ` · ${t('exports_with_media')}`}
              </TableCell>
              <TableCell className="min-w-48 break-all text-xs">
                {record.fileName}
                <div className="text-muted-foreground">
                  {destinationLabel(t, record.destination)}
                  {record.location && `: ${record.location}`}
                </div>
              </TableCell>
              <TableCell className="whitespace-nowrap text-xs tabular-nums">
                {record.status === 'succeeded' || record.status === 'expired'
                  ? t('exports_volume_value', { count: record.items, items: record.items, objects: record.objects, size: bytesLabel(record.bytes) })
                  : '-'}
                {/* Where an auditor checks the archive against the log: the ledger entry of the start it was read at. */}
                {record.ledgerSeq && <div className="text-muted-foreground">{t('exports_ledger_entry', { seq: formatDigits(Number(record.ledgerSeq)) })}</div>}
              </TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">{durationLabel(record.tookMs)}</TableCell>
              <TableCell className="min-w-32">
                <Badge variant={tone[record.status]}>{t(`exports_status_${record.status}`)}</Badge>
                {record.status === 'running' && <Progress className="mt-1" value={progress[record.exportId] ?? 0} aria-label={t('exports_progress')} />}
                {record.attempts > 1 && <div className="text-xs text-muted-foreground">{t('exports_attempts', { count: record.attempts })}</div>}
                {record.reason && <div className="text-xs text-destructive">{record.reason}</div>}
              </TableCell>
              <TableCell>
                {record.status === 'succeeded' && record.destination.type === 'download' && (
                  <Button size="sm" variant="outline" onClick={() => void downloadExport(record.exportId)}>
                    {t('exports_download')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      </div>
    </section>
  );
}
