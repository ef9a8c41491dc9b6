// A frame's masks as the editor paints them: a label map of every mask object's region, and the document again
// from a painted map, so a stroke touches every region it takes pixels from in one undo step.
import {
  addObjects,
  deleteObjects,
  type EditorTool,
  type LabelMap,
  labelMapOf,
  maskArea,
  maskOfLabel,
  type MaskShape,
  newObject,
  type ResultDocument,
  type ResultObject,
  setShape,
  shapeAt,
} from '@annot/workflows';

/** The editor paints one frame at a time; a single picture is frame 0. */
export const paintedFrame = 0;

export interface FrameRegions {
  /** Region ids in label order: label n is regions[n - 1]. */
  regions: string[];
  map: LabelMap;
}

export const isMaskTool = (tool: EditorTool | undefined): boolean => tool?.definition.templateType === 'mask';

/** The mask objects in the scene at the frame, with their masks. */
export function frameMasks(doc: ResultDocument, frame = paintedFrame): { object: ResultObject; mask: MaskShape }[] {
  return doc.objects.flatMap((object) => {
    if (object.templateType !== 'mask') return [];
    const shape = shapeAt(object, frame);
    return shape?.type === 'mask' ? [{ object, mask: shape }] : [];
  });
}

export function frameRegions(doc: ResultDocument, size: { width: number; height: number }, frame = paintedFrame): FrameRegions {
  const masks = frameMasks(doc, frame).filter(({ mask }) => mask.width === size.width && mask.height === size.height);
  return { regions: masks.map((m) => m.object.id), map: labelMapOf(size.width, size.height, masks.map((m) => m.mask)) };
}

/**
 * The region a stroke of the tool paints into: the selected instance of a countable class, the frame's one region
 * of a stuff class, or a new one (null).
 */
export function targetRegion(doc: ResultDocument, tool: EditorTool, selected: ReadonlySet<string>, frame = paintedFrame): string | null {
  const ofTool = frameMasks(doc, frame).filter(({ object }) => object.toolId === tool.toolId);
  if (!tool.definition.countable) return ofTool[0]?.object.id ?? null;
  return ofTool.find(({ object }) => selected.has(object.id))?.object.id ?? null;
}

/**
 * The document after painting: every region takes the mask of its label, a new region (its id not yet an object)
 * becomes an object of the tool, and a region left without pixels is removed.
 */
export function withPainted(doc: ResultDocument, painted: FrameRegions, tool: EditorTool | undefined, frame = paintedFrame): ResultDocument {
  let next = doc;
  const emptied = new Set<string>();
  painted.regions.forEach((id, index) => {
    const mask = maskOfLabel(painted.map, index + 1);
    const existing = next.objects.find((o) => o.id === id);
    if (maskArea(mask) === 0) {
      if (existing) emptied.add(id);
      return;
    }
    if (!existing) {
      if (tool) next = addObjects(next, [newObject(id, tool, mask, frame)]);
      return;
    }
    const current = existing.keyframes.find((k) => k.frame === frame)?.shape;
    if (current && !(current.type === 'mask' && sameCounts(current.counts, mask.counts))) next = setShape(next, id, mask, frame);
  });
  return deleteObjects(next, emptied);
}

const sameCounts = (a: number[], b: number[]) => a.length === b.length && a.every((count, i) => count === b[i]);
