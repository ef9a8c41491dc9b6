// The header's unread message badge: the count from the seed's call for the reader's role, updated live when the
// events stream says their inbox changed; it links to their message center.
import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Role } from '@annot/workflows';
import { useServerEvents } from '@/lib/events-stream';
import { messagesKey } from '../api/get-messages';
import { unreadCountQuery, useUnreadCount } from '../api/get-unread-count';
import { formatNumber } from '@/lib/numbers';

const inboxEvents = ['inbox'] as const;

export const messageCenterPath = (role: string) => (role === Role.Tagger ? '/tag/message' : '/home/message');

export function UnreadBadge({ role }: { role: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const unread = useUnreadCount(role);
  useServerEvents(inboxEvents, (_, data) => {
    client.setQueryData(unreadCountQuery(role).queryKey, (data as { unread: number }).unread);
    void client.invalidateQueries({ queryKey: messagesKey });
  });
  const count = unread.data ?? 0;
  return (
    <Link
      to={messageCenterPath(role)}
      className="relative inline-flex h-8 w-8 items-center justify-center rounded-md hover:bg-muted"
      aria-label={t('messages_unread_badge', { count })}
      data-testid="unread-badge"
    >
      <Bell className="h-4 w-4" aria-hidden />
      {count > 0 && (
        <span className="absolute -end-1 -top-1 min-w-4 rounded-full bg-destructive px-1 text-center text-[10px] font-semibold leading-4 text-destructive-foreground" data-testid="unread-count">
          {count > 99 ? `${formatNumber(99)}+` : formatNumber(count)}
        </span>
      )}
    </Link>
  );
}
