// Ledger verification runs with live progress from the job stream.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { ListTable } from '@/components/list-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { ApiError } from '@/lib/api-client';
import { useCan } from '@/lib/authorization';
import { useJobProgress } from '@/lib/use-job-progress';
import { auditsKey, useAudits } from '../api/list-audits';
import { useRequestAudit } from '../api/request-audit';
import { formatTime } from '@/lib/time';
import { formatNumber, formatPercent } from '@/lib/numbers';

const variants: Record<string, BadgeProps['variant']> = { requested: 'outline', running: 'default', passed: 'success', failed: 'destructive' };

export function AuditsTable() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const audits = useAudits();
  const request = useRequestAudit();
  // An auditor reads the runs; asking for one is the staff's.
  const { can } = useCan();
  const progress = useJobProgress((subject) => {
    if (subject.type === 'audit') void client.invalidateQueries({ queryKey: auditsKey });
  });
  const rows = audits.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="grid gap-3">
      {can('audit.request') && (
        <div>
          <Button
            disabled={request.isPending}
            onClick={() => request.mutate(undefined, { onError: (error) => toast.error(error instanceof ApiError ? error.message : t('request_fail')) })}
          >
            {t('audit_request')}
          </Button>
        </div>
      )}
      {audits.isPending ? (
        <Skeleton className="h-32" />
      ) : (
        <ListTable headings={[t('audit_requested_at'), t('audit_status'), t('audit_progress'), t('audit_checked'), t('audit_first_bad')]} empty={rows.length === 0} error={audits.error}>
          {rows.map((audit) => {
            const done = audit.status === 'passed' || audit.status === 'failed';
            const percent = done ? 100 : (progress[audit.auditId] ?? 0);
            return (
              <TableRow key={audit.auditId}>
                <TableCell>{formatTime(audit.requestedAt)}</TableCell>
                <TableCell>
                  <Badge variant={variants[audit.status]}>{t(`audit_status_${audit.status}`)}</Badge>
                </TableCell>
                <TableCell className="w-48">
                  <Progress value={percent} aria-label={t('audit_progress')} />
                  <span className="text-xs text-muted-foreground">{formatPercent(percent / 100, 0)}</span>
                </TableCell>
                <TableCell>{formatNumber(audit.checked)}</TableCell>
                <TableCell className="font-mono text-xs">{audit.firstBadEventId ?? '—'}</TableCell>
              </TableRow>
            );
          })}
        </ListTable>
      )}
      {audits.hasNextPage && (
        <Button variant="outline" onClick={() => void audits.fetchNextPage()}>
          {t('load_more')}
        </Button>
      )}
    </div>
  );
}
