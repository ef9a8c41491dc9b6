// /mailbox: where an admin reads the codes sent in development.
import { useTranslation } from 'react-i18next';
import { MailboxTable } from '@/features/mailbox/components/mailbox-table';

export default function MailboxPage() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <div>
        <h1 className="text-xl font-semibold">{t('menu_mailbox')}</h1>
        <p className="text-sm text-muted-foreground">{t('mailbox_hint')}</p>
      </div>
      <MailboxTable />
    </div>
  );
}
