// /picture/reason: invalid-image reasons.
import { useTranslation } from 'react-i18next';
import { InvalidReasonsTable } from '@/features/catalog-entries/components/invalid-reasons-table';

export default function InvalidReasonsPage() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{t('menu_invalid_reasons')}</h1>
      <InvalidReasonsTable />
    </div>
  );
}
