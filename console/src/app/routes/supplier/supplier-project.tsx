// /supplier/datamanage/{id}: a project as its supplier sees it: the groups of its taggers per link, its team's share
// of each link with its groups' parts and progress, and its team's items.
import { useParams } from 'react-router-dom';
import { RefusalNotice, refusalOf } from '@/components/refusal';
import { Skeleton } from '@/components/ui/skeleton';
import { TeamSharePanel } from '@/features/distribution/components/team-share-panel';
import { ProjectScreen } from '@/features/projects/components/project-screen';
import { SupplierLinks } from '@/features/projects/components/supplier-links';
import { useItemChoices } from '../use-item-choices';
import { ItemsPanel } from '@/features/items/components/items-panel';

export default function SupplierProjectPage() {
  const { id = '' } = useParams();
  const { members, choices, nameOf } = useItemChoices(id);
  return (
    <ProjectScreen id={id} manage={false}>
      {(project) =>
        members.isPending ? (
          <Skeleton className="h-32" />
        ) : members.error ? (
          <RefusalNotice refusal={refusalOf(members.error) ?? 'not_found'} />
        ) : (
          <>
            <SupplierLinks projectId={id} links={members.data ?? []} />
            <TeamSharePanel projectId={id} />
            <ItemsPanel projectId={id} links={project.links} choices={choices} nameOf={nameOf} manage={false} />
          </>
        )
      }
    </ProjectScreen>
  );
}
