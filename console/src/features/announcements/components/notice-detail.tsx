// One notice as its reader sees it: title, publishing time and content; one out of the reader's scope, stopped or
// never published is not found.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { failureMessage } from '@/components/refusal';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useNotice } from '../api/notices';
import { NoticeContent } from './notice-content';
import { formatTime } from '@/lib/time';

export function NoticeDetail({ id, backPath }: { id: string; backPath: string }) {
  const { t } = useTranslation();
  const notice = useNotice(id);
  const back = (
    <Link to={backPath} className="text-sm text-primary hover:underline">
      {t('announcements_back')}
    </Link>
  );
  if (notice.isPending && notice.fetchStatus !== 'idle') return <Skeleton className="h-60" />;
  if (!notice.data)
    return (
      <div className="grid gap-2">
        <p role="alert" className="text-sm text-muted-foreground">
          {!notice.error || (notice.error instanceof ApiError && notice.error.code === 404) ? t('announcements_not_found') : failureMessage(notice.error, t)}
        </p>
        {back}
      </div>
    );
  return (
    <div className="grid gap-3">
      {back}
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold">{notice.data.title}</h1>
          <time dateTime={notice.data.publishedAt} className="text-sm text-muted-foreground">
            {t('announcements_published_at', { time: formatTime(notice.data.publishedAt) })}
          </time>
        </CardHeader>
        <CardContent>
          <NoticeContent html={notice.data.content} />
        </CardContent>
      </Card>
    </div>
  );
}
