// The overview's card of the three newest notices for the reader.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/time';
import { useNotices } from '../api/notices';

/** The whole list is the side menu's *Notices*. */
export function LatestNoticesCard({ detailPath }: { detailPath: (id: string) => string }) {
  const { t } = useTranslation();
  const notices = useNotices(3);
  const latest = notices.data?.pages[0]?.items ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('announcements_latest')}</CardTitle>
      </CardHeader>
      <CardContent>
        {latest.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('announcements_no_notices')}</p>
        ) : (
          <ul className="grid gap-1">
            {latest.map((notice) => (
              <li key={notice.id} className="flex justify-between gap-4 text-sm">
                <Link to={detailPath(notice.id)} className="text-primary hover:underline">
                  {notice.title}
                </Link>
                <span className="text-muted-foreground">{formatDate(notice.publishedAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
