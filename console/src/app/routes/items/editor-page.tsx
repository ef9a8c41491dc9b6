// /tag/edit/{itemId} and /project/edit/{itemId}: the annotation editor on one item. The page brings what the editor
// needs from the work loop, the project and the catalog, and preloads the next item of mine.
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { ToolGroup } from '@annot/workflows';
import { FramedRefusal } from '@/components/layout/app-shell';
import { refusalOf } from '@/components/refusal';
import { Skeleton } from '@/components/ui/skeleton';
import { entriesQuery, type InvalidReasonView } from '@/features/catalog-entries/api/entries';
import { useProjectErrorGroups } from '@/features/editor/api/get-project-error-groups';
import { useProjectTools } from '@/features/editor/api/get-project-tools';
import { AnnotationEditor } from '@/features/editor/components/annotation-editor';
import { missingReason } from '@/features/editor/components/image-missing';
import type { EditorRequest } from '@/features/editor/components/editor-types';
import { useLoadedImage } from '@/features/editor/hooks/use-loaded-image';
import { projectQuery } from '@/features/projects/api/get-projects';
import { itemVerbsOf, sendItemCommand } from '@/features/items/api/act-on-item';
import { itemMediaQuery } from '@/features/items/api/get-item-media';
import { itemQuery, useItemHistory, useItem } from '@/features/items/api/get-item';
import { itemListQuery } from '@/features/items/api/get-items';
import { ruleReadingQuery } from '@/features/items/api/rule-reading';
import { itemsKey } from '@/features/items/api/item';
import { reworkMarks } from '@/features/items/components/rework-marks';
import type { CatalogChoices } from '@/features/items/components/catalog-choices';
import { InvalidDialog } from '@/features/items/components/invalid-dialog';
import { useCan } from '@/lib/authorization';
import { isUuid } from '@/lib/ids';

// The point-cloud editor and three.js come only with an item of a point-cloud project.
const PointCloudEditor = lazy(() => import('@/features/editor/point-cloud/components/point-cloud-editor'));

/** Empty lists that stay the same, so the editor is not handed a new one on every render. */
const noGroups: ToolGroup[] = [];

const useInvalidReasons = (enabled: boolean) => useQuery({ ...entriesQuery<InvalidReasonView>('/manage/invalid-reasons'), enabled });

