// The canvas: the image at full resolution under the objects on one layer (one canvas to redraw and composite a
// frame, as plain Konva would), and on top the handles, the drawing and the marks.
import type Konva from 'konva';
import { type ReactNode, startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Circle, Layer, Stage, Text } from 'react-konva';
import type { Point } from '@annot/workflows';
import { useCanvasPointer } from '../hooks/use-canvas-pointer';
import { PanopticLayer } from '../panoptic/panoptic-layer';
import { fitView, zoomAt } from '../stores/editor-actions';
import { useEditor, useEditorStore, useModes } from '../stores/editor-store';
import { DraftShapes } from './draft-layer';
import { ObjectsLayer } from './objects-layer';
import { SelectionHandles } from './selection-handles';

export interface CanvasMark {
  key: string;
  at: Point;
  color: string;
  label: string;
}

export interface EditorCanvasProps {
  image: ImageBitmap;
  marks: CanvasMark[];
  flagged: ReadonlySet<string>;
  /** Called by fit (F) and 1:1 through the store's view; the canvas fits once on first showing. */
  fitRequest: number;
  /** Called once the first frame is on screen. */
  onOpened: () => void;
  onMark: (spot: Point, objectId: string | null) => void;
}

declare global {
  interface Window {
    __editorReady?: boolean;
  }
}

/** Runs `work` in the browser's next idle period (soon after on browsers without idle callbacks); returns its cancel. */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: 300 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 50);
  return () => clearTimeout(id);
}

export function EditorCanvas({ image, marks, flagged, fitRequest, onOpened, onMark }: EditorCanvasProps) {
  const store = useEditorStore();
  const box = useRef<HTMLDivElement>(null);
  const stage = useRef<Konva.Stage>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [ready, setReady] = useState(false);
  const view = useEditor((s) => s.view);
  const selecting = useModes((s) => s.matches({ tool: 'select' }));
  const pointer = useCanvasPointer(stage, onMark);

  // Measured before the first paint, so the stage is there in the first frame rather than a frame later.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const rect = element.getBoundingClientRect();
    const first = { width: Math.floor(rect.width), height: Math.floor(rect.height) };
    // Fitted before the objects are first drawn: a later fit would change every shape's line width and redo them all.
    if (first.width > 0) store.set({ view: fitView(image, first) });
    setSize(first);
    const observer = new ResizeObserver(([entry]) => setSize({ width: Math.floor(entry.contentRect.width), height: Math.floor(entry.contentRect.height) }));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (size.width > 0) store.set({ view: fitView(image, size) });
    // Fitting again on every resize would throw away the reader's zoom; only a request or an image of another size
    // refits, so the frames of a sequence keep the zoom.
  }, [image.width, image.height, fitRequest, size.width > 0]);


  useEffect(() => {
    if (size.width === 0 || ready) return;
    // The first frame is on screen after the next paint: what a benchmark measures as "opened".
    const frame = requestAnimationFrame(() => {
      setReady(true);
      window.__editorReady = true;
    });
    return () => cancelAnimationFrame(frame);
  }, [size.width, ready]);

  useEffect(() => {
    if (!ready) return;
    // What the first frame did not need comes when the browser is idle, rendered in slices: the canvas takes input at once.
    return whenIdle(() => startTransition(onOpened));
  }, [ready]);

  // The next item's canvas is a new first frame to wait for.
  useEffect(
    () => () => {
      window.__editorReady = false;
    },
    [],
  );

  const onWheel = (e: Konva.KonvaEventObject<WheelEvent>) => {
    e.evt.preventDefault();
    const at = stage.current?.getPointerPosition();
    if (at) zoomAt(store, e.evt.deltaY < 0 ? 1.15 : 1 / 1.15, at);
  };

  const unit = 1 / view.scale;
  return (
    // The stage's coordinates are the picture's, left to right in every language.
    <div
      ref={box}
      dir="ltr"
      className="relative h-full w-full overflow-hidden bg-neutral-900"
      data-editor-ready={ready ? 'true' : 'false'}
      data-testid="editor-canvas"
      style={{ cursor: selecting ? 'default' : 'crosshair' }}
      onContextMenu={(e) => e.preventDefault()}
    >
      {size.width > 0 && (
        <Stage
          ref={stage}
          width={size.width}
          height={size.height}
          x={view.x}
          y={view.y}
          scaleX={view.scale}
          scaleY={view.scale}
          onWheel={onWheel}
          onMouseDown={pointer.onMouseDown}
          onMouseMove={pointer.onMouseMove}
          onMouseUp={pointer.onMouseUp}
          onMouseLeave={pointer.onMouseUp}
        >
          <ObjectsLayer image={image} flagged={flagged} />
          <PanopticLayer image={image} />
          <OverlayLayer pinned={marks.length > 0}>
            <SelectionHandles />
            <DraftShapes />
            {marks.map((mark) => (
              <MarkPin key={mark.key} mark={mark} unit={unit} />
            ))}
          </OverlayLayer>
        </Stage>
      )}
    </div>
  );
}

/**
 * The handles, the drawing and the pins over the objects. A second canvas costs every frame of a pan its compositing,
 * so it shows only while it may hold something; it reads the store itself, so it shows in the same commit as the handles.
 */
function OverlayLayer({ pinned, children }: { pinned: boolean; children: ReactNode }) {
  const layer = useRef<Konva.Layer>(null);
  const drawing = useModes((s) => s.context.draft !== null || s.context.marquee !== null);
  const busy = useEditor((s) => s.selected.size > 0) || drawing;
  const selected = useEditor((s) => s.selected);
  const present = useEditor((s) => s.history.present);
  // Handles are found on the hit canvas: drawn with the commit that shows them rather than at the next frame, a
  // click right after a selection finds them.
  useLayoutEffect(() => {
    if (busy) layer.current?.drawHit();
  }, [busy, selected, present]);
  return (
    <Layer ref={layer} visible={busy || pinned}>
      {children}
    </Layer>
  );
}

function MarkPin({ mark, unit }: { mark: CanvasMark; unit: number }) {
  return (
    <>
      <Circle listening={false} x={mark.at.x} y={mark.at.y} radius={7 * unit} fill={mark.color} stroke="#ffffff" strokeWidth={2} strokeScaleEnabled={false} />
      <Text listening={false} x={mark.at.x + 9 * unit} y={mark.at.y - 7 * unit} text={mark.label} fontSize={13 * unit} fill="#ffffff" shadowColor="#000000" shadowBlur={3} />
    </>
  );
}
