// /project/release, /project/going and /project/finish: the PM's project lists.
import { useTranslation } from 'react-i18next';
import type { ProjectTab } from '@/features/projects/api/get-projects';
import { ProjectsTable } from '@/features/projects/components/projects-table';

const titles: Record<ProjectTab, string> = { release: 'menu_projects_to_publish', going: 'menu_going_projects', finish: 'menu_finished_projects' };

export default function ProjectListPage({ tab }: { tab: ProjectTab }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{t(titles[tab])}</h1>
      <ProjectsTable key={tab} tab={tab} manage />
    </div>
  );
}
