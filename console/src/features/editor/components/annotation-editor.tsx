// The annotation editor of one item: canvas, toolbar, attributes, objects and marks, with the work loop's
// commands. The page keys it by item, so each item starts with a store of its own.
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Point, shapeAt, shapeBounds } from '@annot/workflows';
import { Skeleton } from '@/components/ui/skeleton';
import { handItemOver, runItemCommand } from '../hooks/item-commands';
import { useEditorCommands, type FlowCommand } from '../hooks/use-editor-commands';
import { useEditorKeys } from '../hooks/use-editor-keys';
import { useEditor } from '../stores/editor-store';
import { EditorCanvas, type CanvasMark } from './editor-canvas';
import { EditorHeader } from './editor-header';
import { EditorToolbar } from './editor-toolbar';
import { ImageMissing } from './image-missing';
import type { AnnotationEditorProps } from './editor-types';
import { ItemDialogs, ItemEditorProvider, useItemWork } from './item-editor';
import { MarksPanel } from './marks-panel';
import { ObjectsPanel } from './objects-panel';
import { RefusalBanner, RestoreBanner } from './refusal-banner';
import { RuleSheet } from './rule-sheet';
import { SequenceStage } from './sequence-stage';

export function AnnotationEditor(props: AnnotationEditorProps) {
  const { item } = props;
  return (
    <ItemEditorProvider props={props} image={item.width && item.height ? { width: item.width, height: item.height } : null}>
      <EditorWorkspace {...props} />
    </ItemEditorProvider>
  );
}

/** A new mark's spot on the picture, and the object it is on. */
type Mark = { spot: Point; objectId: string | null };

function EditorWorkspace(props: AnnotationEditorProps) {
  const { item, image, marks, verbs, errorGroups, rule, neighbours, opened, onOpened, invalidDialog, judging } = props;
  const { t } = useTranslation();
  const { store, setup, document, dialog, setDialog, pendingMarks, setPendingMarks, allMarks, markCounts, autosave, labelOf, flow, objectLabel, leave, commandContext } = useItemWork<Mark>(props);
  const canvasBox = useRef<HTMLDivElement>(null);
  const [fitRequest, setFitRequest] = useState(0);
  const frame = useEditor((s) => s.frame);

  const runFlow = useCallback(
    (command: FlowCommand) => {
      if (runItemCommand(command, commandContext)) return;
      switch (command) {
        case 'fit':
          return setFitRequest((n) => n + 1);
        case 'delete_track':
          if (!setup.readOnly && store.getState().selected.size > 0) setDialog('delete_track');
          return;
      }
    },
    [commandContext, setup, store, setDialog],
  );
  const viewport = useCallback(() => ({ width: canvasBox.current?.clientWidth ?? 0, height: canvasBox.current?.clientHeight ?? 0 }), []);
  const run = useEditorCommands(runFlow, viewport);
  useEditorKeys(run);

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

  const canvas = (shown: ImageBitmap) => (
    <EditorCanvas image={shown} marks={canvasMarks} flagged={flagged} fitRequest={fitRequest} onOpened={onOpened} onMark={(spot, objectId) => setDialog({ mark: { spot, objectId } })} />
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
        caption={judging?.caption ?? props.caption ?? null}
        run={run}
        onBack={() => void leave(null)}
      />
      <EditorToolbar run={run} />
      {!setup.readOnly && autosave.restored && <RestoreBanner restored={autosave.restored} onRestore={(doc) => (store.commit(doc), autosave.discardRestored())} onDiscard={autosave.discardRestored} />}
      {flow.refusal && <RefusalBanner refusal={flow.refusal} objectLabel={objectLabel} onDismiss={flow.dismiss} />}
      <div className="relative flex min-h-0 flex-1">
        {document.frameCount > 1 ? (
          <SequenceStage itemId={item.id} frameCount={document.frameCount} canvasBox={canvasBox} run={run} objectLabel={objectLabel}>
            {(frameImage) => canvas(frameImage)}
          </SequenceStage>
        ) : (
          <div ref={canvasBox} className="min-w-0 flex-1">
            {image ? canvas(image) : props.imageProblem ? <ImageMissing reason={props.imageProblem} /> : <Skeleton className="h-full w-full" />}
          </div>
        )}
        <aside className="w-80 shrink-0 overflow-y-auto border-s border-border bg-card" aria-label={t('editor_side_panel')}>
          <MarksPanel sequence={document.frameCount > 1} marks={marks} pending={pendingMarks} groups={errorGroups} objectLabel={objectLabel} onRemove={(i) => setPendingMarks((list) => list.filter((_, j) => j !== i))} />
          {/* It reads the whole document: it comes once the canvas is on screen, which is what opening waits for. */}
          {opened && <ObjectsPanel markCounts={markCounts} />}
        </aside>
        {dialog === 'rule' && <RuleSheet rule={rule} onClose={() => setDialog(null)} />}
      </div>
      <ItemDialogs
        onRelease={() => handItemOver(commandContext, { verb: 'release' })}
        dialog={dialog}
        setDialog={setDialog}
        flow={flow}
        invalidDialog={invalidDialog}
        errorGroups={errorGroups}
        markObjectLabel={(mark) => (mark.objectId ? objectLabel(mark.objectId) : null)}
        // In a sequence every mark is pinned to the frame it was made on.
        onAddMark={(mark, choice) => setPendingMarks((list) => [...list, { ...choice, objectId: mark.objectId, frame: document.frameCount > 1 ? frame : mark.objectId ? 0 : null, spot: mark.spot }])}
      />
    </div>
  );
}
