// Handles of the one selected object: eight on a box to resize it, one on each vertex of a path to move it
// (alt-click deletes it), and one on each edge's midpoint to insert a vertex there.
import type { KonvaEventObject } from 'konva/lib/Node';
import { memo } from 'react';
import { Circle, Group, Rect } from 'react-konva';
import {
  type BoxHandle,
  boxHandles,
  defaultMinSize,
  deleteVertex,
  edgeMidpoints,
  handlePoints,
  insertVertex,
  moveVertex,
  type PathShape,
  resizeBox,
  type ResultObject,
  setShape,
  shapeAt,
} from '@annot/workflows';
import { useEditor, useEditorStore, useModes } from '../stores/editor-store';
import { toolOf, useEditorSetup } from './editor-setup';

const handleSize = 9;

export const SelectionHandles = memo(function SelectionHandles() {
  const store = useEditorStore();
  const setup = useEditorSetup();
  const unit = useEditor((s) => 1 / s.view.scale);
  const selecting = useModes((s) => s.matches({ tool: 'select' }));
  const object = useEditor((s) => {
    if (s.selected.size !== 1 || !selecting) return null;
    const [id] = s.selected;
    return s.locked.has(id) || s.hidden.has(id) ? null : (s.history.present.objects.find((o) => o.id === id) ?? null);
  });
  const vertex = useModes((s) => s.context.vertex);
  const frame = useEditor((s) => s.frame);
  if (!object || setup.readOnly) return null;
  const shape = shapeAt(object, frame);
  if (!shape || shape.type === 'point' || shape.type === 'mask') return null;
  const color = setup.colorOf(object.toolId);
  const stop = (e: KonvaEventObject<MouseEvent>) => {
    e.cancelBubble = true;
  };

  if (shape.type === 'box') {
    const rules = { aspectRatio: toolOf(setup, object.toolId)?.definition.aspectRatio, minSize: defaultMinSize };
    const points = handlePoints(shape);
    const size = handleSize * unit;
    const resize = (handle: BoxHandle) => (e: KonvaEventObject<DragEvent>) => {
      const current = shapeAt(store.document().objects.find((o) => o.id === object.id) as ResultObject, frame);
      if (current?.type !== 'box') return;
      store.preview(setShape(store.document(), object.id, resizeBox(current, handle, e.target.position(), rules), frame));
    };
    return (
      <Group>
        {boxHandles.map((handle) => (
          <Rect
            key={handle}
            name={`handle-${handle}`}
            x={points[handle].x}
            y={points[handle].y}
            width={size}
            height={size}
            offsetX={size / 2}
            offsetY={size / 2}
            fill="#ffffff"
            stroke={color}
            strokeWidth={1}
            strokeScaleEnabled={false}
            draggable
            onMouseDown={stop}
            onDragStart={() => store.begin()}
            onDragMove={resize(handle)}
            onDragEnd={() => store.end()}
          />
        ))}
      </Group>
    );
  }

  const path = shape as PathShape;
  const closed = path.type === 'polygon';
  const update = (points: PathShape['points']) => setShape(store.document(), object.id, { ...path, points } as PathShape, frame);
  return (
    <Group>
      {edgeMidpoints(path.points, closed).map(({ after, point }) => (
        <Circle
          key={`mid-${after}`}
          name="handle-midpoint"
          x={point.x}
          y={point.y}
          radius={3.5 * unit}
          fill="#ffffff"
          opacity={0.7}
          stroke={color}
          strokeWidth={1}
          strokeScaleEnabled={false}
          onMouseDown={(e) => {
            stop(e);
            store.commit(update(insertVertex(path.points, after, point)));
            store.modes.send({ type: 'vertex.pick', vertex: { objectId: object.id, index: after + 1 } });
          }}
        />
      ))}
      {path.points.map((point, index) => (
        <Circle
          key={`vertex-${index}`}
          name="handle-vertex"
          x={point.x}
          y={point.y}
          radius={5 * unit}
          fill={vertex?.objectId === object.id && vertex.index === index ? color : '#ffffff'}
          stroke={color}
          strokeWidth={1.5}
          strokeScaleEnabled={false}
          draggable
          onMouseDown={(e) => {
            stop(e);
            if (e.evt.altKey) {
              store.commit(update(deleteVertex(path.points, index, path.type)));
              return;
            }
            store.modes.send({ type: 'vertex.pick', vertex: { objectId: object.id, index } });
          }}
          onDragStart={() => store.begin()}
          onDragMove={(e) => {
            const current = shapeAt(store.document().objects.find((o) => o.id === object.id) as ResultObject, frame) as PathShape;
            store.preview(setShape(store.document(), object.id, { ...current, points: moveVertex(current.points, index, e.target.position()) } as PathShape, frame));
          }}
          onDragEnd={() => store.end()}
        />
      ))}
    </Group>
  );
});
