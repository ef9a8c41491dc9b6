// One object on the canvas as a plain Konva node, memoized so a change to one object redraws only that one.
import { memo } from 'react';
import { Circle, Line, Rect } from 'react-konva';
import { flatPoints, type Shape, sampleCurve } from '@annot/workflows';

export interface ShapeNodeProps {
  shape: Shape;
  color: string;
  selected: boolean;
  /** Marked by an inspector: drawn dashed so it stands out. */
  flagged?: boolean;
  /** Image pixels per screen pixel, so lines and points keep their width on screen at any zoom. */
  unit: number;
}

// Widths are scaled by hand (unit) rather than with strokeScaleEnabled=false, which costs every shape a transform
// reset on every frame of a pan.
const common = { listening: false, perfectDrawEnabled: false, shadowForStrokeEnabled: false } as const;

export const ShapeNode = memo(function ShapeNode({ shape, color, selected, flagged, unit }: ShapeNodeProps) {
  const stroke = { stroke: color, strokeWidth: (selected ? 3 : 2) * unit, dash: flagged ? [6 * unit, 4 * unit] : undefined };
  switch (shape.type) {
    case 'box':
      return <Rect {...common} {...stroke} x={shape.x} y={shape.y} width={shape.width} height={shape.height} fill={selected ? `${color}33` : undefined} />;
    case 'point':
      return <Circle {...common} x={shape.x} y={shape.y} radius={4 * unit} fill={color} stroke={selected ? '#ffffff' : color} strokeWidth={(selected ? 2 : 1) * unit} />;
    case 'polygon':
      return <Line {...common} {...stroke} points={flatPoints(shape.points)} closed fill={selected ? `${color}33` : `${color}14`} />;
    case 'line':
      return <Line {...common} {...stroke} points={flatPoints(shape.points)} />;
    case 'curve':
      return <Line {...common} {...stroke} points={flatPoints(sampleCurve(shape.points))} />;
  }
});
