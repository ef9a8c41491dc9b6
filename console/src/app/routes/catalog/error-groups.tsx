// /errorType/index: box error property groups.
import { useTranslation } from 'react-i18next';
import { ErrorGroupsTable } from '@/features/catalog-entries/components/error-groups-table';

export default function ErrorGroupsPage() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{t('menu_error_groups')}</h1>
      <ErrorGroupsTable />
    </div>
  );
}
