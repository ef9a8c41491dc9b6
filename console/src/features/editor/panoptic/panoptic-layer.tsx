// The panoptic layer over the objects: the frame's painted regions as a coloured overlay, and, while a mask tool is
// in hand, the surface that takes brush and eraser strokes and polygon outlines. Without mask tools it is nothing.
import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Circle, Image as KonvaImage, Layer, Line, Rect } from 'react-konva';
import { flatPoints, paintStroke, type Point, type ResultDocument } from '@annot/workflows';
import { imageOfFrame, useEditorSetup } from '../components/editor-setup';
import { useEditor, useEditorStore, useModes } from '../stores/editor-store';
import { fillOutline, finishPainting, type FrameSize, maskToolInHand, type Painting, startPainting } from './panoptic-actions';
import { drawOverlay, regionColors } from './panoptic-overlay';
import { frameRegions, isMaskTool } from './panoptic-regions';
import { panopticStoreOf, usePanoptic } from './panoptic-store';

/** Screen pixels within which a click on the outline's first corner closes it. */
const reach = 8;

export function PanopticLayer({ image }: { image: { width: number; height: number } }) {
  const setup = useEditorSetup();
  const hasMasks = useMemo(() => setup.tools.some(isMaskTool), [setup.tools]);
  const frame = useEditor((s) => s.frame);
  // Masks cover the frame's measured size, which the server checks them against; the bitmap's where none was measured.
  const measured = imageOfFrame(setup, frame);
  const width = measured?.width ?? image.width;
  const height = measured?.height ?? image.height;
  const size = useMemo(() => ({ width, height }), [width, height]);
  return hasMasks ? <PaintLayer size={size} frame={frame} /> : null;
}

/** The painting surface of the frame on screen, of that frame's size. */
function PaintLayer({ size, frame }: { size: FrameSize; frame: number }) {
  const editor = useEditorStore();
  const setup = useEditorSetup();
  const panoptic = panopticStoreOf(editor);
  const layer = useRef<Konva.Layer>(null);
  const [canvas] = useState(() => document.createElement('canvas'));
  const painting = useRef<{ run: Painting; last: Point } | null>(null);
  const [pointer, setPointer] = useState<Point | null>(null);
  const inHand = useModes(() => maskToolInHand(editor, setup) !== undefined);
  const scale = useEditor((s) => s.view.scale);
  const paint = usePanoptic(panoptic, (s) => s.paint);
  const brush = usePanoptic(panoptic, (s) => s.size);
  const outline = usePanoptic(panoptic, (s) => s.outline);

  const redraw = (painted = frameRegions(editor.document(), size, frame), objects = editor.document().objects) => {
    drawOverlay(canvas, painted, regionColors(painted, objects, setup.tools, setup.colorOf));
    layer.current?.batchDraw();
  };
  // The overlay follows the document outside React's renders, as the objects do.
  useLayoutEffect(() => {
    let shown: ResultDocument | null = null;
    const update = () => {
      const present = editor.document();
      if (present === shown || painting.current) return;
      shown = present;
      redraw();
    };
    update();
    return editor.subscribe(update);
  }, [editor, setup, size, frame]);

  // An outline under way ends as a path does: Enter fills it, Escape drops it.
  useEffect(() => {
    if (outline.length === 0) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) closeOutline();
      else if (e.key === 'Escape') panoptic.set({ outline: [] });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [outline.length > 0]);

  const at = (e: KonvaEventObject<MouseEvent>): Point | null => e.target.getStage()?.getRelativePointerPosition() ?? null;
  const strokeTo = (point: Point) => {
    const current = painting.current;
    if (!current) return;
    const map = paintStroke(current.run.painted.map, [current.last, point], panoptic.get().size, current.run.paint);
    current.run = { ...current.run, painted: { ...current.run.painted, map } };
    current.last = point;
    redraw(current.run.painted, editor.document().objects);
  };

  const onMouseDown = (e: KonvaEventObject<MouseEvent>) => {
    if (e.evt.button !== 0) return;
    e.cancelBubble = true;
    const point = at(e);
    if (!point) return;
    const { paint: tool, outline: corners } = panoptic.get();
    if (tool === 'polygon') {
      const closes = corners.length >= 3 && Math.hypot(point.x - corners[0].x, point.y - corners[0].y) <= reach / scale;
      if (closes) return closeOutline();
      panoptic.set({ outline: [...corners, point] });
      return;
    }
    const run = startPainting(editor, setup, size, tool === 'eraser');
    if (!run) return;
    painting.current = { run, last: point };
    strokeTo(point);
  };
  const onMouseMove = (e: KonvaEventObject<MouseEvent>) => {
    e.cancelBubble = true;
    const point = at(e);
    setPointer(point);
    if (point && painting.current) strokeTo(point);
  };
  const onMouseUp = (e: KonvaEventObject<MouseEvent>) => {
    e.cancelBubble = true;
    const current = painting.current;
    if (!current) return;
    painting.current = null;
    finishPainting(editor, current.run);
    redraw();
  };
  const closeOutline = () => {
    fillOutline(editor, setup, size, panoptic.get().outline);
    panoptic.set({ outline: [] });
  };

  const unit = 1 / scale;
  return (
    <Layer ref={layer}>
      <KonvaImage image={canvas} listening={false} />
      {inHand && (
        <Rect
          name="panoptic-surface"
          width={size.width}
          height={size.height}
          fill="transparent"
          onMouseDown={onMouseDown}
          onMouseMove={onMouseMove}
          onMouseUp={onMouseUp}
          onMouseLeave={(e) => (onMouseUp(e), setPointer(null))}
        />
      )}
      {inHand && outline.length > 0 && (
        <>
          <Line listening={false} points={flatPoints([...outline, ...(pointer ? [pointer] : [])])} stroke="#ffffff" strokeWidth={1.5 * unit} dash={[4 * unit, 3 * unit]} closed={false} />
          <Circle listening={false} x={outline[0].x} y={outline[0].y} radius={4 * unit} fill="#ffffff" />
        </>
      )}
      {inHand && paint !== 'polygon' && pointer && <Circle listening={false} x={pointer.x} y={pointer.y} radius={brush / 2} stroke="#ffffff" strokeWidth={unit} />}
    </Layer>
  );
}
