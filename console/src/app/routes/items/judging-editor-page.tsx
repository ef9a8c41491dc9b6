// /tag/edit/{itemId}?sampling={taskId}, /project/edit/{itemId}?sampling={taskId} and /checkout/edit/{itemId}?acceptance={batchId}:
// the editor judging an item for a quality gate. The objects stay as they are; pass, or fail (reject) with marks on the
// canvas, is the gate's verdict, and the editor then opens the next item to judge or goes back to the gate, as the
// gate's judging machine decides.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import type { ErrorMark } from '@annot/workflows';
import { FramedRefusal } from '@/components/layout/app-shell';
import { refusalOf } from '@/components/refusal';
import { Skeleton } from '@/components/ui/skeleton';
import { useUserInfo } from '@/lib/user-info';
import { useProjectErrorGroups } from '@/features/editor/api/get-project-error-groups';
import { useProjectTools } from '@/features/editor/api/get-project-tools';
import { AnnotationEditor } from '@/features/editor/components/annotation-editor';
import { missingReason } from '@/features/editor/components/image-missing';
import type { EditorJudging, EditorRequest } from '@/features/editor/components/editor-types';
import { useLoadedImage } from '@/features/editor/hooks/use-loaded-image';
import type { GateJudging, GateVerb } from '@/features/quality/judging/hooks/gate-judging';
import { useAcceptanceJudging } from '@/features/quality/judging/hooks/use-acceptance-judging';
import { useSampleJudging } from '@/features/quality/judging/hooks/use-sample-judging';
import { gateJudgingMachine } from '@/features/quality/judging/machines/gate-judging.machine';
import { itemMediaQuery } from '@/features/items/api/get-item-media';
import { useItem } from '@/features/items/api/get-item';
import { isUuid } from '@/lib/ids';

const noMarks: ErrorMark[] = [];
// A gate's reader may not read the project: an item is judged in the point-cloud editor when its tools draw in 3D.
const PointCloudEditor = lazy(() => import('@/features/editor/point-cloud/components/point-cloud-editor'));
const spatialTemplates = new Set(['cuboid', 'segment']);

export type JudgingArea = 'tag' | 'project' | 'checkout';

/** Where each area's editor lives, and where it goes back to once the gate has nothing more for the reader. */
const places = {
  sampling: {
    editor: (area: JudgingArea, itemId: string, gateId: string) => `/${area}/edit/${itemId}?sampling=${gateId}`,
    back: (area: JudgingArea, projectId: string | null, gateId: string) => (area === 'project' && projectId ? `/project/checkmanage/${projectId}/task/${gateId}` : '/tag/index'),
  },
  acceptance: {
    editor: (_area: JudgingArea, itemId: string, gateId: string) => `/checkout/edit/${itemId}?acceptance=${gateId}`,
    back: (_area: JudgingArea, _projectId: string | null, gateId: string) => `/checkout/category/dataManage/${gateId}`,
  },
};

export default function JudgingEditorPage({ gate, area }: { gate: 'sampling' | 'acceptance'; area: JudgingArea }) {
  const { itemId = '' } = useParams();
  const [params] = useSearchParams();
  const gateId = params.get(gate) ?? '';
  const me = useUserInfo().data?.id ?? null;
  if (!isUuid(itemId) || !isUuid(gateId)) return <FramedRefusal refusal="not_found" />;
  return gate === 'sampling' ? <SampleJudging area={area} itemId={itemId} taskId={gateId} me={me} /> : <AcceptanceJudging area={area} itemId={itemId} batchId={gateId} me={me} />;
}

interface GateProps {
  area: JudgingArea;
  itemId: string;
  me: string | null;
}

function SampleJudging({ taskId, ...props }: GateProps & { taskId: string }) {
  return <JudgingEditor {...props} gate="sampling" gateId={taskId} judging={useSampleJudging(taskId, props.itemId, props.me)} />;
}

