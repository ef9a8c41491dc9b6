// /tag/item/{itemId} and /project/item/{itemId}: one item of the work loop, for whoever may read it; the page brings
// the project, the names and the catalog the item screen needs.
import { useQuery } from '@tanstack/react-query';
import { mayKnowWorkers } from '@annot/workflows';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { RefusalNotice } from '@/components/refusal';
import { Button } from '@/components/ui/button';
import { useUserInfo } from '@/lib/user-info';
import { entriesQuery, type InvalidReasonView } from '@/features/catalog-entries/api/entries';
import { useProjectErrorGroups } from '@/features/editor/api/get-project-error-groups';
import { useProjectTools } from '@/features/editor/api/get-project-tools';
import { useProject } from '@/features/projects/api/get-projects';
import { useMemberNames } from '@/features/projects/api/project-members';
import type { ItemVerb } from '@/features/items/api/act-on-item';
import { useItem } from '@/features/items/api/get-item';
import type { CatalogChoices } from '@/features/items/components/catalog-choices';
import { ItemDetail } from '@/features/items/components/item-detail';
import { useCan } from '@/lib/authorization';
import { isUuid } from '@/lib/ids';
import { DirectionArrow } from '@/components/direction-arrow';

/** After these a tagger no longer holds the item, and may no longer see it: back to the project. */
const handsOver = new Set<ItemVerb>(['submit', 'release', 'pass', 'reject']);

const useInvalidReasons = (enabled: boolean) => useQuery({ ...entriesQuery<InvalidReasonView>('/manage/invalid-reasons'), enabled });

export default function ItemPage({ area }: { area: 'tag' | 'project' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { itemId = '' } = useParams();
  const { can, role } = useCan();
  const user = useUserInfo();
  // Item ids are GUID-shaped (md5 of their batch and place); the pattern does not ask for a UUID version.
  const valid = isUuid(itemId);
  const item = useItem(valid ? itemId : '');
  const projectId = item.data?.data.projectId ?? null;
  const project = useProject(projectId);
  const tools = useProjectTools(projectId);
  // The mark dialog offers the project's own error groups, and the marks made are named by them.
  const useErrorGroups = (enabled: boolean) => useProjectErrorGroups(projectId, enabled);
  const names = useMemberNames(projectId ?? '', mayKnowWorkers(role ?? ''));
  if (!valid) return <RefusalNotice refusal="not_found" />;

  const me = user.data;
  // Whoever may not know who worked on the item reads only their own name; the server leaves the others out.
  const knowsWorkers = mayKnowWorkers(role ?? '');
  const nameOf = (id: string, known?: string | null) => {
    if (id === me?.id) return t('items_you', { name: me.name });
    if (!knowsWorkers) return t('items_person_withheld');
    return known ?? names.get(id) ?? t('items_person_unknown');
  };
  const catalog: CatalogChoices = { readable: can('catalog.marks.read'), useErrorGroups, useInvalidReasons };
  const back = projectId ? (area === 'tag' ? `/tag/datamanage/${projectId}` : `/project/datamanage/${projectId}`) : null;
  const onDone = (verb: ItemVerb) => {
    toast.success(t('items_done', { action: t(`items_verb_${verb.replaceAll('-', '_')}`) }));
    if (area === 'tag' && handsOver.has(verb) && back) navigate(back);
  };

  return (
    <div className="grid gap-4">
      {back && (
        <div className="flex items-center justify-between gap-2">
          <Button asChild size="sm" variant="ghost">
            <Link to={back}><DirectionArrow to="back" /> {project.data?.title ?? t('items_back')}</Link>
          </Button>
          {area === 'project' && can('past.read') && (
            <Button asChild size="sm" variant="outline">
              <Link to={`/past/item/${itemId}`}>{t('past_see_as_it_was')}</Link>
            </Button>
          )}
        </div>
      )}
      <ItemDetail
        itemId={itemId}
        project={project.data ? { links: project.data.links, basics: { reworkMaxCount: project.data.basics.reworkMaxCount, inspectorMayModify: project.data.basics.permissions.inspectorMayModify }, tools: tools.data ?? [] } : null}
        catalog={catalog}
        nameOf={nameOf}
        onDone={onDone}
        editorPath={area === 'tag' ? `/tag/edit/${itemId}` : `/project/edit/${itemId}`}
      />
    </div>
  );
}
