// The platform's own JSON, shaped by the project's import/export data rule version: one document per item, named by
// the rule's pattern, its fields renamed by the rule's mapping, its coordinates in the rule's origin, unit, box
// format and precision, invalid items and attributes in or out as the rule says.
import type { DataRuleDocument } from '../../catalog/data-rule';
import type { ResultPoint, Shape } from '../../items/result.schema';
import { type AnnotationDecoder, type DecodedItem, type DecodeRefusal, type EncoderFactory, importDetails, importReasons, stemOf } from '../format';
import { messageRef } from '../../i18n/message-ref';
import { attributeValues, finite, objectsAt, outlined } from './objects-at';
import { jsonSyntaxDetail } from './parse-errors';

/** The fields a rule's mapping may rename, and their names when it does not. */
export const ruleJsonFields = ['fileName', 'width', 'height', 'valid', 'objects', 'objects.id', 'objects.className', 'objects.type', 'objects.box', 'objects.points', 'objects.attributes'] as const;
type Field = (typeof ruleJsonFields)[number];

type Coordinates = NonNullable<DataRuleDocument['coordinates']>;
const defaults: Coordinates = { origin: 'top_left', unit: 'pixel', boxFormat: 'xywh', precision: 2 };
const defaultPattern = '{batch}/{file}.json';
const fewPoints = { polygon: importDetails.polygonPoints, line: importDetails.linePoints, curve: importDetails.curvePoints } as const;

const nameOf = (rule: DataRuleDocument | null, field: Field): string => rule?.fieldMapping?.[field] ?? field.split('.').pop()!;
const coordinatesOf = (rule: DataRuleDocument | null): Coordinates => ({ ...defaults, ...rule?.coordinates });

interface Size {
  width: number;
  height: number;
}

/** A pixel point (top-left origin) in the rule's convention, and back. */
function toRule(p: ResultPoint, size: Size | null, c: Coordinates): ResultPoint {
  let { x, y } = p;
  if (size && c.origin === 'bottom_left') y = size.height - y;
  if (size && c.origin === 'center') [x, y] = [x - size.width / 2, y - size.height / 2];
  if (size && c.unit === 'normalized') [x, y] = [x / size.width, y / size.height];
  return { x, y };
}

function fromRule(p: ResultPoint, size: Size | null, c: Coordinates): ResultPoint {
  let { x, y } = p;
  if (size && c.unit === 'normalized') [x, y] = [x * size.width, y * size.height];
  if (size && c.origin === 'center') [x, y] = [x + size.width / 2, y + size.height / 2];
  if (size && c.origin === 'bottom_left') y = size.height - y;
  return { x, y };
}

const round = (value: number, precision: number) => Number(value.toFixed(precision));

function boxValues(shape: Extract<Shape, { type: 'box' }>, size: Size | null, c: Coordinates): number[] {
  const a = toRule({ x: shape.x, y: shape.y }, size, c);
  const b = toRule({ x: shape.x + shape.width, y: shape.y + shape.height }, size, c);
  const [x1, y1, x2, y2] = [Math.min(a.x, b.x), Math.min(a.y, b.y), Math.max(a.x, b.x), Math.max(a.y, b.y)];
  const values = c.boxFormat === 'xyxy' ? [x1, y1, x2, y2] : c.boxFormat === 'cxcywh' ? [(x1 + x2) / 2, (y1 + y2) / 2, x2 - x1, y2 - y1] : [x1, y1, x2 - x1, y2 - y1];
  return values.map((v) => round(v, c.precision));
}

function boxShape(values: number[], size: Size | null, c: Coordinates): Shape {
  const [a, b, w, h] = values;
  const [x1, y1, x2, y2] = c.boxFormat === 'xyxy' ? [a, b, w, h] : c.boxFormat === 'cxcywh' ? [a - w / 2, b - h / 2, a + w / 2, b + h / 2] : [a, b, a + w, b + h];
  const p = fromRule({ x: x1, y: y1 }, size, c);
  const q = fromRule({ x: x2, y: y2 }, size, c);
  return { type: 'box', x: Math.min(p.x, q.x), y: Math.min(p.y, q.y), width: Math.abs(q.x - p.x), height: Math.abs(q.y - p.y) };
}

/** The document's path in the archive from the rule's pattern; nothing in it can climb out of the archive. */
export function ruleJsonPath(pattern: string, values: { project: string; batch: string; file: string; index: number }): string {
  const filled = pattern.replace(/\{(project|batch|file|index)\}/g, (_, key: keyof typeof values) => String(values[key]));
  const parts = filled.split('/').filter((part) => part !== '' && part !== '.' && part !== '..');
  const joined = parts.join('/') || 'item';
  return joined.toLowerCase().endsWith('.json') ? joined : `${joined}.json`;
}

