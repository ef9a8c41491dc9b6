// Keeps a Konva group's nodes in step with the document's objects by id, touching only the objects that changed,
// and keeps them in the document's drawing order.
import type { Group } from 'konva/lib/Group';
import { type ResultObject, shapeAt } from '@annot/workflows';
import { sameLook, type ShapeKonvaNode, type ShapeLook, shapeNode } from './shape-node';

export interface ObjectsView {
  objects: ResultObject[];
  /** The frame shown: each object at its shape there, from the one interpolation the exports use too. */
  frame: number;
  selected: ReadonlySet<string>;
  hidden: ReadonlySet<string>;
  flagged: ReadonlySet<string>;
  unit: number;
  colorOf: (toolId: string) => string;
}

interface Entry {
  object: ResultObject;
  frame: number;
  look: ShapeLook;
  node: ShapeKonvaNode;
}

const sameView = (a: ObjectsView, b: ObjectsView) =>
  a.objects === b.objects && a.frame === b.frame && a.selected === b.selected && a.hidden === b.hidden && a.flagged === b.flagged && a.unit === b.unit && a.colorOf === b.colorOf;

export interface ObjectsSync {
  /** Brings the nodes to `view`; true when anything on the canvas changed. */
  sync(view: ObjectsView): boolean;
  destroy(): void;
}

export function createObjectsSync(group: Group): ObjectsSync {
  let last: ObjectsView | null = null;
  let entries = new Map<string, Entry>();
  let order: ShapeKonvaNode[] = [];
  return {
    sync(view) {
      if (last && sameView(last, view)) return false;
      last = view;
      let changed = false;
      const next = new Map<string, Entry>();
      const nodes: ShapeKonvaNode[] = [];
      for (const object of view.objects) {
        if (view.hidden.has(object.id)) continue;
        const look = { color: view.colorOf(object.toolId), selected: view.selected.has(object.id), flagged: view.flagged.has(object.id), unit: view.unit };
        const entry = entries.get(object.id);
        if (entry && entry.object === object && entry.frame === view.frame && sameLook(entry.look, look)) {
          next.set(object.id, entry);
          nodes.push(entry.node);
          continue;
        }
        const shape = shapeAt(object, view.frame);
        if (!shape) continue;
        const node = shapeNode(shape, look, entry?.node);
        next.set(object.id, { object, frame: view.frame, look, node });
        nodes.push(node);
        changed = true;
      }
      for (const [id, entry] of entries) {
        if (next.get(id)?.node === entry.node) continue;
        entry.node.destroy();
        changed = true;
      }
      // Only a new order (an added, removed or reordered object) re-lays the group's children.
      if (nodes.length !== order.length || nodes.some((node, i) => node !== order[i])) {
        group.removeChildren();
        if (nodes.length > 0) group.add(...nodes);
        changed = true;
      }
      entries = next;
      order = nodes;
      return changed;
    },
    destroy() {
      for (const entry of entries.values()) entry.node.destroy();
      entries = new Map();
      order = [];
      last = null;
    },
  };
}
