// The admin's announcements, newest first and filtered by status, with the actions each one's state allows (from the
// announcement machine): edit, publish, stop.
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { allowedEvents, type AnnouncementScope, type AnnouncementStatus, announcementMachine, type AnnouncementSummary, isEveryone } from '@annot/workflows';
import { ActionsCell, ListTable } from '@/components/list-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { ApiError } from '@/lib/api-client';
import { useAnnouncementStep, useAnnouncements } from '../api/announcements';
import { formatTime } from '@/lib/time';

const badges: Record<AnnouncementStatus, 'outline' | 'warning' | 'success' | 'destructive'> = { draft: 'outline', scheduled: 'warning', published: 'success', stopped: 'destructive' };

export interface AnnouncementsTableProps {
  status: AnnouncementStatus | undefined;
  onEdit: (id: string) => void;
}

export function AnnouncementsTable({ status, onEdit }: AnnouncementsTableProps) {
  const { t } = useTranslation();
  const announcements = useAnnouncements(status);
  const step = useAnnouncementStep();
  const rows = announcements.data?.pages.flatMap((page) => page.items) ?? [];
  const scopeText = (scope: AnnouncementScope) => {
    if (isEveryone(scope)) return t('announcements_scope_everyone');
    const parts = [...scope.roles.map((role) => t(`role_${role}`))];
    if (scope.teamIds.length > 0) parts.push(t('announcements_scope_teams_count', { count: scope.teamIds.length }));
    if (scope.accountIds.length > 0) parts.push(t('announcements_scope_people_count', { count: scope.accountIds.length }));
    return parts.join(' · ');
  };
  const act = (row: AnnouncementSummary, action: 'publish' | 'stop') =>
    step.mutate(
      { id: row.id, step: { action } },
      {
        onSuccess: () => toast.success(t(`announcements_${action}_done`)),
        onError: (error) => toast.error(error instanceof ApiError ? error.message : t('request_fail')),
      },
    );

  if (announcements.isPending) return <Skeleton className="h-40" />;
  const headings = ['announcements_title', 'announcements_scope', 'announcements_status', 'announcements_publish_time', 'announcements_updated', 'actions'].map((key) => t(key));
  return (
    <div className="grid gap-3">
      <ListTable headings={headings} empty={rows.length === 0} error={announcements.error}>
        {rows.map((row) => {
          const allowed = allowedEvents(announcementMachine, row.status, {});
          return (
            <TableRow key={row.id}>
              <TableCell className="font-medium">{row.title}</TableCell>
              <TableCell>{scopeText(row.scope)}</TableCell>
              <TableCell>
                <Badge variant={badges[row.status]}>{t(`announcements_status_${row.status}`)}</Badge>
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatTime(row.status === 'scheduled' ? row.publishAt : row.publishedAt)}</TableCell>
              <TableCell className="whitespace-nowrap">{formatTime(row.updatedAt)}</TableCell>
              <ActionsCell>
                {allowed.includes('announcement.edit') && (
                  <Button size="sm" variant="outline" onClick={() => onEdit(row.id)}>
                    {t('edit')}
                  </Button>
                )}
                {allowed.includes('announcement.publish') && (
                  <Button size="sm" variant="outline" disabled={step.isPending} onClick={() => act(row, 'publish')}>
                    {t(row.status === 'stopped' ? 'announcements_publish_again' : 'announcements_publish_now')}
                  </Button>
                )}
                {allowed.includes('announcement.stop') && (
                  <Button size="sm" variant="outline" disabled={step.isPending} onClick={() => act(row, 'stop')}>
                    {t('announcements_stop')}
                  </Button>
                )}
              </ActionsCell>
            </TableRow>
          );
        })}
      </ListTable>
      {announcements.hasNextPage && (
        <Button variant="outline" onClick={() => void announcements.fetchNextPage()} disabled={announcements.isFetchingNextPage}>
          {t('load_more')}
        </Button>
      )}
    </div>
  );
}