export const ruleJsonEncoder: EncoderFactory = (context) => {
  const { rule } = context;
  const c = coordinatesOf(rule);
  const withAttributes = rule?.include?.attributes ?? true;
  const field = (name: Field) => nameOf(rule, name);
  return {
    item(item) {
      if (!item.effective && !(rule?.include?.invalidItems ?? false)) return { files: [], objects: 0 };
      const size = item.width && item.height ? { width: item.width, height: item.height } : null;
      const objects = outlined(objectsAt(item, 0, context.tools)).map(({ object, className, shape, attributes }) => ({
        [field('objects.id')]: object.id,
        [field('objects.className')]: className,
        [field('objects.type')]: shape.type,
        ...(shape.type === 'box'
          ? { [field('objects.box')]: boxValues(shape, size, c) }
          : { [field('objects.points')]: (shape.type === 'point' ? [{ x: shape.x, y: shape.y }] : shape.points).map((p) => toRule(p, size, c)).map((p) => [round(p.x, c.precision), round(p.y, c.precision)]) }),
        ...(withAttributes ? { [field('objects.attributes')]: attributes } : {}),
      }));
      const document = { [field('fileName')]: item.fileName, [field('width')]: item.width, [field('height')]: item.height, [field('valid')]: item.effective, [field('objects')]: objects };
      const path = ruleJsonPath(rule?.naming?.pattern ?? defaultPattern, { project: context.projectTitle, batch: item.batchName, file: stemOf(item.fileName), index: item.index });
      return { files: [{ path, content: JSON.stringify(document, null, 2) }], objects: objects.length };
    },
    finish: () => ({ files: [], documents: [] }),
  };
};

export const decodeRuleJson: AnnotationDecoder = (files, context) => {
  const { rule } = context;
  const c = coordinatesOf(rule);
  const field = (name: Field) => nameOf(rule, name);
  const refusals: DecodeRefusal[] = [];
  const items: DecodedItem[] = [];
  const documents = files.filter((f) => f.path.toLowerCase().endsWith('.json'));
  if (documents.length === 0) return { items, refusals: [{ source: files[0]?.path ?? '-', reasonKey: importReasons.noFiles }] };
  for (const file of documents) {
    let document: Record<string, unknown>;
    const text = file.content.toString('utf8');
    const malformed = (detail: string) => refusals.push({ source: file.path, reasonKey: importReasons.malformed, params: { format: 'JSON', detail } });
    try {
      document = JSON.parse(text) as Record<string, unknown>;
    } catch {
      malformed(jsonSyntaxDetail(text));
      continue;
    }
    if (!document || typeof document[field('fileName')] !== 'string' || !Array.isArray(document[field('objects')])) {
      malformed(messageRef(importDetails.ruleFields, { fileName: field('fileName'), objects: field('objects') }));
      continue;
    }
    const fileName = document[field('fileName')] as string;
    const [width, height] = [document[field('width')], document[field('height')]];
    const size = typeof width === 'number' && typeof height === 'number' ? { width, height } : context.sizeOf(fileName);
    if (!size && (c.unit === 'normalized' || c.origin !== 'top_left')) {
      refusals.push({ source: file.path, reasonKey: importReasons.itemNotFound, params: { value: fileName } });
      continue;
    }
    const item: DecodedItem = { fileName, source: file.path, objects: [] };
    items.push(item);
    (document[field('objects')] as Record<string, unknown>[]).forEach((object, index) => {
      const source = `${file.path} ${field('objects')}[${index}]`;
      const className = object[field('objects.className')];
      if (typeof className !== 'string' || !className) return refusals.push({ source, reasonKey: importReasons.malformed, params: { format: 'JSON', detail: `"${field('objects.className')}" is missing` } });
      const shape = shapeOf(object[field('objects.type')], object[field('objects.box')], object[field('objects.points')], size, c);
      if (typeof shape === 'string') return refusals.push({ source, reasonKey: importReasons.wrongGeometry, params: { detail: shape } });
      const id = object[field('objects.id')];
      item.objects.push({ source, className, shape, attributes: attributeValues(object[field('objects.attributes')]), ...(typeof id === 'string' ? { id } : {}) });
    });
  }
  return { items, refusals };
};

function shapeOf(type: unknown, box: unknown, points: unknown, size: Size | null, c: Coordinates): Shape | string {
  if (type === 'box') {
    if (!Array.isArray(box) || box.length !== 4 || !finite(...box)) return importDetails.boxFour;
    const shape = boxShape(box as number[], size, c);
    return shape.type === 'box' && shape.width > 0 && shape.height > 0 ? shape : importDetails.boxPositive;
  }
  if (!Array.isArray(points) || !points.every((p) => Array.isArray(p) && p.length === 2 && finite(...p))) return importDetails.pointPairs;
  const read = (points as number[][]).map(([x, y]) => fromRule({ x, y }, size, c));
  if (type === 'point') return read.length === 1 ? { type: 'point', ...read[0] } : importDetails.pointOne;
  if (type === 'polygon' || type === 'line' || type === 'curve') return read.length >= (type === 'polygon' ? 3 : 2) ? { type, points: read } : fewPoints[type];
  return messageRef(importDetails.shapeType, { type: String(type) });
}
