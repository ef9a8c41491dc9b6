// The editor of a point-cloud item: the four views of the frame's cloud with its cuboids, the sequence's timeline and
// tracks, the attributes and objects of the image editor, the marks of inspection, and the work loop's commands
// through the same autosave and `send`. The page loads it lazily in place of the image editor.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { frameToFrame, type PointCloud, type ScreenRegion, shapeAt } from '@annot/workflows';
import { useItemFrames } from '@/features/editor/api/get-item-frames';
import { EditorHeader } from '@/features/editor/components/editor-header';
import type { AnnotationEditorProps } from '@/features/editor/components/editor-types';
import { ItemDialogs, ItemEditorProvider, useItemWork } from '@/features/editor/components/item-editor';
import { MarksPanel } from '@/features/editor/components/marks-panel';
import { ObjectsPanel } from '@/features/editor/components/objects-panel';
import { RefusalBanner, RestoreBanner } from '@/features/editor/components/refusal-banner';
import { RuleSheet } from '@/features/editor/components/rule-sheet';
import { Timeline } from '@/features/editor/components/timeline';
import { handItemOver, runItemCommand } from '@/features/editor/hooks/item-commands';
import { type FlowCommand, useEditorCommands } from '@/features/editor/hooks/use-editor-commands';
import type { EditorCommand } from '@/features/editor/hooks/editor-shortcuts';
import { useEditorKeys } from '@/features/editor/hooks/use-editor-keys';
import { useEditor, useModes } from '@/features/editor/stores/editor-store';
import { frameCloud } from '../api/get-frame-points';
import { overlayOf, pointsInBox, releaseClouds } from '../cloud-worker-client';
import { createCloudCache } from '../hooks/cloud-cache';
import { overlaidFrames, overlayAligned } from '../tools/cloud-overlay';
import { prepareCloud } from '../scene/cloud-grid';
import type { PointCloudScene, SceneBox } from '../scene/point-cloud-scene';
import { defaultPointStyle, type PointStyle } from '../scene/point-material';
import { CameraPanels, type FusionObject } from '../fusion/camera-panels';
import { createPointSelector } from '../segmentation/point-selection';
import type { SelectionMode } from '../segmentation/selection-overlay';
import { autoTrackSelected, cameraBoxesAt, fitSelectedCuboid, isCuboidStep, selectedCuboid, selectIntoSegment, setCameraBox, stepSelectedCuboid } from '../tools/cuboid-actions';
import { parseRangeCircles } from '../tools/range-circles';
import { CloudToolbar } from './cloud-toolbar';
import { CloudViewport } from './cloud-viewport';
import { formatDigits, formatUnit } from '@/lib/numbers';

export default function PointCloudEditor(props: AnnotationEditorProps) {
  return (
    <ItemEditorProvider props={props} image={null}>
      <CloudWorkspace {...props} />
    </ItemEditorProvider>
  );
}

/** A new mark is pinned to a cuboid (or to the item, null) at the frame on screen. */
type Mark = string | null;

