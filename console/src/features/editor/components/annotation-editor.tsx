// The annotation editor of one item: canvas, toolbar, attributes, objects and marks, with the work loop's
// commands. The page keys it by item, so each item starts with a store of its own.
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emptyResult, type ErrorMark, type Point, type ResultDocument, shapeAt, shapeBounds } from '@annot/workflows';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { runItemCommand } from '../hooks/item-commands';
import { useEditorCommands, type FlowCommand } from '../hooks/use-editor-commands';
import { useEditorFlow } from '../hooks/use-editor-flow';
import { useAutosave } from '../autosave';
import { useEditorKeys } from '../hooks/use-editor-keys';
import { deleteTracks } from '../stores/editor-actions';
import { createEditorStore, EditorStoreContext, useEditor, useEditorStore } from '../stores/editor-store';
import { EditorCanvas, type CanvasMark } from './editor-canvas';
import { EditorHeader } from './editor-header';
import { type EditorSetup, EditorSetupContext, toolColors, useEditorSetup } from './editor-setup';
import { EditorToolbar } from './editor-toolbar';
import type { AnnotationEditorProps, EditorRequest } from './editor-types';
import { MarkDialog } from './mark-dialog';
import { MarksPanel } from './marks-panel';
import { ObjectsPanel } from './objects-panel';
import { RefusalBanner, RestoreBanner } from './refusal-banner';
import { RuleSheet } from './rule-sheet';
import { ShortcutSheet } from './shortcut-sheet';
import { SequenceStage } from './sequence-stage';

/** The document the editor starts from: the saved one, spanning the item's frames, or an empty one. */
function startingDocument(item: AnnotationEditorProps['item']): ResultDocument {
  const frameCount = item.frameCount ?? item.result?.frameCount ?? 1;
  return item.result ? { ...item.result, frameCount } : emptyResult(frameCount);
}

export function AnnotationEditor(props: AnnotationEditorProps) {
  const { item, tools, groups, verbs, inspectorMayModify } = props;
  const [store] = useState(() => createEditorStore(startingDocument(item)));
  const inspecting = verbs.includes('pass') || verbs.includes('reject');
  // The setup depends on these two flags, not on the verbs array the page computes afresh on each of its renders.
  const canSubmit = verbs.includes('submit');
  const setup = useMemo<EditorSetup>(
    () => ({
      tools,
      colorOf: toolColors(tools),
      readOnly: !(canSubmit || (inspecting && inspectorMayModify)),
      inspecting,
      itemAttributes: [],
      groups,
      image: item.width && item.height ? { width: item.width, height: item.height } : null,
    }),
    [tools, groups, canSubmit, inspecting, inspectorMayModify, item.width, item.height],
  );
  return (
    <EditorStoreContext.Provider value={store}>
      <EditorSetupContext.Provider value={setup}>
        <EditorWorkspace {...props} />
      </EditorSetupContext.Provider>
    </EditorStoreContext.Provider>
  );
}

type Dialog = 'shortcuts' | 'invalid' | 'rule' | 'delete_track' | { mark: { spot: Point; objectId: string | null } } | null;

