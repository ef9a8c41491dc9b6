// The development mailbox, newest first.
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useMailbox } from '../api/list-mailbox';

export function MailboxTable() {
  const { t } = useTranslation();
  const mailbox = useMailbox();
  if (mailbox.isPending) return <Skeleton className="h-32" />;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{t('mailbox_time')}</TableHead>
          <TableHead>{t('mailbox_channel')}</TableHead>
          <TableHead>{t('mailbox_recipient')}</TableHead>
          <TableHead>{t('mailbox_body')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {(mailbox.data ?? []).length === 0 && (
          <TableRow>
            <TableCell colSpan={4} className="text-center text-muted-foreground">
              {t('empty')}
            </TableCell>
          </TableRow>
        )}
        {(mailbox.data ?? []).map((entry) => (
          <TableRow key={entry.id}>
            <TableCell>{new Date(entry.sentAt).toLocaleString()}</TableCell>
            <TableCell>{t(`mailbox_${entry.channel}`)}</TableCell>
            <TableCell>{entry.recipient}</TableCell>
            <TableCell>{entry.body}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
