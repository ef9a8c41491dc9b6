// The choices of a project's item filters (its batches, and the people and teams of its links as the reader may see
// them), and a person's name from the same members, for the pages that list items without the members' route. It
// composes three features, so it sits with the pages that share it.
import { useTranslation } from 'react-i18next';
import { useBatches } from '@/features/batches/api/batches';
import { useProjectMembers } from '@/features/projects/api/project-members';
import { itemChoicesOf } from '@/features/items/components/item-filters';

export function useItemChoices(projectId: string) {
  const { t } = useTranslation();
  const members = useProjectMembers(projectId);
  const batches = useBatches(projectId);
  const choices = itemChoicesOf(members.data, batches.data);
  const nameOf = (personId: string) => choices.claimers.find((c) => c.id === personId)?.name ?? t('items_person_unknown');
  return { members, choices, nameOf };
}
