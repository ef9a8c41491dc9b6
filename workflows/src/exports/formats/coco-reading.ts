// Reading a COCO document entry by entry: its categories, its images (each an item) and its annotations (each an
// object of its image's item), in whatever order they come. The whole-document decoder feeds it a parsed document;
// the streamed import feeds it one entry at a time, so both say the same per entry.
import { type DecodedItem, type DecodedObject, type DecodeRefusal, type DecodeWarning, importDetails, importReasons, importWarnings } from '../format';
import { messageRef } from '../../i18n/message-ref';
import type { AttributeValues, Shape } from '../../items/result.schema';
import { maskOfRle } from './coco-rle';
import { attributeValues, finite } from './objects-at';

export interface CocoImage {
  id?: unknown;
  file_name?: unknown;
}

export interface CocoAnnotation {
  image_id?: unknown;
  category_id?: unknown;
  bbox?: unknown;
  segmentation?: unknown;
  attributes?: unknown;
  iscrowd?: unknown;
  score?: unknown;
  keypoints?: unknown;
}

export interface CocoCategory {
  id?: unknown;
  name?: unknown;
  keypoints?: unknown;
}

/** The three lists a COCO document holds, in the order COCO writes them. */
export const cocoLists = ['images', 'annotations', 'categories'] as const;

/** A sequence's frame image, "<media path>#<frame>": frame 0 stands for the item, later frames are not read. */
const framePattern = /#(\d+)$/;

/** Where refusals and warnings of a file's entries go. */
export interface CocoSaid {
  refusals: DecodeRefusal[];
  warnings: DecodeWarning[];
}

/** One COCO file's entries read into items: categories and images first, then annotations onto their images' items. */
export class CocoReading {
  private readonly classes = new Map<unknown, string>();
  private readonly keypointNames = new Map<unknown, string[]>();
  private readonly byImage = new Map<unknown, DecodedItem>();
  private readonly idOf = new Map<DecodedItem, unknown>();
  private readonly laterFrames = new Set<unknown>();

  constructor(private readonly path: string) {}

  category(category: CocoCategory): void {
    if (typeof category?.name === 'string') this.classes.set(category.id, category.name);
    if (Array.isArray(category?.keypoints)) this.keypointNames.set(category.id, category.keypoints.map(String));
  }

  /** The item an image entry stands for, or null where it is a later frame or refused. */
  image(image: CocoImage, index: number, said: CocoSaid): DecodedItem | null {
    const source = `${this.path} images[${index}]`;
    if (typeof image?.file_name !== 'string' || !image.file_name || image.id === undefined) {
      said.refusals.push({ source, reasonKey: importReasons.malformed, params: { format: 'COCO', detail: importDetails.cocoImage } });
      return null;
    }
    const frame = framePattern.exec(image.file_name);
    if (frame && Number(frame[1]) > 0) {
      this.laterFrames.add(image.id);
      return null;
    }
    const decoded: DecodedItem = { fileName: image.file_name.replace(framePattern, ''), source, objects: [], listed: true };
    this.byImage.set(image.id, decoded);
    this.idOf.set(decoded, image.id);
    return decoded;
  }

  /** The item an annotation belongs to, once read onto it; null where it is skipped or refused. */
  annotation(annotation: CocoAnnotation, index: number, said: CocoSaid): DecodedItem | null {
    const source = `${this.path} annotations[${index}]`;
    if (this.laterFrames.has(annotation?.image_id)) return null;
    const item = this.byImage.get(annotation?.image_id);
    // Nothing of the file's can hold it: the rest imports, and the report says what was left out.
    if (!item) {
      said.warnings.push({ source, reasonKey: importWarnings.noImage, params: { value: String(annotation?.image_id) } });
      return null;
    }
    const className = this.classes.get(annotation.category_id);
    if (className === undefined) {
      said.refusals.push({ source, reasonKey: importReasons.unknownClass, params: { value: String(annotation.category_id) } });
      return null;
    }
    const shape = cocoShapeOf(annotation);
    if (typeof shape === 'string') {
      said.refusals.push({ source, reasonKey: importReasons.wrongGeometry, params: { detail: shape } });
      return null;
    }
    const rings = Array.isArray(annotation.segmentation) ? annotation.segmentation.length : 0;
    if (rings > 1) said.warnings.push({ source, reasonKey: importWarnings.shapeSkipped, params: { value: `polygon 2–${rings}`, detail: importDetails.firstPolygon } });
    const { track_id: trackId, ...attributes } = { ...cocoFlags(annotation), ...attributeValues(annotation.attributes) };
    const id = typeof trackId === 'string' && trackId ? { id: trackId } : {};
    item.objects.push({ source, className, shape, attributes, ...id });
    item.objects.push(...keypointsOf(annotation, this.keypointNames.get(annotation.category_id) ?? [], source));
    return item;
  }

