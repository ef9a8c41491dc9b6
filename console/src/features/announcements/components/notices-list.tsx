// A reader's notices, newest first, each opening its page under the reader's own area.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { failureMessage } from '@/components/refusal';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useNotices } from '../api/notices';
import { formatTime } from '@/lib/time';

export function NoticesList({ detailPath }: { detailPath: (id: string) => string }) {
  const { t } = useTranslation();
  const notices = useNotices();
  const rows = notices.data?.pages.flatMap((page) => page.items) ?? [];
  if (notices.isPending) return <Skeleton className="h-40" />;
  if (notices.error)
    return (
      <p role="alert" className="text-sm text-muted-foreground">
        {failureMessage(notices.error, t)}
      </p>
    );
  return (
    <div className="grid gap-3">
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('announcements_no_notices')}</p>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border bg-card" aria-label={t('menu_notices')}>
          {rows.map((notice) => (
            <li key={notice.id} className="flex items-center justify-between gap-4 px-4 py-3">
              <Link to={detailPath(notice.id)} className="font-medium text-primary hover:underline">
                {notice.title}
              </Link>
              <time dateTime={notice.publishedAt} className="whitespace-nowrap text-sm text-muted-foreground">
                {formatTime(notice.publishedAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
      {notices.hasNextPage && (
        <Button variant="outline" onClick={() => void notices.fetchNextPage()} disabled={notices.isFetchingNextPage}>
          {t('load_more')}
        </Button>
      )}
    </div>
  );
}
