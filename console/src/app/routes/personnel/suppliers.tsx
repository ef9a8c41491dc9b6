// /personnel/supplier: the teams and their supplier accounts.
import { useTranslation } from 'react-i18next';
import { TeamsTable } from '@/features/people/components/teams-table';
import PeopleListPage from './people-list';

export default function SuppliersPage() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-8">
      <section className="grid gap-4">
        <h1 className="text-xl font-semibold">{t('menu_teams')}</h1>
        <TeamsTable />
      </section>
      <PeopleListPage titleKey="people_supplier_accounts" roles={['30']} basePath="/personnel" />
    </div>
  );
}
