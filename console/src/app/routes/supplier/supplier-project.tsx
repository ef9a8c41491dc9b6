// /supplier/datamanage/{id}: a project as its supplier sees it, with the groups of its taggers per link.
import { useParams } from 'react-router-dom';
import { Skeleton } from '@/components/ui/skeleton';
import { useProject } from '@/features/projects/api/get-projects';
import { useProjectMembers } from '@/features/projects/api/project-members';
import { ProjectHeader } from '@/features/projects/components/project-header';
import { SupplierLinks } from '@/features/projects/components/supplier-links';

export default function SupplierProjectPage() {
  const { id = '' } = useParams();
  const project = useProject(id);
  const members = useProjectMembers(id);
  if (project.isPending || members.isPending) return <Skeleton className="h-64" />;
  if (!project.data) return null;
  return (
    <div className="grid gap-6">
      <ProjectHeader project={project.data} manage={false} />
      <SupplierLinks projectId={id} links={members.data ?? []} />
    </div>
  );
}
