// /home: the overview of admins and PMs.
import { useTranslation } from 'react-i18next';
import { SystemStatus } from '@/features/system/components/system-status';
import { Welcome } from '@/features/auth/components/welcome';

export default function HomePage() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{t('menu_overview')}</h1>
      <Welcome />
      <SystemStatus />
    </div>
  );
}