function EditorWorkspace({ item, image, tools, verbs, marks, errorGroups, rule, neighbours, send, opened, onOpened, onNavigate, invalidDialog, judging }: AnnotationEditorProps) {
  const { t } = useTranslation();
  const store = useEditorStore();
  const setup = useEditorSetup();
  const canvasBox = useRef<HTMLDivElement>(null);
  const spaceHeld = useRef(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [fitRequest, setFitRequest] = useState(0);
  const [pendingMarks, setPendingMarks] = useState<ErrorMark[]>(() => judging?.marks ?? []);
  const document = useEditor((s) => s.history.present);
  const frame = useEditor((s) => s.frame);
  const autosave = useAutosave({ itemId: item.id, version: item.version, document, enabled: !setup.readOnly });
  const labelOf = useCallback((verb: EditorRequest['verb']) => judging?.labels[verb] ?? t(`tasks_verb_${verb.replaceAll('-', '_')}`), [judging, t]);
  const flow = useEditorFlow(store, autosave, send, labelOf);

  const objectLabel = useCallback(
    (id: string) => {
      const index = document.objects.findIndex((o) => o.id === id);
      const object = document.objects[index];
      return index < 0 ? t('editor_object_gone') : `${index + 1}. ${object.className ?? tools.find((tool) => tool.toolId === object.toolId)?.definition.name ?? ''}`;
    },
    [document, tools, t],
  );

  const leave = async (to: string | null) => {
    if (await flow.settle()) onNavigate(to);
  };

  const runFlow = useCallback(
    (command: FlowCommand) => {
      const context = { verbs, pendingMarks, neighbours, judging, onNavigate, act: flow.act, flush: autosave.flush, leave, setDialog };
      if (runItemCommand(command, context)) return;
      switch (command) {
        case 'fit':
          return setFitRequest((n) => n + 1);
        case 'delete_track':
          if (!setup.readOnly && store.getState().selected.size > 0) setDialog('delete_track');
          return;
      }
    },
    [flow, autosave, verbs, neighbours, pendingMarks, onNavigate, judging, setup, store],
  );
  const viewport = useCallback(() => ({ width: canvasBox.current?.clientWidth ?? 0, height: canvasBox.current?.clientHeight ?? 0 }), []);
  const run = useEditorCommands(runFlow, viewport);
  useEditorKeys(run, spaceHeld);

  const allMarks = useMemo(() => [...marks, ...pendingMarks], [marks, pendingMarks]);
  // A mark is pinned to its frame; one without a frame (a single picture's, or the item's as a whole) shows on every frame.
  const canvasMarks: CanvasMark[] = allMarks.flatMap((mark, i) => {
    if (mark.frame !== null && document.frameCount > 1 && mark.frame !== frame) return [];
    const group = errorGroups.find((g) => g.id === mark.errorGroupId);
    const color = group?.values.find((v) => v.name === mark.value)?.color ?? '#ef4444';
    const object = mark.objectId ? document.objects.find((o) => o.id === mark.objectId) : undefined;
    const shape = object ? shapeAt(object, mark.frame ?? frame) : null;
    const bounds = shape ? shapeBounds(shape) : null;
    const at = mark.spot ?? (bounds ? { x: bounds.x + bounds.width, y: bounds.y } : null);
    return at ? [{ key: `${i}`, at, color, label: mark.value }] : [];
  });
  const flagged = useMemo(() => new Set(allMarks.flatMap((m) => (m.objectId ? [m.objectId] : []))), [allMarks]);
  const markCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const m of allMarks) if (m.objectId) counts.set(m.objectId, (counts.get(m.objectId) ?? 0) + 1);
    return counts;
  }, [allMarks]);

  const canvas = (shown: ImageBitmap) => (
    <EditorCanvas image={shown} marks={canvasMarks} flagged={flagged} spaceHeld={spaceHeld} fitRequest={fitRequest} onOpened={onOpened} onMark={(spot, objectId) => setDialog({ mark: { spot, objectId } })} />
  );

  return (
    <div className="flex h-screen flex-col bg-background">
      <EditorHeader
        item={item}
        verbs={verbs}
        pending={flow.pending}
        autosave={setup.readOnly ? null : autosave}
        pendingMarks={pendingMarks.length}
        neighbours={neighbours}
        labelOf={labelOf}
        caption={judging?.caption ?? null}
        run={run}
        onBack={() => void leave(null)}
      />
      <EditorToolbar run={run} />
      {autosave.restored && <RestoreBanner restored={autosave.restored} onRestore={(doc) => (store.commit(doc), autosave.discardRestored())} onDiscard={autosave.discardRestored} />}
      {flow.refusal && <RefusalBanner refusal={flow.refusal} objectLabel={objectLabel} onDismiss={flow.dismiss} />}
      <div className="relative flex min-h-0 flex-1">
        {document.frameCount > 1 ? (
          <SequenceStage itemId={item.id} frameCount={document.frameCount} canvasBox={canvasBox} run={run} objectLabel={objectLabel}>
            {(frameImage) => canvas(frameImage)}
          </SequenceStage>
        ) : (
          <div ref={canvasBox} className="min-w-0 flex-1">
            {image ? canvas(image) : <Skeleton className="h-full w-full" />}
          </div>
        )}
        <aside className="w-80 shrink-0 overflow-y-auto border-l border-border bg-card" aria-label={t('editor_side_panel')}>
          <MarksPanel sequence={document.frameCount > 1} marks={marks} pending={pendingMarks} groups={errorGroups} objectLabel={objectLabel} onRemove={(i) => setPendingMarks((list) => list.filter((_, j) => j !== i))} />
          {/* It reads the whole document: it comes once the canvas is on screen, which is what opening waits for. */}
          {opened && <ObjectsPanel markCounts={markCounts} />}
        </aside>
        {dialog === 'rule' && <RuleSheet rule={rule} onClose={() => setDialog(null)} />}
      </div>
      {dialog === 'shortcuts' && <ShortcutSheet onClose={() => setDialog(null)} />}
      {dialog === 'delete_track' && (
        <ConfirmDialog
          title={t('editor_delete_track_title')}
          message={t('editor_delete_track_message', { count: store.getState().selected.size })}
          confirmLabel={t('editor_cmd_delete_track')}
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            deleteTracks(store, setup, store.getState().selected);
            setDialog(null);
          }}
        />
      )}
      {dialog === 'invalid' &&
        invalidDialog({
          pending: flow.pending,
          error: flow.lastError,
          onCancel: () => setDialog(null),
          // Marked invalid, the item stays in hand to be submitted as it is, as on the item page.
          onMark: (reasonId) => void flow.act({ verb: 'mark-invalid', reasonId }).then((done) => done && setDialog(null)),
        })}
      {dialog !== null && typeof dialog === 'object' && (
        <MarkDialog
          groups={errorGroups}
          objectLabel={dialog.mark.objectId ? objectLabel(dialog.mark.objectId) : null}
          onCancel={() => setDialog(null)}
          onAdd={(choice) => {
            // In a sequence every mark is pinned to the frame it was made on.
            const markFrame = document.frameCount > 1 ? frame : dialog.mark.objectId ? 0 : null;
            setPendingMarks((list) => [...list, { ...choice, objectId: dialog.mark.objectId, frame: markFrame, spot: dialog.mark.spot }]);
            setDialog(null);
          }}
        />
      )}
    </div>
  );
}
