// /home/message and /tag/message: the reader's message center.
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { useUserInfo } from '@/lib/user-info';
import { MessageList } from '@/features/messages/components/message-list';

export default function MessagesPage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{t('messages_title')}</h1>
      {user.data ? <MessageList role={user.data.role} /> : <Skeleton className="h-32" />}
    </div>
  );
}
