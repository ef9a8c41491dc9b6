// /log/index: the management log.
import { useTranslation } from 'react-i18next';
import { HistoryTable } from '@/features/history/components/history-table';

export default function LogPage() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{t('menu_management_log')}</h1>
      <HistoryTable />
    </div>
  );
}