  /** Whether an image id names an item of this file (and not a later frame of one). */
  holds(imageId: unknown): boolean {
    return this.byImage.has(imageId);
  }

  itemOf(imageId: unknown): DecodedItem | undefined {
    return this.byImage.get(imageId);
  }

  imageIdOf(item: DecodedItem): unknown {
    return this.idOf.get(item);
  }
}

/** A detection's score, as the attribute of that name; a crowd is its mask (the matching flags it where it becomes a box). */
function cocoFlags(annotation: CocoAnnotation): AttributeValues {
  const flags: AttributeValues = {};
  if (typeof annotation.score === 'number' && Number.isFinite(annotation.score)) flags.score = String(annotation.score);
  return flags;
}

/**
 * A person's keypoints ([x, y, v] a point, v 0 where not labelled) as points of the tools named after the category's
 * keypoint names; a point not visible (v 1) says so in its visibility. A project without such a tool skips them.
 */
function keypointsOf(annotation: CocoAnnotation, names: string[], source: string): DecodedObject[] {
  const values = annotation.keypoints;
  if (!Array.isArray(values) || !finite(...values)) return [];
  const points: DecodedObject[] = [];
  for (let i = 0; i + 2 < values.length && i / 3 < names.length; i += 3) {
    const [x, y, v] = values.slice(i, i + 3) as number[];
    if (v === 0) continue;
    points.push({ source: `${source} keypoints[${i / 3}]`, className: names[i / 3], shape: { type: 'point', x, y }, attributes: v === 1 ? { visibility: '1' } : {}, optional: importReasons.unknownClass });
  }
  return points;
}

/** A parsed COCO-style document with the lists named, or why it is not one. */
export function withLists<T>(document: unknown, lists: readonly string[]): T | string {
  const missing = lists.filter((list) => !Array.isArray((document as Record<string, unknown> | null)?.[list]));
  return missing.length === 0 ? (document as T) : missingLists(missing);
}

/** Why a document is not one of its format: the lists it lacks. */
export const missingLists = (missing: readonly string[]): string => messageRef(importDetails.missingLists, { lists: missing.join(', ') });

/** A mask from an RLE segmentation, a polygon from the first ring of a polygon one, else a box from the bbox; or why none can be read. */
export function cocoShapeOf(annotation: { bbox?: unknown; segmentation?: unknown }): Shape | string {
  const segmentation = annotation.segmentation;
  if (segmentation && typeof segmentation === 'object' && !Array.isArray(segmentation)) return maskOfRle(segmentation);
  const ring = Array.isArray(segmentation) && Array.isArray(segmentation[0]) ? (segmentation[0] as unknown[]) : null;
  if (ring && ring.length > 0) {
    if (ring.length < 6 || ring.length % 2 !== 0 || !finite(...ring)) return importDetails.polygonPairs;
    const values = ring as number[];
    return { type: 'polygon', points: Array.from({ length: values.length / 2 }, (_, i) => ({ x: values[2 * i], y: values[2 * i + 1] })) };
  }
  const bbox = annotation.bbox;
  if (!Array.isArray(bbox) || bbox.length !== 4 || !finite(...bbox)) return importDetails.bboxValues;
  const [x, y, width, height] = bbox as number[];
  if (width <= 0 || height <= 0) return importDetails.bboxPositive;
  return { type: 'box', x, y, width, height };
}
