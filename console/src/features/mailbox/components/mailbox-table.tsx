// The development mailbox, newest first.
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { ListTable } from '@/components/list-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { useMailbox } from '../api/list-mailbox';
import { formatTime } from '@/lib/time';

export function MailboxTable() {
  const { t } = useTranslation();
  const mailbox = useMailbox();
  if (mailbox.isPending) return <Skeleton className="h-32" />;
  return (
    <ListTable headings={[t('mailbox_time'), t('mailbox_channel'), t('mailbox_recipient'), t('mailbox_body')]} empty={(mailbox.data ?? []).length === 0} error={mailbox.error}>
      {(mailbox.data ?? []).map((entry) => (
        <TableRow key={entry.id}>
          <TableCell>{formatTime(entry.sentAt)}</TableCell>
          <TableCell>{t(`mailbox_${entry.channel}`)}</TableCell>
          <TableCell>{entry.recipient}</TableCell>
          <TableCell>{entry.body}</TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}
