// A frame's masks as the editor paints them: a label map of every mask object's region, and the document again
// from a painted map, so a stroke touches every region it takes pixels from in one undo step. On a sequence the frame
// painted gets a keyframe of each region it changes, and a region erased there goes out of view from it.
import {
  addObjects,
  changeObject,
  type EditorTool,
  type LabelMap,
  labelMapOf,
  maskArea,
  maskOfLabel,
  type MaskShape,
  newObject,
  outsideFrom,
  type ResultDocument,
  type ResultObject,
  setShape,
  shapeAt,
} from '@annot/workflows';

/** The frame a single picture is painted on. */
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
 * The document after painting a frame: every region takes the mask of its label there, a new region (its id not yet
 * an object) becomes an object of the tool, and a region left without pixels goes out of view from the frame (removed
 * where nothing else of it shows).
 */
export function withPainted(doc: ResultDocument, painted: FrameRegions, tool: EditorTool | undefined, frame = paintedFrame): ResultDocument {
  let next = doc;
  painted.regions.forEach((id, index) => {
    const mask = maskOfLabel(painted.map, index + 1);
    const existing = next.objects.find((o) => o.id === id);
    const current = existing ? shapeAt(existing, frame) : null;
    if (maskArea(mask) === 0) {
      if (current) next = changeObject(next, id, (o) => erasedAt(o, frame));
      return;
    }
    if (!existing) {
      if (tool) next = addObjects(next, [newObject(id, tool, mask, frame)]);
      return;
    }
    // Painted over a mask held from an earlier keyframe, the frame gets a keyframe of its own.
    if (!(current?.type === 'mask' && sameCounts(current.counts, mask.counts))) next = setShape(next, id, mask, frame);
  });
  return next;
}

/** A region erased at a frame: out of view from there until its next keyframe, or gone where nothing else of it shows. */
function erasedAt(object: ResultObject, frame: number): ResultObject | null {
  const erased = outsideFrom(object, frame);
  return erased.keyframes.some((k) => !k.outside) ? erased : null;
}

const sameCounts = (a: number[], b: number[]) => a.length === b.length && a.every((count, i) => count === b[i]);
