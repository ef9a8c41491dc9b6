// /baseConfig/index: import/export data rules.
import { useTranslation } from 'react-i18next';
import { DataRulesPanel } from '@/features/data-rules/components/data-rules-panel';

export default function DataRulesPage() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{t('menu_data_rules')}</h1>
      <DataRulesPanel />
    </div>
  );
}
