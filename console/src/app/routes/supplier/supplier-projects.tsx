// /supplier/index: the projects a supplier's team works on.
import { useTranslation } from 'react-i18next';
import { ProjectsTable } from '@/features/projects/components/projects-table';

export default function SupplierProjectsPage() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{t('menu_projects')}</h1>
      <ProjectsTable tab="going" manage={false} />
    </div>
  );
}