function CloudWorkspace(props: AnnotationEditorProps) {
  const { item, tools, verbs, marks, errorGroups, rule, neighbours, opened, onOpened, invalidDialog, judging } = props;
  const { t } = useTranslation();
  const { store, setup, document, dialog, setDialog, pendingMarks, setPendingMarks, allMarks, markCounts, autosave, labelOf, flow, objectLabel, leave, commandContext } = useItemWork<Mark>(props);
  const scene = useRef<PointCloudScene | null>(null);
  const [style, setStyle] = useState<PointStyle>(defaultPointStyle);
  const [overlayOn, setOverlayOn] = useState(false);
  const [tracking, setTracking] = useState(false);
  const frame = useEditor((s) => s.frame);
  const selected = useEditor((s) => s.selected);
  const hidden = useEditor((s) => s.hidden);
  const frames = useItemFrames(item.id, true);
  const cameras = frames.data?.sensors?.cameras ?? [];

  // The tool whose settings the views follow: the one in hand, else the selected object's, else the first cuboid tool.
  const toolId = useModes((s) => s.context.toolId);
  const selectedTool = useMemo(() => {
    const [first] = selected;
    const object = document.objects.find((o) => o.id === first);
    return tools.find((tool) => tool.toolId === (toolId ?? object?.toolId)) ?? tools.find((tool) => tool.definition.templateType === 'cuboid') ?? null;
  }, [tools, toolId, selected, document.objects]);
  const overlayFrames = Math.min(20, selectedTool?.definition.pointCloudOverlayFrames ?? 0);
  const autoTrackFrames = selectedTool?.definition.autoTrackFrames ?? 10;
  const rangeCircles = useMemo(() => parseRangeCircles(selectedTool?.definition.rangeCircles), [selectedTool]);

  // The clouds: the frame on screen, the next two on their way, and the earlier ones the overlay needs kept.
  const cache = useMemo(
    () => createCloudCache(document.frameCount, (index) => frameCloud(item.id, index).then((cloud) => (prepareCloud(cloud), cloud)), 2, releaseClouds),
    [item.id, document.frameCount],
  );
  useEffect(() => () => cache.clear(), [cache]);
  const [shown, setShown] = useState<{ frame: number; cloud: PointCloud } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    cache.around(frame, overlayOn ? overlayFrames : 0);
    const ready = cache.peek(frame);
    if (ready) return setShown({ frame, cloud: ready });
    let live = true;
    cache.get(frame).then(
      (cloud) => live && (setShown({ frame, cloud }), setFailed(false)),
      () => live && setFailed(true),
    );
    return () => void (live = false);
  }, [cache, frame, overlayOn, overlayFrames]);
  useEffect(() => {
    if (shown && !opened) onOpened();
  }, [shown, opened, onOpened]);
  useEffect(() => {
    if (failed && !opened) onOpened();
  }, [failed, opened, onOpened]);

  // The overlay is gathered in the cloud worker; earlier frames without an ego pose (or a current frame without one)
  // are drawn where the sensor saw them, and the bar says the overlay is not aligned.
  const [overlay, setOverlay] = useState<Float32Array | null>(null);
  const egoPoses = frames.data?.sensors?.egoPoses;
  const earlier = useMemo(() => (overlayOn ? overlaidFrames(frame, overlayFrames) : []), [overlayOn, overlayFrames, frame]);
  const unaligned = !overlayAligned(earlier, egoPoses, frame);
  useEffect(() => {
    if (earlier.length === 0) return setOverlay(null);
    let live = true;
    void Promise.all(earlier.map((f) => cache.get(f)))
      .then((clouds) => overlayOf(clouds.map((cloud, i) => ({ cloud, toCurrent: frameToFrame(egoPoses?.[earlier[i]], egoPoses?.[frame]) }))))
      .then(
        (positions) => live && setOverlay(positions),
        () => live && setOverlay(null),
      );
    return () => void (live = false);
  }, [earlier, frame, cache, egoPoses]);

  const flagged = useMemo(() => new Set(allMarks.flatMap((m) => (m.objectId && (m.frame === null || m.frame === frame) ? [m.objectId] : []))), [allMarks, frame]);
  const [selectedId] = selected.size === 1 ? [...selected] : [null];
  const boxes = useMemo<SceneBox[]>(
    () =>
      document.objects.flatMap((object) => {
        const shape = hidden.has(object.id) ? null : shapeAt(object, frame);
        if (shape?.type !== 'cuboid') return [];
        const emphasis = flagged.has(object.id) ? 'flagged' : object.id === selectedId ? 'selected' : 'none';
        return [{ id: object.id, shape, color: setup.colorOf(object.toolId), emphasis }];
      }),
    [document.objects, frame, hidden, flagged, selectedId, setup],
  );
  const selectedBox = boxes.find((b) => b.id === selectedId) ?? null;

  // A segment tool in hand selects points in the perspective view by box, lasso or brush.
  const [selectionMode, setSelectionMode] = useState<SelectionMode>('box');
  const segmenting = tools.find((tool) => tool.toolId === toolId)?.definition.templateType === 'segment' && !setup.readOnly;
  const selector = useMemo(() => (shown ? createPointSelector(shown.cloud) : null), [shown]);
  const selection = useMemo(
    () =>
      segmenting && selector && shown
        ? {
            mode: selectionMode,
            onRegion: (region: ScreenRegion, options: { remove: boolean }) => {
              const view = scene.current?.perspectiveView();
              if (!view) return;
              const indices = selector(view.camera, { width: view.rect.width, height: view.rect.height }, region);
              selectIntoSegment(store, setup, shown.cloud.count, indices.slice(), options.remove);
            },
          }
        : null,
    [segmenting, selector, shown, selectionMode, store, setup],
  );
  const selectedSegment = useMemo(() => {
    const object = document.objects.find((o) => o.id === selectedId);
    const shape = object ? shapeAt(object, frame) : null;
    return shape?.type === 'segment' ? shape : null;
  }, [document.objects, selectedId, frame]);
  const segmentPoints = selectedSegment && selectedSegment.counts.reduce((sum, run, i) => (i % 2 === 1 ? sum + run : sum), 0);
  // The cameras see every track at the frame: its cuboid there and its 2D boxes.
  const fusionObjects = useMemo<FusionObject[]>(
    () =>
      cameras.length === 0
        ? []
        : document.objects.flatMap((object) => {
            if (hidden.has(object.id)) return [];
            const shape = shapeAt(object, frame);
            const cameraBoxes = cameraBoxesAt(object, frame);
            if (shape?.type !== 'cuboid' && Object.keys(cameraBoxes).length === 0) return [];
            return [{ id: object.id, color: setup.colorOf(object.toolId), cuboid: shape?.type === 'cuboid' ? shape : null, cameraBoxes }];
          }),
    [cameras.length, document.objects, frame, hidden, setup],
  );
  // The points in the selected box, counted in the cloud worker; the last count stays until the next one arrives.
  const [inside, setInside] = useState<number | null>(null);
  const countedCloud = selectedBox && shown?.frame === frame ? shown.cloud : null;
  const countedShape = selectedBox?.shape ?? null;
  useEffect(() => {
    if (!countedCloud || !countedShape) return setInside(null);
    let live = true;
    pointsInBox(countedCloud, countedShape).then(
      (count) => live && count !== null && setInside(count),
      () => undefined,
    );
    return () => void (live = false);
  }, [countedCloud, countedShape]);

  const autoTrack = useCallback(async () => {
    if (tracking || !selectedCuboid(store)) return;
    setTracking(true);
    try {
      const reached = await autoTrackSelected(store, setup, autoTrackFrames, (f) => cache.get(f));
      toast(t('cloud_auto_tracked', { count: reached }));
    } catch {
      toast.error(t('editor_frame_failed'));
    } finally {
      setTracking(false);
    }
  }, [tracking, store, setup, autoTrackFrames, cache, t]);

  const runFlow = useCallback(
    (command: FlowCommand) => {
      if (runItemCommand(command, commandContext)) return;
      switch (command) {
        case 'fit':
          // Fitting in a cloud tightens the selected cuboid around its points.
          if (shown?.frame === store.getState().frame && scene.current) fitSelectedCuboid(store, setup, shown.cloud, scene.current.ground());
          return;
        case 'delete_track':
          if (!setup.readOnly && store.getState().selected.size > 0) setDialog('delete_track');
          return;
      }
    },
    [commandContext, setup, store, setDialog, shown],
  );
  const viewport = useCallback(() => ({ width: 0, height: 0 }), []);
  const runEditor = useEditorCommands(runFlow, viewport);
  const run = useCallback(
    (command: EditorCommand) => {
      if (isCuboidStep(command) && selectedCuboid(store)) return stepSelectedCuboid(store, setup, command);
      if (command === 'auto_track') return void autoTrack();
      runEditor(command);
    },
    [store, setup, runEditor, autoTrack],
  );
  useEditorKeys(run, 'cloud');

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
      <CloudToolbar
        run={run}
        style={style}
        onStyle={setStyle}
        cloud={shown?.cloud ?? null}
        overlay={{ frames: overlayFrames, on: overlayOn, unaligned, onToggle: () => setOverlayOn((on) => !on) }}
        autoTrack={{ frames: autoTrackFrames, busy: tracking, enabled: document.frameCount > 1 && !setup.readOnly && selectedBox !== null }}
      />
      {!setup.readOnly && autosave.restored && <RestoreBanner restored={autosave.restored} onRestore={(doc) => (store.commit(doc), autosave.discardRestored())} onDiscard={autosave.discardRestored} />}
      {flow.refusal && <RefusalBanner refusal={flow.refusal} objectLabel={objectLabel} onDismiss={flow.dismiss} />}
      <div className="relative flex min-h-0 flex-1">
        <div className="flex min-w-0 flex-1 flex-col">
          <CloudViewport
            cloud={shown?.cloud ?? null}
            cloudFrame={shown?.frame ?? null}
            boxes={boxes}
            selectedId={selectedId}
            style={style}
            rangeCircles={rangeCircles}
            overlay={overlay}
            highlight={shown?.frame === frame ? selectedSegment : null}
            onScene={(made) => (scene.current = made)}
            onMark={(objectId) => setDialog({ mark: objectId })}
            selection={selection}
          />
          {failed && (
            <p role="alert" className="bg-destructive px-2 py-1 text-xs text-destructive-foreground">
              {t('editor_frame_failed')}
            </p>
          )}
          {cameras.length > 0 && (
            <div className="shrink-0 border-t border-border">
              <CameraPanels
                itemId={item.id}
                frame={frame}
                cameras={cameras}
                objects={fusionObjects}
                selectedId={selectedId}
                editable={!setup.readOnly}
                onSelect={(id) => store.set({ selected: id ? new Set([id]) : new Set() })}
                onCameraBox={(objectId, camera, box) => setCameraBox(store, setup, objectId, camera, box)}
              />
            </div>
          )}
          {document.frameCount > 1 && <Timeline run={run} rate={frames.data?.frameRate ?? 10} objectLabel={objectLabel} />}
        </div>
        <aside className="w-80 shrink-0 overflow-y-auto border-s border-border bg-card" aria-label={t('editor_side_panel')}>
          {selectedBox && (
            <dl className="grid grid-cols-2 gap-x-2 border-b border-border p-3 text-xs" aria-label={t('cloud_selected_cuboid')}>
              <dt className="text-muted-foreground">{t('cloud_points_in_box')}</dt>
              <dd className="tabular-nums" data-testid="points-in-box">
                {inside === null || inside === undefined ? '…' : formatDigits(inside)}
              </dd>
              <dt className="text-muted-foreground">{t('cloud_box_size')}</dt>
              <dd className="tabular-nums">
                {[selectedBox.shape.length, selectedBox.shape.width, selectedBox.shape.height].map((v) => formatUnit(v, 'meter', 2, true)).join(' × ')}
              </dd>
              <dt className="text-muted-foreground">{t('cloud_box_heading')}</dt>
              <dd className="tabular-nums">{formatUnit((selectedBox.shape.yaw * 180) / Math.PI, 'degree', 1, true)}</dd>
            </dl>
          )}
          {segmenting && (
            <div className="flex flex-wrap gap-1 border-b border-border p-3" role="radiogroup" aria-label={t('cloud_selection_mode')}>
              {(['box', 'lasso', 'brush'] as const).map((m) => (
                <button key={m} type="button" role="radio" aria-checked={selectionMode === m} className="rounded border border-border px-2 py-0.5 text-xs aria-checked:bg-secondary" onClick={() => setSelectionMode(m)}>
                  {t(`point_selection_${m}`)}
                </button>
              ))}
              <p className="w-full text-[11px] text-muted-foreground">{t('cloud_selection_hint')}</p>
            </div>
          )}
          {segmentPoints !== null && (
            <p className="border-b border-border p-3 text-xs">
              {t('cloud_segment_points')}: <span className="tabular-nums" data-testid="segment-points">{formatDigits(segmentPoints)}</span>
            </p>
          )}
          <MarksPanel sequence={document.frameCount > 1} marks={marks} pending={pendingMarks} groups={errorGroups} objectLabel={objectLabel} onRemove={(i) => setPendingMarks((list) => list.filter((_, j) => j !== i))} />
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
        shortcuts="cloud"
        markObjectLabel={(mark) => (mark ? objectLabel(mark) : null)}
        // A mark in a cloud is pinned to the cuboid at the frame on screen; it has no spot on an image.
        onAddMark={(mark, choice) => setPendingMarks((list) => [...list, { ...choice, objectId: mark, frame, spot: null }])}
      />
    </div>
  );
}
