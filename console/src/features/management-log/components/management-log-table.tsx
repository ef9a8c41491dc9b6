// The management log: who did what and when, ten to a page, of one project where one is given.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ListTable } from '@/components/list-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { managementLogPageSize, useManagementLog } from '../api/get-management-log';
import { formatTime } from '@/lib/time';

export function ManagementLogTable({ projectId }: { projectId?: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const history = useManagementLog(page, i18n.language, projectId);
  if (history.isPending) return <Skeleton className="h-64" />;
  const total = history.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / managementLogPageSize));
  return (
    <div className="grid gap-3">
      <ListTable headings={[t('log_id'), t('log_user'), t('log_operation'), t('log_time')]} empty={(history.data?.list ?? []).length === 0} error={history.error}>
        {(history.data?.list ?? []).map((entry) => (
          <TableRow key={entry.id}>
            <TableCell>{entry.id}</TableCell>
            <TableCell>{entry.user_name}</TableCell>
            <TableCell>{entry.operation}</TableCell>
            <TableCell>{formatTime(entry.created_at)}</TableCell>
          </TableRow>
        ))}
      </ListTable>
      <div className="flex items-center justify-end gap-2 text-sm">
        <span className="text-muted-foreground">{t('page_of', { page: page + 1, pages, total })}</span>
        <Button size="sm" variant="outline" disabled={page === 0} onClick={() => setPage(page - 1)}>
          {t('previous')}
        </Button>
        <Button size="sm" variant="outline" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
          {t('next')}
        </Button>
      </div>
    </div>
  );
}
