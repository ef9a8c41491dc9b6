// Every visible object of the frame, in drawing order, on one layer that does not listen: the pointer is
// hit-tested in image pixels instead, so Konva keeps no hit canvas for thousands of shapes.
import { memo } from 'react';
import { Layer } from 'react-konva';
import { keyframeShape } from '@annot/workflows';
import { useEditor } from '../stores/editor-store';
import { useEditorSetup } from './editor-setup';
import { ShapeNode } from './shape-node';

// Memoized: panning re-renders the stage, and the objects have not changed.
export const ObjectsLayer = memo(function ObjectsLayer({ flagged }: { flagged: ReadonlySet<string> }) {
  const setup = useEditorSetup();
  const objects = useEditor((s) => s.history.present.objects);
  const selected = useEditor((s) => s.selected);
  const hidden = useEditor((s) => s.hidden);
  const unit = useEditor((s) => 1 / s.view.scale);
  return (
    <Layer listening={false}>
      {objects.map((object) => {
        const shape = keyframeShape(object);
        if (!shape || hidden.has(object.id)) return null;
        return (
          <ShapeNode
            key={object.id}
            shape={shape}
            color={setup.colorOf(object.toolId)}
            selected={selected.has(object.id)}
            flagged={flagged.has(object.id)}
            unit={unit}
          />
        );
      })}
    </Layer>
  );
});
