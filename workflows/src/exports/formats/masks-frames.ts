// What both mask exports read of an item: each frame that has masks, its pixels as segments, where a countable
// class (things) gives every region a segment of its own and any other class (stuff) one segment for all its regions.
import { labelMapOf, type LabelMap } from '../../editor/masks';
import type { MaskShape, ResultObject } from '../../items/result.schema';
import { archiveStem, type ExportItem, frameMediaPath, type ExportTool } from '../format';
import { objectsAt } from './objects-at';

export interface MaskSegment {
  className: string;
  /** A class of things: each painted region is an instance. */
  isThing: boolean;
  /** The regions the segment joins: one for a thing, every region of the class on the frame for stuff. */
  objects: ResultObject[];
  area: number;
  /** x, y, width, height around the segment's pixels. */
  bbox: [number, number, number, number];
}

export interface MaskFrame {
  frame: number;
  /** Where the frame's files go in the archive: the item's stem, and the frame's number for a sequence. */
  stem: string;
  /** The frame's image as the other exports name it. */
  imageName: string;
  width: number;
  height: number;
  segments: MaskSegment[];
  /** Every pixel's segment, 1-based (segments[label - 1]); 0 where nothing is painted. */
  labels: LabelMap;
}

/** Whether a mask object's class counts its instances: its tool says. */
export const isThing = (object: ResultObject, tools: ExportTool[]): boolean => tools.find((t) => t.toolId === object.toolId)?.definition.countable === true;

/** Segments and pixels of the item's frames that have masks, in frame order. */
export function maskFrames(item: ExportItem, tools: ExportTool[]): MaskFrame[] {
  const frames: MaskFrame[] = [];
  const single = item.result.frameCount === 1;
  for (let frame = 0; frame < item.result.frameCount; frame++) {
    const masks = objectsAt(item, frame, tools).flatMap((o) => (o.shape.type === 'mask' ? [{ ...o, shape: o.shape }] : []));
    if (masks.length === 0) continue;
    const { width, height } = masks[0].shape;
    const segments: MaskSegment[] = [];
    const stuff = new Map<string, number>();
    // Each mask's segment number, by its position among the masks.
    const segmentOf = masks.map(({ object, className }) => {
      const thing = isThing(object, tools);
      const known = thing ? undefined : stuff.get(className);
      if (known !== undefined) {
        segments[known].objects.push(object);
        return known + 1;
      }
      segments.push({ className, isThing: thing, objects: [object], area: 0, bbox: [0, 0, 0, 0] });
      if (!thing) stuff.set(className, segments.length - 1);
      return segments.length;
    });
    const labels = labelMapOf(width, height, masks.map((m): MaskShape => m.shape));
    for (let offset = 0; offset < labels.labels.length; offset++) if (labels.labels[offset] > 0) labels.labels[offset] = segmentOf[labels.labels[offset] - 1];
    measure(labels, segments);
    frames.push({
      frame,
      stem: single ? archiveStem(item) : `${archiveStem(item)}/${String(frame).padStart(6, '0')}`,
      imageName: frameMediaPath(item, frame),
      width,
      height,
      segments,
      labels,
    });
  }
  return frames;
}

/** Areas and bounds from the pixels each segment holds. */
function measure(map: LabelMap, segments: MaskSegment[]): void {
  const bounds = segments.map(() => [Infinity, Infinity, -Infinity, -Infinity]);
  for (let y = 0; y < map.height; y++) {
    for (let x = 0; x < map.width; x++) {
      const label = map.labels[y * map.width + x];
      if (label === 0) continue;
      const b = bounds[label - 1];
      segments[label - 1].area += 1;
      if (x < b[0]) b[0] = x;
      if (y < b[1]) b[1] = y;
      if (x > b[2]) b[2] = x;
      if (y > b[3]) b[3] = y;
    }
  }
  segments.forEach((segment, i) => {
    const [left, top, right, bottom] = bounds[i];
    segment.bbox = segment.area === 0 ? [0, 0, 0, 0] : [left, top, right - left + 1, bottom - top + 1];
  });
}

/** A class name as a file name: no folders, nothing a file system refuses. */
export const classFileName = (className: string): string => className.replace(/[/\\:*?"<>|\u0000-\u001f]/g, '_').trim() || '_';
