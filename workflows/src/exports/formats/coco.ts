// COCO detection and segmentation: one document, annotations/instances.json, written a section at a time. Boxes
// are bboxes; polygons are segmentations with their bounds as bbox; lines, curves and points have no COCO form.
// A sequence's frames are images of their own, "<media path>#<frame>". Imports read the document entry by entry
// (coco-reading.ts): crowd regions' RLE as masks, CVAT's and Datumaro's per-annotation attributes, scores and keypoints.
import { type AnnotationDecoder, ClassRegistry, type EncoderFactory } from '../format';
import type { AttributeValues, Shape } from '../../items/result.schema';
import { type CocoAnnotation, type CocoCategory, type CocoImage, cocoLists, CocoReading, withLists } from './coco-reading';
import { decodeJsonDocuments } from './json-documents';
import { boundsOf, objectsAt } from './objects-at';

export { cocoShapeOf, withLists } from './coco-reading';

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

/** A whole parsed COCO document, its categories read before its images and annotations. */
export const decodeCoco: AnnotationDecoder = (files) =>
  decodeJsonDocuments(files, 'COCO', (file, parsed, { items, refusals, warnings }) => {
    const document = withLists<Record<(typeof cocoLists)[number], unknown[]>>(parsed, cocoLists);
    if (typeof document === 'string') return document;
    const reading = new CocoReading(file.path);
    const said = { refusals, warnings };
    document.categories.forEach((category) => reading.category(category as CocoCategory));
    document.images.forEach((image, index) => {
      const item = reading.image(image as CocoImage, index, said);
      if (item) items.push(item);
    });
    document.annotations.forEach((annotation, index) => reading.annotation(annotation as CocoAnnotation, index, said));
  });
