// Pascal VOC: one XML per item, Annotations/<batch>/<stem>.xml, an <object> per box with its bounding box in pixels
// (the edges as drawn, xmin/ymin the top-left corner), its attributes and track id; polygons go as their bounds.
// Lines, curves and points have no VOC form. ImageSets/Main/default.txt lists the items, labelmap.txt the classes.
// pose, truncated, difficult and occluded are kept as the object's attributes of those names and written back.
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import type { AttributeValue, AttributeValues } from '../../items/result.schema';
import { type AnnotationDecoder, archiveStem, ClassRegistry, type DecodedItem, type DecodeRefusal, type DecodeWarning, type EncoderFactory, frameMediaPath, type ImportedFile, importDetails, importReasons, importWarnings, stemOf } from '../format';
import { messageRef } from '../../i18n/message-ref';
import { boundsOf, finite, objectsAt } from './objects-at';
import { xmlSyntaxDetail } from './parse-errors';

/** The attribute that carries an object's id, so a round trip keeps tracks apart. */
const trackIdName = 'track_id';

/**
 * VOC's own fields of an object, with the value they have when nothing is said: kept as the object's attributes of
 * these names where its tool has them, and written back from them unchanged.
 */
const vocFields = { pose: 'Unspecified', truncated: '0', difficult: '0', occluded: '0' } as const;
type VocField = keyof typeof vocFields;
const isVocField = (name: string): name is VocField => Object.hasOwn(vocFields, name);
const fieldValue = (attributes: AttributeValues, name: VocField) => {
  const value = attributes[name];
  return typeof value === 'string' && value !== '' ? value : vocFields[name];
};

const builder = new XMLBuilder({ format: true, indentBy: '  ', suppressEmptyNode: false });
const repeated = new Set(['annotation.object', 'annotation.object.attributes.attribute', 'annotation.object.attributes.attribute.values.value']);
// Values are kept as written (no trimming, no number parsing) so attribute texts come back exactly.
const parser = new XMLParser({ parseTagValue: false, trimValues: false, htmlEntities: true, isArray: (_name, path) => repeated.has(String(path)) });

/** A single value as <value>; a multiple choice as <values> with a <value> each, so it reads back as a list. */
const attributeElement = (name: string, value: AttributeValue) => (Array.isArray(value) ? { name, values: { value } } : { name, value });

export const vocEncoder: EncoderFactory = (context) => {
  const classes = new ClassRegistry(context.tools);
  const stems: string[] = [];
  return {
    item(item) {
      const stem = archiveStem(item);
      stems.push(stem);
      // VOC holds one picture: a sequence gives its first frame.
      const objects = objectsAt(item, 0, context.tools)
        .filter(({ shape }) => shape.type === 'box' || shape.type === 'polygon')
        .map(({ object, className, shape, attributes }) => {
          classes.idOf(className);
          const [x, y, width, height] = boundsOf(shape);
          const others = Object.entries(attributes).filter(([name]) => !isVocField(name));
          return {
            name: className,
            pose: fieldValue(attributes, 'pose'),
            truncated: fieldValue(attributes, 'truncated'),
            difficult: fieldValue(attributes, 'difficult'),
            occluded: fieldValue(attributes, 'occluded'),
            bndbox: { xmin: x, ymin: y, xmax: x + width, ymax: y + height },
            attributes: { attribute: [...others.map(([name, value]) => attributeElement(name, value)), attributeElement(trackIdName, object.id)] },
          };
        });
      const annotation = {
        folder: item.batchName,
        filename: item.fileName,
        path: frameMediaPath(item, 0),
        source: { database: context.projectTitle },
        size: { width: item.width ?? 0, height: item.height ?? 0, depth: 3 },
        segmented: 0,
        object: objects,
      };
      const content = `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ annotation }) as string}`;
      return { files: [{ path: `Annotations/${stem}.xml`, content }], objects: objects.length };
    },
    finish() {
      return {
        files: [
          { path: 'ImageSets/Main/default.txt', content: stems.map((s) => `${s}\n`).join('') },
          { path: 'labelmap.txt', content: classes.names().map((n) => `${n}\n`).join('') },
        ],
        documents: [],
      };
    },
  };
};

interface VocAttribute {
  name?: unknown;
  value?: unknown;
  values?: { value?: unknown[] } | string;
}

interface VocObject {
  name?: unknown;
  pose?: unknown;
  truncated?: unknown;
  difficult?: unknown;
  occluded?: unknown;
  part?: unknown;
  bndbox?: { xmin?: unknown; ymin?: unknown; xmax?: unknown; ymax?: unknown };
  attributes?: { attribute?: VocAttribute[] };
}

