// /supplier/datamanage/{id}: a project as its supplier sees it: the groups of its taggers per link, its team's share
// of each link with its groups' parts and progress, and its team's items.
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { RefusalNotice, refusalOf } from '@/components/refusal';
import { Skeleton } from '@/components/ui/skeleton';
import { useBatches } from '@/features/batches/api/batches';
import { TeamSharePanel } from '@/features/distribution/components/team-share-panel';
import { useProjectMembers } from '@/features/projects/api/project-members';
import { ProjectScreen } from '@/features/projects/components/project-screen';
import { SupplierLinks } from '@/features/projects/components/supplier-links';
import { itemChoicesOf } from '@/features/tasks/components/item-filters';
import { ItemsPanel } from '@/features/tasks/components/items-panel';

export default function SupplierProjectPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const members = useProjectMembers(id);
  const batches = useBatches(id);
  const choices = itemChoicesOf(members.data, batches.data);
  const nameOf = (personId: string) => choices.claimers.find((c) => c.id === personId)?.name ?? t('tasks_person_unknown');
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