function AcceptanceJudging({ batchId, ...props }: GateProps & { batchId: string }) {
  return <JudgingEditor {...props} gate="acceptance" gateId={batchId} judging={useAcceptanceJudging(batchId, props.itemId, props.me)} />;
}

function JudgingEditor({ area, itemId, gate, gateId, judging }: GateProps & { gate: 'sampling' | 'acceptance'; gateId: string; judging: GateJudging }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [openedItem, setOpenedItem] = useState<string | null>(null);
  const item = useItem(itemId);
  const view = item.data?.data;
  const media = useQuery(itemMediaQuery(itemId));
  const loaded = useLoadedImage(media.data ?? null);
  const opened = openedItem === itemId || media.isError || loaded.failed;
  // The mark dialog offers the error groups the project uses, to its inspectors and acceptors alike.
  const tools = useProjectTools(view?.projectId ?? null);
  const groups = useProjectErrorGroups(view?.projectId ?? null);
  const place = places[gate];
  const back = place.back(area, judging.projectId, gateId);
  const open = (next: string | null) => navigate(next ? place.editor(area, next, gateId) : back);
  // The page stays as the editor moves from item to item, and so does the machine; it is told where to go next.
  const flow = useActorRef(gateJudgingMachine);
  const opener = useRef(open);
  opener.current = open;
  useEffect(() => {
    const subscription = flow.on('open', ({ itemId, finished }) => {
      if (finished) toast(t(gate === 'sampling' ? 'judging_sample_done' : 'judging_batch_all_judged'));
      opener.current(itemId);
    });
    return () => subscription.unsubscribe();
  }, [flow, gate, t]);

  const failure = item.error ?? judging.error;
  if (failure) return <FramedRefusal refusal={refusalOf(failure)} />;
  if (!view || !item.data || judging.pending || tools.isPending || groups.isPending) return <Skeleton className="m-6 h-[80vh]" />;

  const editorJudging: EditorJudging = {
    caption: judging.caption,
    labels: judging.labels,
    marks: judging.marks,
    onSent: (verb) => {
      // A verdict taken while the next item is looked for starts no second search.
      if (!flow.getSnapshot().matches('judging')) return;
      flow.send({ type: 'verdict.taken', verb });
      if (!flow.getSnapshot().matches('finding')) return;
      // For a sampling task this claims the next item.
      judging.nextToJudge().then(
        (next) => flow.send(next ? { type: 'next.found', itemId: next } : { type: 'next.none' }),
        () => flow.send({ type: 'next.failed' }),
      );
    },
  };
  const send = async (request: EditorRequest) => {
    await judging.send(request.verb as GateVerb, request.verb === 'reject' ? request.marks : []);
    // The item's own view does not change with a gate's verdict, and the judge may no longer read it; its list rows may show it.
    void client.invalidateQueries({ queryKey: ['items'], predicate: (query) => !query.queryKey.includes(itemId) });
  };

  const Editor = (tools.data ?? []).some((tool) => spatialTemplates.has(tool.definition.templateType)) ? PointCloudEditor : AnnotationEditor;
  return (
    <Suspense fallback={<Skeleton className="m-6 h-[80vh]" />}>
    <Editor
      key={itemId}
      item={{ ...view, version: item.data.version ?? view.version, result: view.result?.result ?? null }}
      image={loaded.image}
      imageProblem={media.error ? missingReason(t, media.error) : loaded.failed ? t('editor_image_undecodable') : null}
      opened={opened}
      tools={tools.data ?? []}
      groups={[]}
      verbs={judging.verbs}
      inspectorMayModify={false}
      marks={noMarks}
      errorGroups={groups.data ?? []}
      rule={null}
      neighbours={judging.neighbours}
      onOpened={() => setOpenedItem(itemId)}
      send={send}
      onNavigate={open}
      invalidDialog={() => null}
      judging={editorJudging}
    />
    </Suspense>
  );
}
