// /past/edit/{itemId}?position=|at=|version=: the annotation editor drawing an item's result as it was at a moment,
// read-only: no tools to draw with, no commands, no saving and no draft kept. The server would refuse any change anyway.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { ToolGroup } from '@annot/workflows';
import { FramedRefusal } from '@/components/layout/app-shell';
import { refusalOf } from '@/components/refusal';
import { Skeleton } from '@/components/ui/skeleton';
import { useProjectTools } from '@/features/editor/api/get-project-tools';
import { AnnotationEditor } from '@/features/editor/components/annotation-editor';
import { useLoadedImage } from '@/features/editor/hooks/use-loaded-image';
import { useItemAsOf } from '@/features/past/api/get-item-as-of';
import { momentFromSearch, momentSearch } from '@/features/past/api/moment';
import { useProject } from '@/features/projects/api/get-projects';
import { itemMediaQuery } from '@/features/items/api/get-item-media';
import { isUuid } from '@/lib/ids';
import { formatTime } from '@/lib/time';

const PointCloudEditor = lazy(() => import('@/features/editor/point-cloud/components/point-cloud-editor'));

/** Nothing to give, navigate to or send: the lists the editor is handed stay the same on every render. */
const none: never[] = [];
const noGroups: ToolGroup[] = none;
const noNeighbours = { previous: null, next: null };
const refuse = () => Promise.reject(new Error('read-only'));

export default function ItemPastEditorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { itemId = '' } = useParams();
  const [search] = useSearchParams();
  const moment = momentFromSearch(search);
  const valid = isUuid(itemId);
  const [opened, setOpened] = useState(false);
  const past = useItemAsOf(itemId, moment);
  const view = past.data;
  const media = useQuery({ ...itemMediaQuery(itemId), enabled: valid });
  const loaded = useLoadedImage(media.data ?? null);
  const project = useProject(view?.projectId ?? null);
  const tools = useProjectTools(view?.projectId ?? null);

  if (!valid) return <FramedRefusal refusal="not_found" />;
  if (past.error) return <FramedRefusal refusal={refusalOf(past.error)} />;
  if (!view || !project.data || !tools.data) return <Skeleton className="m-6 h-[80vh]" />;

  const back = () => navigate(`/past/item/${itemId}?${new URLSearchParams(momentSearch(moment)).toString()}`);
  const caption = t('past_editor_caption', { position: view.moment.position, time: formatTime(view.moment.recordedAt) });
  const Editor = project.data.annotationType.startsWith('point_cloud') ? PointCloudEditor : AnnotationEditor;
  return (
    <Suspense fallback={<Skeleton className="m-6 h-[80vh]" />}>
      <Editor
        // A new moment is a new document: the editor starts afresh from it.
        key={`${itemId}-${view.moment.position}-${view.resultVersion}`}
        item={{
          id: itemId,
          projectId: view.projectId,
          fileName: view.fileName,
          status: view.status,
          rework: false,
          version: String(view.resultVersion),
          result: view.result,
          width: view.width,
          height: view.height,
          frameCount: view.result?.frameCount,
        }}
        image={loaded.image}
        opened={opened || media.isError || loaded.failed}
        tools={tools.data}
        groups={project.data.groups ?? noGroups}
        // No verbs: the editor is read-only, shows no command and saves nothing.
        verbs={none}
        inspectorMayModify={false}
        marks={view.marks}
        errorGroups={none}
        rule={null}
        neighbours={noNeighbours}
        onOpened={() => setOpened(true)}
        send={refuse}
        onNavigate={back}
        invalidDialog={() => null}
        caption={caption}
      />
    </Suspense>
  );
}
