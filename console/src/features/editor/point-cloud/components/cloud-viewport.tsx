// The four views of the cloud in one canvas, and what the pointer does there: orbit and zoom the perspective view, pan
// and zoom the top view, draw a cuboid's footprint in the top view, pick a cuboid in any view, and drag the selected
// one's handles in the top, side and front views. React renders the frame around the canvas; the scene draws it.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CuboidShape, type PointCloud, type ScreenRegion, type SegmentShape, setShape } from '@annot/workflows';
import { toolOf, useEditorSetup } from '@/features/editor/components/editor-setup';
import { toolInHand } from '@/features/editor/modes/tool-mode-actions';
import { createObject } from '@/features/editor/stores/editor-actions';
import { useEditorStore } from '@/features/editor/stores/editor-store';
import { type ViewName, viewNames, type ViewRect } from '../scene/cloud-views';
import { SelectionOverlay, type SelectionMode } from '../segmentation/selection-overlay';
import { PointCloudScene, type SceneBox } from '../scene/point-cloud-scene';
import type { PointStyle } from '../scene/point-material';
import { selectedCuboid } from '../tools/cuboid-actions';
import { fromFootprint } from '../tools/cuboid-fitting';
import { dragHandle, type Handle, handleAt, type OrthoView } from '../tools/cuboid-handles';

export interface CloudViewportProps {
  cloud: PointCloud | null;
  /** The frame whose cloud is drawn, named on the canvas for those who wait for it. */
  cloudFrame: number | null;
  boxes: SceneBox[];
  selectedId: string | null;
  style: PointStyle;
  rangeCircles: [number, number][];
  overlay: Float32Array | null;
  /** The selected segment's points at the frame drawn, highlighted in every view; null for none. */
  highlight: SegmentShape | null;
  onScene: (scene: PointCloudScene | null) => void;
  /** An inspector clicked a cuboid (or none) in mark mode. */
  onMark: (objectId: string | null) => void;
  /** A segment tool in hand: gestures over the perspective view select points instead of turning it. */
  selection: { mode: SelectionMode; onRegion: (region: ScreenRegion, options: { remove: boolean }) => void } | null;
}

type Vector = [number, number, number];
type Drag =
  | { kind: 'orbit'; view: ViewName; last: [number, number]; moved: boolean; pan: boolean }
  | { kind: 'draw'; anchor: Vector; to: Vector }
  | { kind: 'handle'; view: OrthoView; handle: Handle; id: string; start: CuboidShape; from: Vector };

const isOrtho = (view: ViewName | null): view is OrthoView => view === 'top' || view === 'side' || view === 'front';
/** The smallest footprint drawn, in metres; a click in draw mode makes none. */
const minimumSide = 0.3;

