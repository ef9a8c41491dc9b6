// /supplier/index: the projects a supplier's team works on, each opening its work screen and its team's statistics.
import { useTranslation } from 'react-i18next';
import { ProjectsTable } from '@/features/projects/components/projects-table';
import { useCan } from '@/lib/authorization';

export default function SupplierProjectsPage() {
  const { t } = useTranslation();
  const { can } = useCan();
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{t('menu_projects')}</h1>
      <ProjectsTable tab="going" manage={false} statisticsPath={can('statistics.team') ? (project) => `/supplier/sum/${project.id}` : undefined} />
    </div>
  );
}
