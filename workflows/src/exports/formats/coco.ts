// COCO detection and segmentation: one document, annotations/instances.json, written a section at a time. Boxes
// are bboxes; polygons are segmentations with their bounds as bbox; lines, curves and points have no COCO form.
// A sequence's frames are images of their own, "<media path>#<frame>". Imports also read crowd regions' RLE as masks,
// CVAT's and Datumaro's per-annotation attributes, detection scores and keypoints.
import { type AnnotationDecoder, ClassRegistry, type DecodedItem, type DecodedObject, type EncoderFactory, importDetails, importReasons, importWarnings } from '../format';
import { messageRef } from '../../i18n/message-ref';
import { maskOfRle } from './coco-rle';
import type { AttributeValues, Shape } from '../../tasks/result.schema';
import { decodeJsonDocuments } from './json-documents';
import { attributeValues, boundsOf, finite, objectsAt } from './objects-at';

export const cocoDocumentPath = 'annotations/instances.json';

/** The shoelace area of a polygon. */
export function polygonArea(points: { x: number; y: number }[]): number {
  let twice = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i];
    const b = points[(i + 1) % points.length];
    twice += a.x * b.y - b.x * a.y;
  }
  return Math.abs(twice) / 2;
}

/**
 * One annotation's JSON, written as text: a million objects built only to be stringified were most of COCO's encoding
 * time. The same text JSON.stringify gives, since coordinates are finite numbers (the result schema says so). An
 * upright box is its own bbox, so no bounds are made for it.
 */
function annotationJson(id: number, imageId: number, categoryId: number, shape: Extract<Shape, { type: 'box' | 'polygon' }>, attributes: string): string {
  const upright = shape.type === 'box' && !shape.rotation;
  const bbox = upright ? `${shape.x},${shape.y},${shape.width},${shape.height}` : boundsOf(shape).join(',');
  const area = shape.type === 'box' ? shape.width * shape.height : polygonArea(shape.points);
  const segmentation = shape.type === 'polygon' ? `[[${shape.points.map((p) => `${p.x},${p.y}`).join(',')}]]` : '[]';
  return `{"id":${id},"image_id":${imageId},"category_id":${categoryId},"bbox":[${bbox}],"area":${area},"segmentation":${segmentation},"iscrowd":0,"attributes":${attributes}}`;
}

/** Attribute names are few and repeat on every object: each is quoted once. */
const quotedNames = new Map<string, string>();
const quotedNamesKept = 1024;

function quotedName(name: string): string {
  let quoted = quotedNames.get(name);
  if (quoted === undefined) {
    quoted = JSON.stringify(name);
    if (quotedNames.size < quotedNamesKept) quotedNames.set(name, quoted);
  }
  return quoted;
}

/** JSON.stringify({ ...values, track_id: trackId }) without the copy, which cost three times the text: a value named track_id gives its place to the track id. */
function attributesJson(values: AttributeValues, trackId: string): string {
  let json = '{';
  let tracked = false;
  for (const name in values) {
    const value = name === 'track_id' ? ((tracked = true), trackId) : values[name];
    if (value === undefined) continue;
    json += `${json.length > 1 ? ',' : ''}${quotedName(name)}:${JSON.stringify(value)}`;
  }
  return tracked ? `${json}}` : `${json}${json.length > 1 ? ',' : ''}"track_id":${JSON.stringify(trackId)}}`;
}

export const cocoEncoder: EncoderFactory = (context) => {
  const classes = new ClassRegistry(context.tools);
  const templates = new Map(context.tools.map((t) => [t.definition.name, t.definition.templateType]));
  let imageId = 0;
  let annotationId = 0;
  return {
    item(item) {
      const images: string[] = [];
      const annotations: string[] = [];
      // A sequence's frames are images of their own; a single picture is frame 0 under its own name.
      for (let frame = 0; frame < item.result.frameCount; frame++) {
        imageId += 1;
        const fileName = item.result.frameCount === 1 ? item.mediaPath : `${item.mediaPath}#${frame}`;
        images.push(`{"id":${imageId},"file_name":${JSON.stringify(fileName)},"width":${item.width ?? 0},"height":${item.height ?? 0},"valid":${item.effective}}`);
        for (const { object, className, shape, attributes } of objectsAt(item, frame, context.tools)) {
          if (shape.type !== 'box' && shape.type !== 'polygon') continue;
          annotationId += 1;
          annotations.push(annotationJson(annotationId, imageId, classes.idOf(className) + 1, shape, attributesJson(attributes, object.id)));
        }
      }
      return { files: [], sections: { images, annotations }, objects: annotations.length };
    },
    finish() {
      const categories = classes.names().map((name, id) => ({ id: id + 1, name, supercategory: templates.get(name) ?? 'object' }));
      const info = { description: context.projectTitle, version: '1.0', date_created: context.exportedAt };
      return {
        files: [],
        documents: [
          {
            path: cocoDocumentPath,
            parts: [`{"info":${JSON.stringify(info)},"licenses":[],"images":[`, { section: 'images' }, '],"annotations":[', { section: 'annotations' }, `],"categories":${JSON.stringify(categories)}}`],
          },
        ],
      };
    },
  };
};

