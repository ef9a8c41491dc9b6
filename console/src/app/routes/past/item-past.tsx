// /past/item/{itemId}: one item as it was at a chosen moment, read-only, for the admin, the project's PMs and its
// auditors; the moment lives in the address (?position=, ?at=, ?version=) so a past view can be linked, and so does
// the moment it is compared with (?compare=position:N and the like), whose diff is drawn over the image.
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { objectName } from '@annot/workflows';
import { RefusalNotice, refusalOf } from '@/components/refusal';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useProjectTools } from '@/features/editor/api/get-project-tools';
import { useItemAsOf } from '@/features/past/api/get-item-as-of';
import { useItemDiff } from '@/features/past/api/get-item-diff';
import { useItemTimeline } from '@/features/past/api/get-item-timeline';
import { type MomentChoice, momentFromSearch, momentOfToken, momentSearch, momentToken } from '@/features/past/api/moment';
import { diffColors, diffDrawing, ItemDiff } from '@/features/past/components/item-diff';
import { ItemTimeline } from '@/features/past/components/item-timeline';
import { MomentPicker } from '@/features/past/components/moment-picker';
import { PastBanner } from '@/features/past/components/past-banner';
import { useProject } from '@/features/projects/api/get-projects';
import { ErrorMarks } from '@/features/items/components/error-marks';
import { ItemMedia } from '@/features/items/components/item-media';
import { ResultSummary } from '@/features/items/components/result-summary';
import { isUuid } from '@/lib/ids';
import { linkLabel } from '@/lib/link-label';

export default function ItemPastPage() {
  const { t } = useTranslation();
  const { itemId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const moment = momentFromSearch(search);
  const compared = momentOfToken(search.get('compare'));
  const choose = (next: MomentChoice) => setSearch(momentSearch(next));
  const compare = (other: MomentChoice) => setSearch({ ...momentSearch(moment), compare: momentToken(other) });
  const past = useItemAsOf(itemId, moment);
  const diff = useItemDiff(itemId, moment, compared);
  const timeline = useItemTimeline(itemId);
  const projectId = past.data?.projectId ?? null;
  const project = useProject(projectId);
  const tools = useProjectTools(projectId);
  if (!isUuid(itemId)) return <RefusalNotice refusal="not_found" />;
  const view = past.data;
  const toolName = (id: string) => tools.data?.find((tool) => tool.toolId === id)?.definition.name ?? t('items_tool_unknown');
  const linkName = (id: string) => {
    const link = project.data?.links.find((l) => l.id === id);
    return link ? linkLabel(t, link) : t('items_unseen_link');
  };
  const objects = view?.result?.objects ?? [];
  const nameOfObject = (id: string) => objectName(objects, id, toolName);
  // Comparing, the image shows the diff: the later result with the removed objects of the earlier, in three colours.
  const drawing = compared && diff.data ? diffDrawing(diff.data) : null;

  return (
    <div className="grid gap-4">
      {projectId && (
        <div>
          <Button asChild size="sm" variant="ghost">
            <Link to={`/past/project/${projectId}${moment.kind === 'version' ? '' : `?${search.toString()}`}`}>← {project.data?.title ?? t('items_back')}</Link>
          </Button>
        </div>
      )}
      <MomentPicker onChoose={choose} projectId={projectId ?? undefined} />
      {past.error && !view && (refusalOf(past.error) ? <RefusalNotice refusal={refusalOf(past.error)!} /> : <p role="alert">{(past.error as Error).message}</p>)}
      {past.error && view && <p role="alert" className="text-sm text-destructive">{(past.error as Error).message}</p>}
      {!view && !past.error && <Skeleton className="h-64" />}
      {view && (
        <>
          <PastBanner moment={view.moment} onNow={() => choose({ kind: 'now' })} />
          <div>
            <Button asChild size="sm" variant="outline">
              <Link to={`/past/edit/${itemId}?${new URLSearchParams(momentSearch(moment)).toString()}`}>{t('past_open_editor')}</Link>
            </Button>
          </div>
          {compared && <ItemDiff view={diff.data} error={diff.error} toolName={toolName} onStop={() => choose(moment)} />}
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-xl font-semibold">{view.fileName}</h1>
            <Badge variant="outline">{t(`past_item_status_${view.status}`)}</Badge>
            {view.linkId && <Badge variant="outline">{linkName(view.linkId)}</Badge>}
            {view.effectiveness === 'invalid' && <Badge variant="destructive">{t('items_invalid')}</Badge>}
          </div>
          {view.marks.length > 0 && (
            <div className="grid gap-1">
              <h2 className="text-sm font-semibold">{t('items_rejection_marks')}</h2>
              <ErrorMarks marks={view.marks} names={{ objectName: nameOfObject, sequence: (view.result?.frameCount ?? 1) > 1 }} />
            </div>
          )}
          <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <ItemMedia
              itemId={itemId}
              fileName={view.fileName}
              size={view.width && view.height ? { width: view.width, height: view.height } : null}
              objects={drawing?.objects ?? objects}
              marked={new Set(view.marks.flatMap((m) => (m.objectId ? [m.objectId] : [])))}
              objectName={drawing ? (id) => objectName(drawing.nameIn(id), id, toolName) : nameOfObject}
              tint={drawing ? (id) => ({ color: diffColors[drawing.kindOf(id)], label: t(`past_diff_kind_${drawing.kindOf(id)}`) }) : undefined}
            />
            <ResultSummary
              result={view.result ? { version: view.resultVersion, result: view.result, savedBy: '', savedAt: view.lastSavedAt ?? '' } : null}
              tools={tools.data ?? []}
              toolName={toolName}
            />
          </div>
        </>
      )}
      <ItemTimeline timeline={timeline.data} error={timeline.error} current={view?.moment.position ?? null} onChoose={choose} onCompare={compare} />
    </div>
  );
}
