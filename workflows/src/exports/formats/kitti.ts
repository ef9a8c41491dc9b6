// KITTI object labels: label_2/<stem>.txt per item, one line of the devkit's 15 fields per object (16 with a score).
// The 2D box comes from boxes and the bounds of polygons; truncated, occluded, alpha, the 3D dimensions, location and
// rotation_y are kept as the object's attributes of those names, as written, and written back unchanged; where an
// object has none, the devkit's "not set" values. DontCare regions import where the project has a DontCare tool and
// are skipped with a warning otherwise. Spaces in class names become underscores.
import { type AnnotationDecoder, archiveStem, ClassRegistry, type DecodedItem, type DecodeRefusal, type EncoderFactory, importDetails, importReasons, importWarnings } from '../format';
import { messageRef } from '../../i18n/message-ref';
import type { AttributeValues } from '../../items/result.schema';
import { boundsOf, finite, labelLines, objectsAt } from './objects-at';

/** The devkit's fields around the box, by the attribute name that keeps each, with its "not set" value. */
const before = [
  ['truncated', '0.00'],
  ['occluded', '0'],
  ['alpha', '-10'],
] as const;
const after = [
  ['dimensions', '-1 -1 -1'],
  ['location', '-1000 -1000 -1000'],
  ['rotation_y', '-10'],
] as const;
/** DontCare regions say -1 where others say 0 for truncated and occluded. */
const dontCare = 'DontCare';
const px = (value: number) => value.toFixed(2);

export const kittiTypeOf = (className: string): string => className.trim().replace(/\s+/g, '_');

/** A field as the object keeps it, else its "not set" value. */
const field = (attributes: AttributeValues, name: string, notSet: string, type: string) => {
  const value = attributes[name];
  if (typeof value === 'string' && value.trim()) return value.trim();
  return type === dontCare && (name === 'truncated' || name === 'occluded') ? '-1' : notSet;
};

export const kittiEncoder: EncoderFactory = (context) => {
  const classes = new ClassRegistry(context.tools);
  return {
    item(item) {
      const lines = objectsAt(item, 0, context.tools)
        .filter(({ shape }) => shape.type === 'box' || shape.type === 'polygon')
        .map(({ className, shape, attributes }) => {
          classes.idOf(className);
          const type = kittiTypeOf(className);
          const [x, y, width, height] = boundsOf(shape);
          const score = typeof attributes.score === 'string' && attributes.score ? [attributes.score] : [];
          return [
            type,
            ...before.map(([name, notSet]) => field(attributes, name, notSet, type)),
            px(x),
            px(y),
            px(x + width),
            px(y + height),
            ...after.map(([name, notSet]) => field(attributes, name, notSet, type)),
            ...score,
          ].join(' ');
        });
      return { files: [{ path: `label_2/${archiveStem(item)}.txt`, content: lines.map((l) => `${l}\n`).join('') }], objects: lines.length };
    },
    finish() {
      return { files: [{ path: 'classes.txt', content: classes.names().map((n) => `${kittiTypeOf(n)}\n`).join('') }], documents: [] };
    },
  };
};

/** The fields of a line that say something, as attributes: a "not set" value is left out. */
function fieldsOf(fields: string[]): AttributeValues {
  const values: AttributeValues = {};
  before.forEach(([name, notSet], i) => {
    if (Number(fields[1 + i]) !== Number(notSet)) values[name] = fields[1 + i];
  });
  after.forEach(([name, notSet], i) => {
    const written = fields.slice(8 + 3 * i, 8 + 3 * i + (name === 'rotation_y' ? 1 : 3));
    if (written.join(' ') !== notSet && written.some((v, j) => Number(v) !== Number(notSet.split(' ')[j]))) values[name] = written.join(' ');
  });
  if (fields.length === 16) values.score = fields[15];
  return values;
}

export const decodeKitti: AnnotationDecoder = (files) => {
  const refusals: DecodeRefusal[] = [];
  const items: DecodedItem[] = [];
  const labels = files.filter((f) => f.path.endsWith('.txt') && f.path.split('/').pop() !== 'classes.txt');
  if (labels.length === 0) return { items, refusals: [{ source: files[0]?.path ?? '-', reasonKey: importReasons.noFiles }] };
  for (const file of labels) {
    const item: DecodedItem = { fileName: file.path.replace(/^(.*\/)?label_2\//, '').replace(/\.txt$/, ''), source: file.path, objects: [] };
    items.push(item);
    for (const { source, fields } of labelLines(file)) {
      if (fields.length !== 15 && fields.length !== 16) {
        refusals.push({ source, reasonKey: importReasons.malformed, params: { format: 'KITTI', detail: messageRef(importDetails.fieldCount, { fields: fields.length, expected: 15, withScore: 16 }) } });
        continue;
      }
      const numbers = fields.slice(1).map(Number);
      if (!finite(...numbers)) {
        refusals.push({ source, reasonKey: importReasons.malformed, params: { format: 'KITTI', detail: importDetails.kittiNumbers } });
        continue;
      }
      const [left, top, right, bottom] = numbers.slice(3, 7);
      if (right <= left || bottom <= top) {
        refusals.push({ source, reasonKey: importReasons.wrongGeometry, params: { detail: importDetails.boxOrder } });
        continue;
      }
      const shape = { type: 'box' as const, x: left, y: top, width: right - left, height: bottom - top };
      if (fields[0] === dontCare) item.objects.push({ source, className: dontCare, shape, attributes: {}, optional: importWarnings.ignoreRegion });
      else item.objects.push({ source, className: fields[0], shape, attributes: fieldsOf(fields) });
    }
  }
  return { items, refusals };
};
