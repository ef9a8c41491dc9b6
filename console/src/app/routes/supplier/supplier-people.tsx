// /supplier/people/{pid}/{link_id}/{group_id}: the supplier's group of its own taggers within one link (0 = a new group).
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { RefusalNotice, refusalOf } from '@/components/refusal';
import { Skeleton } from '@/components/ui/skeleton';
import { useTaggerChoices } from '@/features/people/api/people-choices';
import { useProjectMembers } from '@/features/projects/api/project-members';
import { GroupForm } from '@/features/projects/components/group-form';
import { isUuid } from '@/lib/ids';
import { linkLabel } from '@/lib/link-label';

export default function SupplierPeoplePage() {
  const { t } = useTranslation();
  const { pid = '', linkId = '', groupId = '0' } = useParams();
  const members = useProjectMembers(pid);
  const link = members.data?.find((l) => l.linkId === linkId);
  const group = groupId === '0' || link?.groups.some((g) => g.groupId === groupId);
  if (members.isPending && isUuid(pid)) return <Skeleton className="h-64" />;
  if (members.error) return <RefusalNotice refusal={refusalOf(members.error) ?? 'not_found'} />;
  if (!link || !group) return <RefusalNotice refusal="not_found" />;
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">
        {t('supplier_people')} · {linkLabel(t, { name: link.linkName, type: link.linkType })}
      </h1>
      <GroupForm projectId={pid} link={link} groupId={groupId === '0' ? null : groupId} useTaggerChoices={useTaggerChoices} />
    </div>
  );
}
