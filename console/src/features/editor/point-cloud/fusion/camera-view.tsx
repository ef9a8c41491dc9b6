// One camera's image at a frame with every cuboid projected into it (lens distortion applied, edges clipped behind the
// camera) in its track's colour and the tracks' drawn 2D boxes; where editing, the selected track's 2D box is drawn
// by dragging on the image and adjusted by its body and handles.
import { type CSSProperties, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type BoxShape, type CuboidShape, type CameraCalibration, type CuboidProjection, projectCuboid } from '@annot/workflows';
import { type BoxDrag, boxHandles, clientToImage, dragBox, type Handle, isDrawn } from './box-editing';
import type { CameraImage } from './camera-media';

export interface FusionObject {
  id: string;
  /** The track's colour, any CSS colour. */
  color: string;
  /** The cuboid at this frame (interpolated where the frame is between keyframes), null where the track has none. */
  cuboid: CuboidShape | null;
  /** The track's 2D box on each camera's image at this frame, by camera name. */
  cameraBoxes: Record<string, BoxShape>;
}

export interface ObjectProjection {
  id: string;
  color: string;
  projection: CuboidProjection;
}

/** Each object's cuboid as the camera sees it; those wholly behind it are left out. */
export function projectObjects(camera: CameraCalibration, objects: FusionObject[]): ObjectProjection[] {
  const seen: ObjectProjection[] = [];
  for (const object of objects) {
    if (!object.cuboid) continue;
    const projection = projectCuboid(camera, object.cuboid);
    if (projection.edges.length > 0) seen.push({ id: object.id, color: object.color, projection });
  }
  return seen;
}

export interface CameraViewProps {
  camera: CameraCalibration;
  image: CameraImage;
  objects: FusionObject[];
  projections: ObjectProjection[];
  selectedId: string | null;
  /** Present where the person may draw: the selected track's box is answered here, other tracks are selected by a click. */
  editing?: { onSelect: (id: string) => void; onBox: (box: BoxShape) => void };
  className?: string;
  style?: CSSProperties;
}

const pairs = (points: [number, number][]) => points.map(([x, y]) => `${round(x)},${round(y)}`).join(' ');
const round = (value: number) => Math.round(value * 100) / 100;

export function CameraView({ camera, image, objects, projections, selectedId, editing, className, style }: CameraViewProps) {
  const { t } = useTranslation();
  const svg = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<BoxDrag | null>(null);
  const [draft, setDraft] = useState<BoxShape | null>(null);
  const size = { width: camera.width, height: camera.height };
  // Strokes and handles keep their size on screen whatever the image's scale.
  const unit = Math.max(camera.width, camera.height) / 400;
  const boxes = useMemo(() => objects.flatMap((o) => (o.cameraBoxes[camera.name] ? [{ id: o.id, color: o.color, box: o.cameraBoxes[camera.name] }] : [])), [objects, camera.name]);
  const selectedBox = boxes.find((b) => b.id === selectedId)?.box ?? null;

  const at = (event: ReactPointerEvent): [number, number] => {
    const rect = svg.current?.getBoundingClientRect() ?? { left: 0, top: 0, width: camera.width, height: camera.height };
    return clientToImage(event.clientX, event.clientY, rect, size);
  };
  const start = (event: ReactPointerEvent, next: BoxDrag) => {
    if (!editing || event.button !== 0) return;
    event.stopPropagation();
    svg.current?.setPointerCapture?.(event.pointerId);
    setDrag(next);
  };
  const move = (event: ReactPointerEvent) => drag && setDraft(dragBox(drag, at(event), size));
  const end = (event: ReactPointerEvent) => {
    if (!drag || !editing) return;
    const box = dragBox(drag, at(event), size);
    setDrag(null);
    setDraft(null);
    if (isDrawn(box)) editing.onBox(box);
  };
  const pick = (event: ReactPointerEvent, id: string) => {
    if (!editing || id === selectedId) return;
    event.stopPropagation();
    editing.onSelect(id);
  };

  return (
    <svg
      ref={svg}
      viewBox={`0 0 ${camera.width} ${camera.height}`}
      preserveAspectRatio="xMidYMid meet"
      className={className}
      role="img"
      aria-label={t('fusion_camera_view', { camera: camera.name })}
      data-camera={camera.name}
      onPointerDown={(event) => selectedId && start(event, { kind: 'draw', from: at(event) })}
      onPointerMove={move}
      onPointerUp={end}
      style={editing && selectedId ? { ...style, cursor: 'crosshair', touchAction: 'none' } : style}
    >
      <rect width={camera.width} height={camera.height} fill="#18181b" />
      {image.state === 'ready' && <image href={image.url} width={camera.width} height={camera.height} />}
      {image.state !== 'ready' && image.state !== 'loading' && (
        <text x={camera.width / 2} y={camera.height / 2} textAnchor="middle" fill="#a1a1aa" fontSize={unit * 14}>
          {t(image.state === 'none' ? 'fusion_no_image' : 'fusion_image_failed')}
        </text>
      )}
      {projections.map(({ id, color, projection }) => {
        const selected = id === selectedId;
        return (
          <g key={id} data-object={id} data-selected={selected || undefined} data-projected-box={projection.box?.map(round).join(',')} onPointerDown={(event) => pick(event, id)}>
            {projection.edges.map((edge, i) => (
              <polyline key={i} data-edge points={pairs(edge)} fill="none" stroke={color} strokeWidth={unit * (selected ? 3 : 1.5)} strokeOpacity={selected ? 1 : 0.8} />
            ))}
          </g>
        );
      })}
      {boxes.map(({ id, color, box }) => {
        const selected = id === selectedId;
        const shown = selected && draft ? draft : box;
        return (
          <rect
            key={id}
            data-camera-box={id}
            x={shown.x}
            y={shown.y}
            width={shown.width}
            height={shown.height}
            fill={color}
            fillOpacity={selected ? 0.12 : 0.04}
            stroke={color}
            strokeWidth={unit * (selected ? 2.5 : 1.5)}
            strokeDasharray={`${unit * 6} ${unit * 3}`}
            style={editing ? { cursor: selected ? 'move' : 'pointer' } : undefined}
            onPointerDown={(event) => (selected ? start(event, { kind: 'move', from: at(event), box }) : pick(event, id))}
          />
        );
      })}
      {draft && !selectedBox && <rect data-draft x={draft.x} y={draft.y} width={draft.width} height={draft.height} fill="none" stroke="white" strokeWidth={unit * 2} strokeDasharray={`${unit * 4} ${unit * 3}`} />}
      {editing &&
        selectedBox &&
        boxHandles(draft ?? selectedBox).map(({ handle, x, y }) => (
          <rect
            key={handle}
            data-handle={handle}
            x={x - unit * 5}
            y={y - unit * 5}
            width={unit * 10}
            height={unit * 10}
            fill="white"
            stroke="#18181b"
            strokeWidth={unit}
            style={{ cursor: `${handleCursor[handle]}-resize` }}
            onPointerDown={(event) => start(event, { kind: 'resize', handle, box: selectedBox })}
          />
        ))}
    </svg>
  );
}

const handleCursor: Record<Handle, string> = { nw: 'nwse', se: 'nwse', ne: 'nesw', sw: 'nesw', n: 'ns', s: 'ns', e: 'ew', w: 'ew' };
