// The gesture of a point selection drawn over the 3D view: a box, a lasso or a brush stroke, answered as the screen
// region it covers once the pointer is released.
//
// Props:
// - mode: 'box' | 'lasso' | 'brush', the gesture drawn.
// - enabled: false lets every pointer event through to the view beneath and draws nothing.
// - brushRadius: the brush's radius in CSS pixels (12 unless given).
// - onRegion(region, { remove }): the finished gesture in CSS pixels of the overlay, which covers its positioned parent
//   (put it in the element that holds the canvas, so both share their size; createPointSelector in point-selection.ts
//   takes the area of the view the gesture was drawn on); `remove` is true where Alt or Shift was held, to take the
//   points out of the segment rather than add them.
// Escape drops a gesture under way.
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenRegion } from '@annot/workflows';

export type SelectionMode = 'box' | 'lasso' | 'brush';

export interface SelectionOverlayProps {
  mode: SelectionMode;
  enabled: boolean;
  brushRadius?: number;
  onRegion: (region: ScreenRegion, options: { remove: boolean }) => void;
}

interface Gesture {
  /** Flat x, y pairs: the two corners of a box, the vertices of a lasso, the path of a brush. */
  points: number[];
  remove: boolean;
}

/** Pointer moves closer than this to the last vertex add none, so a lasso stays a few hundred vertices long. */
const minStep = 3;

export function SelectionOverlay({ mode, enabled, brushRadius = 12, onRegion }: SelectionOverlayProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [gesture, setGesture] = useState<Gesture | null>(null);
  const [hover, setHover] = useState<[number, number] | null>(null);

  useEffect(() => {
    if (!gesture) return;
    const cancel = (event: KeyboardEvent) => event.key === 'Escape' && setGesture(null);
    window.addEventListener('keydown', cancel);
    return () => window.removeEventListener('keydown', cancel);
  }, [gesture]);
  useEffect(() => {
    if (!enabled) setGesture(null);
  }, [enabled]);

  if (!enabled) return null;

  const at = (event: ReactPointerEvent): [number, number] => {
    const rect = ref.current?.getBoundingClientRect();
    return [event.clientX - (rect?.left ?? 0), event.clientY - (rect?.top ?? 0)];
  };

  const down = (event: ReactPointerEvent) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const [x, y] = at(event);
    setGesture({ points: mode === 'box' ? [x, y, x, y] : [x, y], remove: event.altKey || event.shiftKey });
  };

  const move = (event: ReactPointerEvent) => {
    const [x, y] = at(event);
    setHover([x, y]);
    if (!gesture) return;
    const { points } = gesture;
    if (mode === 'box') return setGesture({ ...gesture, points: [points[0], points[1], x, y] });
    if (Math.hypot(x - points[points.length - 2], y - points[points.length - 1]) < minStep) return;
    setGesture({ ...gesture, points: [...points, x, y] });
  };

  const up = (event: ReactPointerEvent) => {
    if (!gesture) return;
    setGesture(null);
    const [x, y] = at(event);
    const points = mode === 'box' ? [gesture.points[0], gesture.points[1], x, y] : [...gesture.points, x, y];
    const region = regionOf(mode, points, brushRadius);
    if (region) onRegion(region, { remove: gesture.remove });
  };

  return (
    <div
      ref={ref}
      className="absolute inset-0 cursor-crosshair touch-none select-none"
      role="application"
      aria-label={t(`point_selection_${mode}`)}
      data-testid="selection-overlay"
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerLeave={() => setHover(null)}
    >
      <svg className="pointer-events-none absolute inset-0 h-full w-full">
        {gesture && <GestureShape mode={mode} gesture={gesture} brushRadius={brushRadius} />}
        {mode === 'brush' && hover && <circle cx={hover[0]} cy={hover[1]} r={brushRadius} fill="none" stroke="white" strokeWidth={1} strokeDasharray="3 3" />}
      </svg>
    </div>
  );
}

function GestureShape({ mode, gesture, brushRadius }: { mode: SelectionMode; gesture: Gesture; brushRadius: number }) {
  const { points, remove } = gesture;
  const color = remove ? '#f87171' : '#38bdf8';
  if (mode === 'box') {
    const [x0, y0, x1, y1] = points;
    return <rect data-gesture="box" x={Math.min(x0, x1)} y={Math.min(y0, y1)} width={Math.abs(x1 - x0)} height={Math.abs(y1 - y0)} fill={color} fillOpacity={0.15} stroke={color} strokeDasharray="4 3" />;
  }
  const path = pairs(points);
  if (mode === 'lasso') return <polygon data-gesture="lasso" points={path} fill={color} fillOpacity={0.15} stroke={color} strokeDasharray="4 3" />;
  return <polyline data-gesture="brush" points={path} fill="none" stroke={color} strokeOpacity={0.35} strokeWidth={brushRadius * 2} strokeLinecap="round" strokeLinejoin="round" />;
}

const pairs = (points: number[]) => points.reduce((text, value, i) => text + (i % 2 === 0 ? `${i > 0 ? ' ' : ''}${value}` : `,${value}`), '');

/** The region a finished gesture covers, or null where it covers nothing (a click, a lasso of fewer than 3 vertices). */
export function regionOf(mode: SelectionMode, points: number[], brushRadius: number): ScreenRegion | null {
  if (mode === 'box') {
    const [x0, y0, x1, y1] = points;
    if (Math.abs(x1 - x0) < 2 || Math.abs(y1 - y0) < 2) return null;
    return { kind: 'rect', x: Math.min(x0, x1), y: Math.min(y0, y1), width: Math.abs(x1 - x0), height: Math.abs(y1 - y0) };
  }
  if (mode === 'lasso') return points.length >= 6 ? { kind: 'lasso', points } : null;
  return { kind: 'brush', points, radius: brushRadius };
}
