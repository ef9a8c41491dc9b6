// /supplier/people/{pid}/{link_id}/{group_id}: the supplier's group of its own taggers within one link (0 = a new group).
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Skeleton } from '@/components/ui/skeleton';
import { useProjectMembers } from '@/features/projects/api/project-members';
import { GroupForm } from '@/features/projects/components/group-form';

export default function SupplierPeoplePage() {
  const { t } = useTranslation();
  const { pid = '', linkId = '', groupId = '0' } = useParams();
  const members = useProjectMembers(pid);
  if (members.isPending) return <Skeleton className="h-64" />;
  const link = members.data?.find((l) => l.linkId === linkId);
  if (!link) return <p className="text-sm text-muted-foreground">{t('supplier_no_links')}</p>;
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">
        {t('supplier_people')} · {link.linkName}
      </h1>
      <GroupForm projectId={pid} link={link} groupId={groupId === '0' ? null : groupId} />
    </div>
  );
}