export default function EditorPage({ area }: { area: 'tag' | 'project' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { itemId = '' } = useParams();
  const { can } = useCan();
  const valid = isUuid(itemId);
  // The first frame waits only for what it draws (the item, its image, the project and its tools); the rest is read
  // once it is on screen, so neither the browser nor the server works on it meanwhile.
  const [openedItem, setOpenedItem] = useState<string | null>(null);
  const item = useItem(valid ? itemId : '');
  const view = item.data?.data;
  const projectId = view?.projectId ?? null;
  const media = useQuery({ ...itemMediaQuery(itemId), enabled: valid });
  // Decoded as soon as it arrives, while the item is still on its way or being read.
  const loaded = useLoadedImage(media.data ?? null);
  // Without a picture to draw there is no first frame to wait for.
  const opened = valid && (openedItem === itemId || media.isError || loaded.failed);
  const history = useItemHistory(itemId, opened);
  // A project already read serves the opening as it is, and is read again once the canvas is up.
  const projectCached = isUuid(projectId) && client.getQueryData(projectQuery(projectId).queryKey) !== undefined;
  const project = useQuery({ ...projectQuery(projectId ?? ''), enabled: isUuid(projectId) && (opened || !projectCached), staleTime: 10_000 });
  const tools = useProjectTools(projectId);
  // Only those who claim read the rule through the work loop; the staff read it in the catalog.
  const reading = useQuery({ ...ruleReadingQuery(projectId ?? ''), enabled: opened && can('item.claim') && isUuid(projectId) });
  const useErrorGroups = (enabled: boolean) => useProjectErrorGroups(projectId, enabled);
  const groups = useErrorGroups(opened);
  const mine = useInfiniteQuery({ ...itemListQuery(projectId ?? '', { mine: true, status: 'claimed' }), enabled: opened && isUuid(projectId) });
  const myItems = useMemo(() => (projectId ? (mine.data?.pages.flatMap((p) => p.items) ?? []) : []), [mine.data, projectId]);
  const index = myItems.findIndex((i) => i.id === itemId);
  const neighbours = { previous: index > 0 ? myItems[index - 1].id : null, next: index >= 0 && index < myItems.length - 1 ? myItems[index + 1].id : (myItems.find((i) => i.id !== itemId)?.id ?? null) };

  // The server's item read names the commands the reader may send; the history adds the marks of the last rejection.
  const marks = useMemo(() => reworkMarks(history.data ?? []), [history.data]);

  useEffect(() => {
    // The next item on its way while this one is worked on, so moving on does not wait for it.
    if (!opened || !neighbours.next) return;
    void client.prefetchQuery(itemMediaQuery(neighbours.next));
    void client.prefetchQuery(itemQuery(neighbours.next));
  }, [client, opened, neighbours.next]);

  if (!valid) return <FramedRefusal refusal="not_found" />;
  if (item.error) return <FramedRefusal refusal={refusalOf(item.error)} />;
  // The canvas does not wait for the history: only the marks of the last rejection come from it.
  if (!view || !project.data || !tools.data || !item.data) return <Skeleton className="m-6 h-[80vh]" />;

  const basics = { reworkMaxCount: project.data.basics.reworkMaxCount ?? 0, inspectorMayModify: project.data.basics.permissions.inspectorMayModify };
  const verbs = itemVerbsOf(view.actions);
  const catalog: CatalogChoices = { readable: can('catalog.marks.read'), useErrorGroups, useInvalidReasons };
  const base = area === 'tag' ? '/tag' : '/project';
  const back = area === 'tag' ? `/tag/datamanage/${view.projectId}` : `/project/datamanage/${view.projectId}`;
  const send = async (request: EditorRequest) => {
    // The version after autosave's last save, so the command judges the result the person sees.
    const fresh = await client.fetchQuery({ ...itemQuery(itemId), staleTime: 0 });
    const answer = await sendItemCommand(itemId, fresh.version, request).catch((error: unknown) => {
      // Refused: the item is still this person's to read, and may have changed under them.
      void client.invalidateQueries({ queryKey: itemsKey, predicate: (query) => query.queryKey.at(-1) !== 'media' });
      throw error;
    });
    // Handed on: the person moves to the next item and may no longer read this one, so only the lists are read again.
    void client.invalidateQueries({ queryKey: itemsKey, predicate: (query) => !query.queryKey.includes(itemId) });
    return answer;
  };

  const Editor = project.data.annotationType.startsWith('point_cloud') ? PointCloudEditor : AnnotationEditor;
  return (
    <Suspense fallback={<Skeleton className="m-6 h-[80vh]" />}>
    <Editor
      key={itemId}
      item={{ ...view, version: item.data.version ?? view.version, result: view.result?.result ?? null }}
      image={loaded.image}
      imageProblem={media.error ? missingReason(t, media.error) : loaded.failed ? t('editor_image_undecodable') : null}
      opened={opened}
      tools={tools.data}
      groups={project.data.groups ?? noGroups}
      verbs={verbs}
      inspectorMayModify={basics.inspectorMayModify}
      marks={marks}
      errorGroups={groups.data ?? []}
      rule={reading.data ? { name: reading.data.name, html: reading.data.html } : null}
      neighbours={neighbours}
      onOpened={() => setOpenedItem(itemId)}
      send={send}
      onNavigate={(next) => navigate(next ? `${base}/edit/${next}` : back)}
      invalidDialog={(slot) => <InvalidDialog catalog={catalog} pending={slot.pending} error={slot.error} onMark={slot.onMark} onCancel={slot.onCancel} />}
    />
    </Suspense>
  );
}
