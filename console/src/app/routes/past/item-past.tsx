// /past/item/{itemId}: one item as it was at a chosen moment, read-only, for the admin, the project's PMs and its
// auditors; the moment lives in the address (?position=, ?at=, ?version=) so a past view can be linked.
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { objectName } from '@annot/workflows';
import { RefusalNotice, refusalOf } from '@/components/refusal';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useProjectTools } from '@/features/editor/api/get-project-tools';
import { useItemAsOf } from '@/features/past/api/get-item-as-of';
import { useItemTimeline } from '@/features/past/api/get-item-timeline';
import { type MomentChoice, momentFromSearch, momentSearch } from '@/features/past/api/moment';
import { ItemTimeline } from '@/features/past/components/item-timeline';
import { MomentPicker } from '@/features/past/components/moment-picker';
import { PastBanner } from '@/features/past/components/past-banner';
import { useProject } from '@/features/projects/api/get-projects';
import { ErrorMarks } from '@/features/tasks/components/error-marks';
import { ItemMedia } from '@/features/tasks/components/item-media';
import { ResultSummary } from '@/features/tasks/components/result-summary';
import { isUuid } from '@/lib/ids';
import { linkLabel } from '@/lib/link-label';

export default function ItemPastPage() {
  const { t } = useTranslation();
  const { itemId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const moment = momentFromSearch(search);
  const choose = (next: MomentChoice) => setSearch(momentSearch(next));
  const past = useItemAsOf(itemId, moment);
  const timeline = useItemTimeline(itemId);
  const projectId = past.data?.projectId ?? null;
  const project = useProject(projectId);
  const tools = useProjectTools(projectId);
  if (!isUuid(itemId)) return <RefusalNotice refusal="not_found" />;
  const view = past.data;
  const toolName = (id: string) => tools.data?.find((tool) => tool.toolId === id)?.definition.name ?? t('tasks_tool_unknown');
  const linkName = (id: string) => {
    const link = project.data?.links.find((l) => l.id === id);
    return link ? linkLabel(t, link) : t('tasks_unseen_link');
  };
  const objects = view?.result?.objects ?? [];
  const nameOfObject = (id: string) => objectName(objects, id, toolName);

  return (
    <div className="grid gap-4">
      {projectId && (
        <div>
          <Button asChild size="sm" variant="ghost">
            <Link to={`/past/project/${projectId}${moment.kind === 'version' ? '' : `?${search.toString()}`}`}>← {project.data?.title ?? t('tasks_back')}</Link>
          </Button>
        </div>
      )}
      <MomentPicker onChoose={choose} />
      {past.error && !view && (refusalOf(past.error) ? <RefusalNotice refusal={refusalOf(past.error)!} /> : <p role="alert">{(past.error as Error).message}</p>)}
      {past.error && view && <p role="alert" className="text-sm text-destructive">{(past.error as Error).message}</p>}
      {!view && !past.error && <Skeleton className="h-64" />}
      {view && (
        <>
          <PastBanner moment={view.moment} onNow={() => choose({ kind: 'now' })} />
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-xl font-semibold">{view.fileName}</h1>
            <Badge variant="outline">{t(`past_item_status_${view.status}`)}</Badge>
            {view.linkId && <Badge variant="outline">{linkName(view.linkId)}</Badge>}
            {view.effectiveness === 'invalid' && <Badge variant="destructive">{t('items_invalid')}</Badge>}
          </div>
          {view.marks.length > 0 && (
            <div className="grid gap-1">
              <h2 className="text-sm font-semibold">{t('tasks_rejection_marks')}</h2>
              <ErrorMarks marks={view.marks} names={{ objectName: nameOfObject, sequence: (view.result?.frameCount ?? 1) > 1 }} />
            </div>
          )}
          <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <ItemMedia
              itemId={itemId}
              fileName={view.fileName}
              size={view.width && view.height ? { width: view.width, height: view.height } : null}
              objects={objects}
              marked={new Set(view.marks.flatMap((m) => (m.objectId ? [m.objectId] : [])))}
              objectName={nameOfObject}
            />
            <ResultSummary
              result={view.result ? { version: view.resultVersion, result: view.result, savedBy: '', savedAt: view.lastSavedAt ?? '' } : null}
              tools={tools.data ?? []}
              toolName={toolName}
            />
          </div>
        </>
      )}
      <ItemTimeline timeline={timeline.data} error={timeline.error} current={view?.moment.position ?? null} onChoose={choose} />
    </div>
  );
}
