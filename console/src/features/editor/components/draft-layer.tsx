// What is being drawn and the selection marquee: on top of the objects, never listening.
import { memo } from 'react';
import { Group, Line, Rect } from 'react-konva';
import { boxFromDrag, defaultMinSize, flatPoints, rectBetween, sampleCurve } from '@annot/workflows';
import { useEditor, useModes } from '../stores/editor-store';
import { toolOf, useEditorSetup } from './editor-setup';

export const DraftShapes = memo(function DraftShapes() {
  const setup = useEditorSetup();
  const draft = useModes((s) => s.context.draft);
  const marquee = useModes((s) => s.context.marquee);
  const toolId = useModes((s) => s.context.toolId);
  const unit = useEditor((s) => 1 / s.view.scale);
  const tool = toolId ? toolOf(setup, toolId) : undefined;
  const color = toolId ? setup.colorOf(toolId) : '#ffffff';
  const common = { listening: false, stroke: color, strokeWidth: 2, strokeScaleEnabled: false, perfectDrawEnabled: false } as const;
  return (
    <Group listening={false}>
      {draft?.kind === 'box' && <Rect {...common} dash={[6, 4]} {...boxFromDrag(draft.anchor, draft.pointer, { aspectRatio: tool?.definition.aspectRatio, minSize: defaultMinSize })} />}
      {draft?.kind === 'path' && (
        <>
          <Line
            {...common}
            dash={[6, 4]}
            points={flatPoints(tool?.definition.templateType === 'curve' ? sampleCurve([...draft.points, ...(draft.pointer ? [draft.pointer] : [])]) : [...draft.points, ...(draft.pointer ? [draft.pointer] : [])])}
          />
          {draft.points.map((p, i) => (
            <Rect key={i} {...common} strokeWidth={1} fill={i === 0 ? color : '#ffffff'} x={p.x} y={p.y} width={7 * unit} height={7 * unit} offsetX={3.5 * unit} offsetY={3.5 * unit} />
          ))}
        </>
      )}
      {marquee && <Rect listening={false} {...rectBetween(marquee.from, marquee.to)} stroke="#38bdf8" strokeWidth={1} strokeScaleEnabled={false} dash={[4, 3]} fill="#38bdf822" />}
    </Group>
  );
});