interface VocAnnotation {
  filename?: unknown;
  object?: VocObject[];
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export const decodeVoc: AnnotationDecoder = (files) => {
  const refusals: DecodeRefusal[] = [];
  const warnings: DecodeWarning[] = [];
  const items: DecodedItem[] = [];
  const documents = files.filter((f) => f.path.toLowerCase().endsWith('.xml'));
  if (documents.length === 0) return { items, refusals: [{ source: files[0]?.path ?? '-', reasonKey: importReasons.noFiles }] };
  for (const file of documents) {
    const read = readAnnotation(file.content.toString('utf8'));
    if (typeof read === 'string') {
      refusals.push({ source: file.path, reasonKey: importReasons.malformed, params: { format: 'Pascal VOC', detail: read } });
      continue;
    }
    const fileName = text(read.filename)?.trim() || stemOf(file.path.replace(/^(.*\/)?Annotations\//, ''));
    const item: DecodedItem = { fileName, source: file.path, objects: [] };
    items.push(item);
    (read.object ?? []).forEach((object, index) => {
      const source = `${file.path} object[${index}]`;
      const className = text(object.name)?.trim();
      if (!className) return refusals.push({ source, reasonKey: importReasons.malformed, params: { format: 'Pascal VOC', detail: importDetails.vocName } });
      const [xmin, ymin, xmax, ymax] = [object.bndbox?.xmin, object.bndbox?.ymin, object.bndbox?.xmax, object.bndbox?.ymax].map((v) => (text(v)?.trim() ? Number(v) : NaN));
      if (!finite(xmin, ymin, xmax, ymax) || xmax <= xmin || ymax <= ymin) {
        return refusals.push({ source, reasonKey: importReasons.wrongGeometry, params: { detail: importDetails.vocBndbox } });
      }
      if (object.part !== undefined) warnings.push({ source, reasonKey: importWarnings.shapeSkipped, params: { value: '<part>', detail: importDetails.vocPart } });
      const { [trackIdName]: trackId, ...attributes } = { ...fieldsOf(object), ...attributesOf(object.attributes?.attribute ?? []) };
      const id = typeof trackId === 'string' && trackId ? { id: trackId } : {};
      item.objects.push({ source, className, shape: { type: 'box', x: xmin, y: ymin, width: xmax - xmin, height: ymax - ymin }, attributes, ...id });
    });
  }
  warnings.push(...listWarnings(files, items));
  return { items, refusals, warnings };
};

/** VOC's pose, truncated, difficult and occluded of an object as written, where they differ from saying nothing. */
function fieldsOf(object: VocObject): AttributeValues {
  const values: AttributeValues = {};
  for (const name of Object.keys(vocFields) as VocField[]) {
    const value = text(object[name])?.trim();
    if (value && value !== vocFields[name]) values[name] = value;
  }
  return values;
}

/**
 * ImageSets/Main lists: a split's list names items by stem, and one it names without an annotation file is said; a
 * class's list ("000005 -1") gives image-level labels, which the project has no place for.
 */
function listWarnings(files: ImportedFile[], items: DecodedItem[]): DecodeWarning[] {
  const warnings: DecodeWarning[] = [];
  const base = (name: string) => stemOf(name.slice(name.lastIndexOf('/') + 1));
  const annotated = new Set(items.map((item) => base(item.fileName)));
  for (const list of files.filter((f) => /(^|\/)ImageSets\/Main\/[^/]+\.txt$/.test(f.path))) {
    const lines = list.content.toString('utf8').split(/\r?\n/).map((line, i) => ({ source: `${list.path}:${i + 1}`, entry: line.trim() })).filter((l) => l.entry);
    if (lines.length > 0 && lines.every((l) => /^\S+\s+-?[01]$/.test(l.entry))) {
      warnings.push({ source: list.path, reasonKey: importWarnings.listSkipped, params: { value: base(list.path) } });
      continue;
    }
    for (const { source, entry } of lines) if (!annotated.has(base(entry))) warnings.push({ source, reasonKey: importWarnings.listedMissing, params: { value: entry } });
  }
  return warnings;
}

/** The file's <annotation> element, or why the file cannot be read (with the line of an XML error). */
function readAnnotation(xml: string): VocAnnotation | string {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return xmlSyntaxDetail(valid.err);
  const annotation = (parser.parse(xml) as { annotation?: unknown }).annotation;
  return annotation && typeof annotation === 'object' ? (annotation as VocAnnotation) : importDetails.vocAnnotation;
}

/** Each <attribute> by its name: <value> as a text, <values> as a list of texts. */
function attributesOf(elements: VocAttribute[]): AttributeValues {
  const values: AttributeValues = {};
  for (const element of elements) {
    const name = text(element.name)?.trim();
    if (!name) continue;
    if (element.values !== undefined) values[name] = typeof element.values === 'object' ? (element.values.value ?? []).flatMap((v) => text(v) ?? []) : [];
    else values[name] = text(element.value) ?? '';
  }
  return values;
}
