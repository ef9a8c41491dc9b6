// One object on the canvas as a plain Konva node, made or updated by hand: a large item has thousands, and React
// reconciling one component each would cost the first frame more than drawing them.
import type { ShapeConfig } from 'konva/lib/Shape';
import { Circle } from 'konva/lib/shapes/Circle';
import { Line } from 'konva/lib/shapes/Line';
import { Rect } from 'konva/lib/shapes/Rect';
import { flatPoints, maskBounds, type Shape, sampleCurve } from '@annot/workflows';

export interface ShapeLook {
  color: string;
  selected: boolean;
  /** Marked by an inspector: drawn dashed so it stands out. */
  flagged: boolean;
  /** Image pixels per screen pixel, so lines and points keep their width on screen at any zoom. */
  unit: number;
}

export type ShapeKonvaNode = Rect | Circle | Line;

export const sameLook = (a: ShapeLook, b: ShapeLook) => a.color === b.color && a.selected === b.selected && a.flagged === b.flagged && a.unit === b.unit;

// Widths are scaled by hand (unit) rather than with strokeScaleEnabled=false, which costs every shape a transform
// reset on every frame of a pan.
const common = { listening: false, perfectDrawEnabled: false, shadowForStrokeEnabled: false } as const;

/** The node's class and every attribute it may have, unset ones as undefined, so an update clears what is gone. */
function configOf(shape: Shape, { color, selected, flagged, unit }: ShapeLook): { kind: 'Rect' | 'Circle' | 'Line'; attrs: ShapeConfig } {
  const stroke = { ...common, stroke: color, strokeWidth: (selected ? 3 : 2) * unit, dash: flagged ? [6 * unit, 4 * unit] : undefined };
  switch (shape.type) {
    case 'box':
      return { kind: 'Rect', attrs: { ...stroke, x: shape.x, y: shape.y, width: shape.width, height: shape.height, fill: selected ? `${color}33` : undefined } };
    case 'point':
      return { kind: 'Circle', attrs: { ...common, x: shape.x, y: shape.y, radius: 4 * unit, fill: color, stroke: selected ? '#ffffff' : color, strokeWidth: (selected ? 2 : 1) * unit } };
    case 'polygon':
      return { kind: 'Line', attrs: { ...stroke, points: flatPoints(shape.points), closed: true, fill: selected ? `${color}33` : `${color}14` } };
    case 'line':
      return { kind: 'Line', attrs: { ...stroke, points: flatPoints(shape.points), closed: false, fill: undefined } };
    case 'curve':
      return { kind: 'Line', attrs: { ...stroke, points: flatPoints(sampleCurve(shape.points)), closed: false, fill: undefined } };
    case 'mask': {
      // The pixels are the panoptic overlay's; here a selected mask shows its bounds.
      const [x, y, width, height] = maskBounds(shape);
      return { kind: 'Rect', attrs: { ...stroke, stroke: selected ? color : undefined, x, y, width, height, fill: undefined } };
    }
    case 'cuboid':
    case 'segment':
      // Shapes of a cloud are drawn by the point-cloud editor, never on an image: an empty node holds their place.
      return { kind: 'Line', attrs: { ...stroke, points: [], closed: false, fill: undefined } };
  }
}

/** The node of `shape`: `current` updated in place when it is of the same class, otherwise a new one. */
export function shapeNode(shape: Shape, look: ShapeLook, current: ShapeKonvaNode | undefined): ShapeKonvaNode {
  const { kind, attrs } = configOf(shape, look);
  if (current?.className === kind) {
    current.setAttrs(attrs);
    return current;
  }
  return kind === 'Rect' ? new Rect(attrs) : kind === 'Circle' ? new Circle(attrs) : new Line(attrs);
}
