// /project/datamanage/{id}: a project's detail with its data management: batches, uploads and the items of each link.
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useBatches } from '@/features/batches/api/batches';
import { BatchesPanel } from '@/features/batches/components/batches-panel';
import { DistributionPanel } from '@/features/distribution/components/distribution-panel';
import { useMemberNames, useProjectMembers } from '@/features/projects/api/project-members';
import { ProjectScreen } from '@/features/projects/components/project-screen';
import { itemChoicesOf } from '@/features/items/components/item-filters';
import { ItemsPanel } from '@/features/items/components/items-panel';
import { useCan } from '@/lib/authorization';

export default function ProjectDataPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { can } = useCan();
  const names = useMemberNames(id, can('project.members.read'));
  const members = useProjectMembers(id);
  const batches = useBatches(id);
  const nameOf = (personId: string) => names.get(personId) ?? t('items_person_unknown');
  return (
    <ProjectScreen id={id} manage>
      {(project) => (
        <>
          <BatchesPanel projectId={id} />
          <DistributionPanel projectId={id} />
          {can('item.list') && (
            <ItemsPanel
              projectId={id}
              links={project.links}
              choices={itemChoicesOf(members.data, batches.data)}
              itemPath={(itemId) => `/project/item/${itemId}`}
              nameOf={nameOf}
              manage={can('item.manage')}
            />
          )}
        </>
      )}
    </ProjectScreen>
  );
}
