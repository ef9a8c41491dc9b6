// /home: the overview; the system card only for those who may see the platform's health.
import { useTranslation } from 'react-i18next';
import { SystemStatus } from '@/features/system/components/system-status';
import { Welcome } from '@/features/auth/components/welcome';
import { useCan } from '@/lib/authorization';

export default function HomePage() {
  const { t } = useTranslation();
  const { can } = useCan();
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{t('menu_overview')}</h1>
      <Welcome />
      {can('system.health') && <SystemStatus />}
    </div>
  );
}
