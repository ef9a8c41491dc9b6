// /log/index: the management log, of every project or of one chosen by searching their titles; an auditor's choices
// and rows are its projects'.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ManagementLogTable } from '@/features/management-log/components/management-log-table';
import { ProjectPicker } from '@/features/projects/components/project-picker';
import type { ProjectChoice } from '@/features/projects/api/search-projects';

export default function LogPage() {
  const { t } = useTranslation();
  const [project, setProject] = useState<ProjectChoice | null>(null);
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{t('menu_management_log')}</h1>
      <ProjectPicker label={t('log_project')} none={t('log_all_projects')} chosen={project} onChoose={setProject} />
      {/* A new project starts at the first page. */}
      <ManagementLogTable key={project?.id ?? ''} projectId={project?.id} />
    </div>
  );
}