interface CocoImage {
  id?: unknown;
  file_name?: unknown;
}

interface CocoAnnotation {
  image_id?: unknown;
  category_id?: unknown;
  bbox?: unknown;
  segmentation?: unknown;
  attributes?: unknown;
  iscrowd?: unknown;
  score?: unknown;
  keypoints?: unknown;
}

interface CocoDocument {
  images: CocoImage[];
  annotations: CocoAnnotation[];
  categories: { id?: unknown; name?: unknown; keypoints?: unknown }[];
}

/** A sequence's frame image, "<media path>#<frame>": frame 0 stands for the item, later frames are not read. */
const framePattern = /#(\d+)$/;

export const decodeCoco: AnnotationDecoder = (files) =>
  decodeJsonDocuments(files, 'COCO', (file, parsed, { items, refusals, warnings }) => {
    const document = withLists<CocoDocument>(parsed, ['images', 'annotations', 'categories']);
    if (typeof document === 'string') return document;
    const categories = new Map(document.categories.flatMap((c) => (typeof c?.name === 'string' ? [[c.id, c.name] as const] : [])));
    const keypointNames = new Map(document.categories.flatMap((c) => (Array.isArray(c?.keypoints) ? [[c.id, c.keypoints.map(String)] as const] : [])));
    const byImage = new Map<unknown, DecodedItem>();
    const laterFrames = new Set<unknown>();
    document.images.forEach((image, index) => {
      const source = `${file.path} images[${index}]`;
      if (typeof image?.file_name !== 'string' || !image.file_name || image.id === undefined) {
        return refusals.push({ source, reasonKey: importReasons.malformed, params: { format: 'COCO', detail: importDetails.cocoImage } });
      }
      const frame = framePattern.exec(image.file_name);
      if (frame && Number(frame[1]) > 0) return laterFrames.add(image.id);
      const decoded: DecodedItem = { fileName: image.file_name.replace(framePattern, ''), source, objects: [] };
      byImage.set(image.id, decoded);
      items.push(decoded);
    });
    document.annotations.forEach((annotation, index) => {
      const source = `${file.path} annotations[${index}]`;
      if (laterFrames.has(annotation?.image_id)) return;
      const item = byImage.get(annotation?.image_id);
      if (!item) return refusals.push({ source, reasonKey: importReasons.itemNotFound, params: { value: String(annotation?.image_id) } });
      const className = categories.get(annotation.category_id);
      if (className === undefined) return refusals.push({ source, reasonKey: importReasons.unknownClass, params: { value: String(annotation.category_id) } });
      const shape = cocoShapeOf(annotation);
      if (typeof shape === 'string') return refusals.push({ source, reasonKey: importReasons.wrongGeometry, params: { detail: shape } });
      const rings = Array.isArray(annotation.segmentation) ? annotation.segmentation.length : 0;
      if (rings > 1) warnings.push({ source, reasonKey: importWarnings.shapeSkipped, params: { value: `polygon 2–${rings}`, detail: importDetails.firstPolygon } });
      const { track_id: trackId, ...attributes } = { ...cocoFlags(annotation), ...attributeValues(annotation.attributes) };
      const id = typeof trackId === 'string' && trackId ? { id: trackId } : {};
      item.objects.push({ source, className, shape, attributes, ...id });
      item.objects.push(...keypointsOf(annotation, keypointNames.get(annotation.category_id) ?? [], source));
    });
  });

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

/** The document with its three lists, or why it is not a COCO document. */
/** A parsed COCO-style document with the lists named, or why it is not one. */
export function withLists<T>(document: unknown, lists: string[]): T | string {
  const missing = lists.filter((list) => !Array.isArray((document as Record<string, unknown> | null)?.[list]));
  return missing.length === 0 ? (document as T) : messageRef(importDetails.missingLists, { lists: missing.join(', ') });
}

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
