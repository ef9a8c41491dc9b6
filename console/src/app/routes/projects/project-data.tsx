// /project/datamanage/{id}: a project's detail with its data management: batches, uploads and items.
import { useParams } from 'react-router-dom';
import { Skeleton } from '@/components/ui/skeleton';
import { BatchesPanel } from '@/features/batches/components/batches-panel';
import { useProject } from '@/features/projects/api/get-projects';
import { ProjectHeader } from '@/features/projects/components/project-header';

export default function ProjectDataPage() {
  const { id = '' } = useParams();
  const project = useProject(id);
  if (project.isPending) return <Skeleton className="h-64" />;
  if (!project.data) return null;
  return (
    <div className="grid gap-6">
      <ProjectHeader project={project.data} manage />
      <BatchesPanel projectId={id} />
    </div>
  );
}
