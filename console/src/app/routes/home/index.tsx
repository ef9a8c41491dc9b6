// /home: the overview: the dashboard for the staff, the newest notices, and the system card only for those who may
// see the platform's health.
import { useTranslation } from 'react-i18next';
import { LatestNoticesCard } from '@/features/announcements/components/latest-notices-card';
import { SystemStatus } from '@/features/system/components/system-status';
import { Welcome } from '@/features/auth/components/welcome';
import { DashboardCards } from '@/features/insights/components/dashboard-cards';
import { useCan } from '@/lib/authorization';

export default function HomePage() {
  const { t } = useTranslation();
  const { can } = useCan();
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{t('menu_overview')}</h1>
      <Welcome />
      {can('statistics.read') && <DashboardCards />}
      {can('announcement.read') && <LatestNoticesCard detailPath={(id) => `/home/noticeinfo/${id}`} />}
      {can('system.health') && <SystemStatus />}
    </div>
  );
}
