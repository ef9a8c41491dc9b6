// The frame of a project's screens: loads the project, shows its header, and hands the loaded project to the screen.
import type { ReactNode } from 'react';
import type { ProjectDetail } from '@annot/workflows';
import { Skeleton } from '@/components/ui/skeleton';
import { useProject } from '../api/get-projects';
import { ProjectHeader } from './project-header';

export function ProjectScreen({ id, manage, children }: { id: string; manage: boolean; children: (project: ProjectDetail) => ReactNode }) {
  const project = useProject(id);
  if (project.isPending) return <Skeleton className="h-64" />;
  if (!project.data) return null;
  return (
    <div className="grid gap-6">
      <ProjectHeader project={project.data} manage={manage} />
      {children(project.data)}
    </div>
  );
}
