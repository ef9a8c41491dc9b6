// /audit/projects: the projects an auditor was given (every project for the staff), running and finished, each
// opening its items for reading as they were.
import { useTranslation } from 'react-i18next';
import { ProjectsTable } from '@/features/projects/components/projects-table';

export default function PastProjectsPage() {
  const { t } = useTranslation();
  const open = (project: { id: string }) => `/past/project/${project.id}`;
  return (
    <div className="grid gap-6">
      <h1 className="text-xl font-semibold">{t('menu_audited_projects')}</h1>
      <section className="grid gap-2">
        <h2 className="text-base font-semibold">{t('menu_going_projects')}</h2>
        <ProjectsTable tab="going" manage={false} openPath={open} />
      </section>
      <section className="grid gap-2">
        <h2 className="text-base font-semibold">{t('menu_finished_projects')}</h2>
        <ProjectsTable tab="finish" manage={false} openPath={open} />
      </section>
    </div>
  );
}
