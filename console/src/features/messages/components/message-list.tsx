// The message center: the reader's messages newest first, unread ones marked, filtered by read state, each linking
// to what it is about; one click marks one read, another marks everything received read.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MessageView } from '@annot/workflows';
import { FormRefusal } from '@/components/form-refusal';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { type MessageState, useMessages } from '../api/get-messages';
import { useReadMessages } from '../api/read-messages';
import { messageLink } from './message-links';
import { formatTime } from '@/lib/time';

const states: MessageState[] = ['all', 'unread', 'read'];

export function MessageList({ role }: { role: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<MessageState>('all');
  const messages = useMessages(state);
  const read = useReadMessages();
  const items = messages.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = messages.data?.pages[0]?.unread ?? 0;

  const open = (message: MessageView) => {
    if (!message.readAt) read.mutate(message.messageId);
  };

  return (
    <section className="grid gap-3" aria-label={t('messages_title')}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Tabs value={state} onValueChange={(value) => setState(value as MessageState)}>
          <TabsList>
            {states.map((s) => (
              <TabsTrigger key={s} value={s}>
                {t(`messages_state_${s}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
        <div className="flex items-center gap-2">
          <span className="text-sm text-muted-foreground">{t('messages_unread_count', { count: unread })}</span>
          <Button size="sm" variant="outline" disabled={unread === 0 || read.isPending} onClick={() => read.mutate('all')}>
            {t('messages_read_all')}
          </Button>
        </div>
      </div>
      <FormRefusal error={read.error} shownInFields={false} />
      {messages.isPending ? (
        <Skeleton className="h-32" />
      ) : messages.error ? (
        <FormRefusal error={messages.error} shownInFields={false} />
      ) : items.length === 0 ? (
        <p className="rounded-md border border-border p-6 text-center text-sm text-muted-foreground">{t('messages_empty')}</p>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border bg-card">
          {items.map((message) => {
            const to = messageLink(message, role);
            return (
              <li key={message.messageId} className="flex items-start justify-between gap-3 p-3" data-testid="message" data-unread={message.readAt ? undefined : 'true'}>
                <div className="grid gap-1">
                  <p className={message.readAt ? 'text-sm text-muted-foreground' : 'text-sm font-medium'}>
                    {!message.readAt && (
                      <Badge className="me-2" variant="destructive">
                        {t('messages_state_unread')}
                      </Badge>
                    )}
                    {message.text}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {t(`messages_kind_${message.kind}`)} · {formatTime(message.createdAt)}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  {to && (
                    <Button asChild size="sm" variant="outline">
                      <Link to={to} onClick={() => open(message)}>
                        {t('messages_open')}
                      </Link>
                    </Button>
                  )}
                  {!message.readAt && (
                    <Button size="sm" variant="ghost" disabled={read.isPending} onClick={() => open(message)}>
                      {t('messages_mark_read')}
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {messages.hasNextPage && (
        <Button variant="outline" onClick={() => void messages.fetchNextPage()} disabled={messages.isFetchingNextPage}>
          {t('load_more')}
        </Button>
      )}
    </section>
  );
}
