// /toolConfig: the tool configuration list.
import { useTranslation } from 'react-i18next';
import { ToolsTable } from '@/features/tools/components/tools-table';

export default function ToolListPage() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{t('menu_tool_config')}</h1>
      <ToolsTable />
    </div>
  );
}
