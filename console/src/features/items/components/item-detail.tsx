// One item of the work loop: its image, its result, its history and the actions the machine allows the reader.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type EditorTool, type ItemLink, objectName } from '@annot/workflows';
import { RefusalNotice, refusalOf } from '@/components/refusal';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { type ItemAnswer, type ItemVerb, itemVerbsOf } from '../api/act-on-item';
import { useItemHistory, useItem } from '../api/get-item';
import type { CatalogChoices } from './catalog-choices';
import { DeadlineCountdown } from './deadline-countdown';
import { ErrorMarks, type MarkNames } from './error-marks';
import { ItemActions } from './item-actions';
import { ItemHistory } from './item-history';
import { ItemMedia } from './item-media';
import { ResultSummary } from './result-summary';
import { reworkMarks } from './rework-marks';
import { linkLabel } from '@/lib/link-label';

export interface ItemProject {
  links: (ItemLink & { name: string })[];
  basics: { reworkMaxCount: number; inspectorMayModify: boolean };
  /** The project's tools with their definitions, for the names of objects and attributes. */
  tools: EditorTool[];
}

export interface ItemDetailProps {
  itemId: string;
  /** The item's project as the reader may see it; null while it loads. */
  project: ItemProject | null;
  catalog: CatalogChoices;
  nameOf: (id: string, known?: string | null) => string;
  onDone: (verb: ItemVerb, answer: ItemAnswer) => void;
  /** Where this item opens in the annotation editor. */
  editorPath?: string;
}

export function ItemDetail({ itemId, project, catalog, nameOf, onDone, editorPath }: ItemDetailProps) {
  const { t } = useTranslation();
  const item = useItem(itemId);
  const history = useItemHistory(itemId, !!item.data);
  const groups = catalog.useErrorGroups(catalog.readable);
  if (item.isPending) return <Skeleton className="h-64" />;
  // A refetch that fails after a command (the item went where the reader may not follow) keeps what was shown.
  if (!item.data) {
    const refusal = refusalOf(item.error);
    return refusal ? <RefusalNotice refusal={refusal} /> : <p role="alert">{t('load_failed')}</p>;
  }
  const { data: view, version } = item.data;
  const links = project?.links ?? [];
  const linkName = (id: string) => {
    const link = links.find((l) => l.id === id);
    return link ? linkLabel(t, link) : t('items_unseen_link');
  };
  const toolName = (id: string) => project?.tools.find((tool) => tool.toolId === id)?.definition.name ?? t('items_tool_unknown');
  const marks = history.data ? reworkMarks(history.data) : [];
  const verbs = itemVerbsOf(view.actions);
  const shown = view.result?.result.objects ?? [];
  const nameOfObject = (id: string) => objectName(shown, id, toolName);
  const objects = shown.map((o) => ({ id: o.id, label: nameOfObject(o.id)! }));
  const markNames: MarkNames = { groupName: (id) => groups.data?.find((g) => g.id === id)?.name, objectName: nameOfObject, sequence: (view.result?.result.frameCount ?? 1) > 1 };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-xl font-semibold">{view.fileName}</h1>
        <Badge variant="outline">{t(`item_status_${view.status}`)}</Badge>
        {view.linkId && <Badge variant="outline">{linkName(view.linkId)}</Badge>}
        {view.rework && <Badge variant="warning">{t('items_rework_badge', { count: view.reworkCount })}</Badge>}
        {!view.effective && <Badge variant="destructive">{t('items_invalid')}</Badge>}
        {view.status === 'held' && <Badge variant="destructive">{t('items_held_note')}</Badge>}
        {editorPath && (
          <Button asChild size="sm" className="ms-auto">
            <Link to={editorPath}>{t('editor_open_in_editor')}</Link>
          </Button>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
        <Fact term={t('items_claimer')} value={view.claimerId ? nameOf(view.claimerId) : '-'} />
        <Fact term={t('items_deadline')} value={view.status === 'claimed' ? <DeadlineCountdown deadline={view.deadline} /> : '-'} />
        <Fact term={t('items_submissions')} value={view.submissionCount} />
        <Fact term={t('items_rework_count')} value={view.reworkCount} />
      </dl>
      <Card>
        <CardContent className="grid gap-3 pt-5">
          <ItemActions itemId={itemId} version={version ?? view.version} verbs={verbs} catalog={catalog} objects={objects} onDone={onDone} />
          {view.rework && marks.length > 0 && (
            <div className="grid gap-1">
              <h2 className="text-sm font-semibold">{t('items_rejection_marks')}</h2>
              <ErrorMarks marks={marks} names={markNames} />
            </div>
          )}
        </CardContent>
      </Card>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <ItemMedia
          itemId={itemId}
          fileName={view.fileName}
          size={view.width && view.height ? { width: view.width, height: view.height } : null}
          objects={shown}
          marked={new Set(marks.flatMap((m) => (m.objectId ? [m.objectId] : [])))}
          objectName={nameOfObject}
        />
        <ResultSummary result={view.result} tools={project?.tools ?? []} toolName={toolName} />
      </div>
      <ItemHistory history={history.data ?? []} error={history.error} nameOf={nameOf} linkName={linkName} markNames={markNames} />
    </div>
  );
}

function Fact({ term, value }: { term: string; value: ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
