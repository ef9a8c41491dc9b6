// The frame of a project's screens: loads the project, shows its header, and hands the loaded project to the screen.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectDetail } from '@annot/workflows';
import { RefusalNotice, refusalOf } from '@/components/refusal';
import { Skeleton } from '@/components/ui/skeleton';
import { isUuid } from '@/lib/ids';
import { useProject } from '../api/get-projects';
import { ProjectHeader } from './project-header';

export function ProjectScreen({ id, manage, children }: { id: string; manage: boolean; children: (project: ProjectDetail) => ReactNode }) {
  const { t } = useTranslation();
  const valid = isUuid(id);
  const project = useProject(valid ? id : null);
  if (!valid) return <RefusalNotice refusal="not_found" />;
  if (project.isPending) return <Skeleton className="h-64" />;
  if (project.error) {
    const refusal = refusalOf(project.error);
    return refusal ? <RefusalNotice refusal={refusal} /> : <p role="alert">{t('load_failed')}</p>;
  }
  return (
    <div className="grid gap-6">
      <ProjectHeader project={project.data} manage={manage} />
      {children(project.data)}
    </div>
  );
}
