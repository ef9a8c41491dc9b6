// /past/project/{id}: a project's items for a reader of the past, read-only; each item opens as it was at a moment.
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useBatches } from '@/features/batches/api/batches';
import { useProjectMembers } from '@/features/projects/api/project-members';
import { ProjectScreen } from '@/features/projects/components/project-screen';
import { itemChoicesOf } from '@/features/tasks/components/item-filters';
import { ItemsPanel } from '@/features/tasks/components/items-panel';

export default function PastProjectPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const members = useProjectMembers(id);
  const batches = useBatches(id);
  const choices = itemChoicesOf(members.data, batches.data);
  const nameOf = (personId: string) => choices.claimers.find((c) => c.id === personId)?.name ?? t('tasks_person_unknown');
  return (
    <ProjectScreen id={id} manage={false}>
      {(project) => <ItemsPanel projectId={id} links={project.links} choices={choices} nameOf={nameOf} itemPath={(itemId) => `/past/item/${itemId}`} manage={false} />}
    </ProjectScreen>
  );
}