export function CloudViewport({ cloud, cloudFrame, boxes, selectedId, style, rangeCircles, overlay, highlight, onScene, onMark, selection }: CloudViewportProps) {
  const { t } = useTranslation();
  const store = useEditorStore();
  const setup = useEditorSetup();
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [scene, setScene] = useState<PointCloudScene | null>(null);
  const [layout, setLayout] = useState<Record<ViewName, ViewRect> | null>(null);
  const drag = useRef<Drag | null>(null);
  const latest = useRef({ cloud, onMark });
  latest.current = { cloud, onMark };

  useEffect(() => {
    const made = new PointCloudScene(canvas.current!);
    const observer = new ResizeObserver(() => {
      const { clientWidth, clientHeight } = box.current!;
      made.resize(clientWidth, clientHeight);
      setLayout(made.views());
    });
    observer.observe(box.current!);
    made.start();
    setScene(made);
    onScene(made);
    return () => {
      observer.disconnect();
      onScene(null);
      made.dispose();
    };
    // The scene lives as long as the canvas.
  }, []);

  useEffect(() => {
    if (scene && cloud) scene.setCloud(cloud);
  }, [scene, cloud]);
  useEffect(() => scene?.setStyle(style), [scene, style]);
  // The circles follow the ground of each frame's cloud in the scene, so a frame switch does not make them anew.
  useEffect(() => scene?.setRangeCircles(rangeCircles), [scene, rangeCircles]);
  useEffect(() => scene?.setOverlay(overlay), [scene, overlay]);
  useEffect(() => scene?.setHighlight(highlight), [scene, highlight, cloud]);
  useEffect(() => scene?.setBoxes(boxes, selectedId), [scene, boxes, selectedId]);
  // A newly selected box is brought into the top view; edits to it leave the view where it is.
  useEffect(() => {
    const current = selectedCuboid(store);
    if (scene && current && current.id === selectedId) scene.focus(current.shape);
  }, [scene, selectedId]);

  const at = (event: React.PointerEvent | React.WheelEvent): [number, number] => {
    const rect = canvas.current!.getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  };

  const onPointerDown = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (!scene) return;
    const [x, y] = at(event);
    const view = scene.viewAt(x, y);
    if (!view) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const state = store.getState();
    const pan = event.button !== 0 || event.shiftKey;
    if (store.modes.getSnapshot().matches({ tool: 'mark' }) && event.button === 0) return latest.current.onMark(scene.pickBox(x, y));
    const toolId = toolInHand(store);
    const tool = toolId ? toolOf(setup, toolId) : undefined;
    if (view === 'top' && event.button === 0 && tool?.definition.templateType === 'cuboid' && !setup.readOnly) {
      const anchor = scene.pointIn('top', x, y);
      drag.current = { kind: 'draw', anchor, to: anchor };
      return;
    }
    const selected = selectedCuboid(store);
    if (isOrtho(view) && event.button === 0 && selected && !setup.readOnly && !state.locked.has(selected.id)) {
      const point = scene.pointIn(view, x, y);
      const handle = handleAt(view, selected.shape, point, scene.pixelMetres(view) * 6);
      if (handle) {
        store.begin();
        drag.current = { kind: 'handle', view, handle, id: selected.id, start: selected.shape, from: point };
        return;
      }
    }
    if (event.button === 0) {
      const picked = scene.pickBox(x, y);
      if (picked && picked !== selected?.id && !state.hidden.has(picked)) {
        store.set({ selected: new Set([picked]) });
        return;
      }
    }
    drag.current = { kind: 'orbit', view, last: [x, y], moved: false, pan };
  };

  const onPointerMove = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const current = drag.current;
    if (!scene || !current) return;
    const [x, y] = at(event);
    if (current.kind === 'orbit') {
      const [dx, dy] = [x - current.last[0], y - current.last[1]];
      if (Math.abs(dx) + Math.abs(dy) > 0) current.moved = true;
      current.last = [x, y];
      scene.drag(current.view, dx, dy, current.pan);
    } else if (current.kind === 'draw') {
      current.to = scene.pointIn('top', x, y);
      scene.setDraft([
        [current.anchor[0], current.anchor[1]],
        [current.to[0], current.to[1]],
      ]);
    } else {
      const shape = dragHandle(current.view, current.start, current.handle, current.from, scene.pointIn(current.view, x, y));
      store.preview(setShape(store.document(), current.id, shape, store.getState().frame));
    }
  };

  const onPointerUp = () => {
    const current = drag.current;
    drag.current = null;
    if (!scene || !current) return;
    if (current.kind === 'orbit') {
      // A click on nothing lets the selection go.
      if (!current.moved && !current.pan) store.set({ selected: new Set() });
    } else if (current.kind === 'draw') {
      scene.setDraft(null);
      const [a, b] = [current.anchor, current.to];
      const [length, width] = [Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1])];
      if (length < minimumSide || width < minimumSide) return;
      const footprint = { x: (a[0] + b[0]) / 2, y: (a[1] + b[1]) / 2, length, width, yaw: 0 };
      const empty = { count: 0, positions: new Float32Array() };
      const toolId = toolInHand(store);
      if (toolId) createObject(store, setup, toolId, fromFootprint(latest.current.cloud ?? empty, footprint, scene.ground()));
    } else store.end();
  };

  const onWheel = (event: React.WheelEvent<HTMLCanvasElement>) => {
    if (!scene) return;
    const [x, y] = at(event);
    const view = scene.viewAt(x, y);
    if (view) scene.zoom(view, event.deltaY > 0 ? 1.12 : 1 / 1.12);
  };

  const sideEmpty = !boxes.some((b) => b.id === selectedId);
  return (
    // The views are laid out by the scene's coordinates, left to right in every language.
    <div ref={box} dir="ltr" className="relative min-h-0 flex-1 overflow-hidden bg-slate-950" data-frame={cloudFrame ?? undefined} data-points={cloud?.count ?? 0} data-overlay-points={overlay ? overlay.length / 3 : 0} data-boxes={boxes.length} data-editor-ready={cloud ? 'true' : undefined}>
      <canvas
        ref={canvas}
        className="absolute inset-0 h-full w-full touch-none"
        aria-label={t('cloud_views')}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onWheel={onWheel}
        onContextMenu={(e) => e.preventDefault()}
      />
      {layout &&
        viewNames.map((name) => (
          <div key={name} className="pointer-events-none absolute border border-slate-700/60" style={{ left: layout[name].x, top: layout[name].y, width: layout[name].width, height: layout[name].height }}>
            <span className="m-1 inline-block rounded bg-slate-900/70 px-1.5 text-[11px] text-slate-200">{t(`cloud_view_${name}`)}</span>
            {(name === 'side' || name === 'front') && sideEmpty && <p className="px-2 text-[11px] text-slate-400">{t('cloud_side_hint')}</p>}
          </div>
        ))}
      {selection && layout && (
        <div className="absolute left-0 top-0" style={{ width: layout.perspective.width, height: layout.perspective.height }}>
          <SelectionOverlay mode={selection.mode} enabled onRegion={selection.onRegion} />
        </div>
      )}
      {!cloud && <p className="absolute left-2 top-8 rounded bg-slate-900/80 px-2 py-1 text-xs text-slate-200">{t('cloud_loading')}</p>}
    </div>
  );
}
