// /supplier/datamanage/{id}: a project as its supplier sees it, with the groups of its taggers per link.
import { useParams } from 'react-router-dom';
import { RefusalNotice, refusalOf } from '@/components/refusal';
import { Skeleton } from '@/components/ui/skeleton';
import { TeamSharePanel } from '@/features/distribution/components/team-share-panel';
import { useProjectMembers } from '@/features/projects/api/project-members';
import { ProjectScreen } from '@/features/projects/components/project-screen';
import { SupplierLinks } from '@/features/projects/components/supplier-links';

export default function SupplierProjectPage() {
  const { id = '' } = useParams();
  const members = useProjectMembers(id);
  return (
    <ProjectScreen id={id} manage={false}>
      {() =>
        members.isPending ? (
          <Skeleton className="h-32" />
        ) : members.error ? (
          <RefusalNotice refusal={refusalOf(members.error) ?? 'not_found'} />
        ) : (
          <>
            <SupplierLinks projectId={id} links={members.data ?? []} />
            <TeamSharePanel projectId={id} />
          </>
        )
      }
    </ProjectScreen>
  );
}
