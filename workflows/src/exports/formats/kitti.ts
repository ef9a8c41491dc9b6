// KITTI object labels: label_2/<stem>.txt per item, one line of the devkit's 15 fields per object. The 2D box comes
// from boxes and the bounds of polygons; the 3D fields carry the devkit's "not set" values until point clouds come.
// Spaces in class names become underscores; attributes have no place in KITTI.
import { type AnnotationDecoder, archiveStem, ClassRegistry, type DecodedItem, type DecodeRefusal, type EncoderFactory, importReasons } from '../format';
import { boundsOf, finite, labelLines, objectsAt } from './objects-at';

/** truncated, occluded, alpha, then after the box: height, width, length, x, y, z, rotation_y. */
const notSet = { before: ['0.00', '0', '-10'], after: ['-1', '-1', '-1', '-1000', '-1000', '-1000', '-10'] };
const px = (value: number) => value.toFixed(2);

export const kittiTypeOf = (className: string): string => className.trim().replace(/\s+/g, '_');

export const kittiEncoder: EncoderFactory = (context) => {
  const classes = new ClassRegistry(context.tools);
  return {
    item(item) {
      const lines = objectsAt(item, 0, context.tools)
        .filter(({ shape }) => shape.type === 'box' || shape.type === 'polygon')
        .map(({ className, shape }) => {
          classes.idOf(className);
          const [x, y, width, height] = boundsOf(shape);
          return [kittiTypeOf(className), ...notSet.before, px(x), px(y), px(x + width), px(y + height), ...notSet.after].join(' ');
        });
      return { files: [{ path: `label_2/${archiveStem(item)}.txt`, content: lines.map((l) => `${l}\n`).join('') }], objects: lines.length };
    },
    finish() {
      return { files: [{ path: 'classes.txt', content: classes.names().map((n) => `${kittiTypeOf(n)}\n`).join('') }], documents: [] };
    },
  };
};

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
        refusals.push({ source, reasonKey: importReasons.malformed, params: { format: 'KITTI', detail: `${fields.length} fields where 15 (or 16 with a score) are expected` } });
        continue;
      }
      const [left, top, right, bottom] = fields.slice(4, 8).map(Number);
      if (!finite(left, top, right, bottom) || right <= left || bottom <= top) {
        refusals.push({ source, reasonKey: importReasons.wrongGeometry, params: { detail: 'the box needs left < right and top < bottom' } });
        continue;
      }
      item.objects.push({ source, className: fields[0], shape: { type: 'box', x: left, y: top, width: right - left, height: bottom - top }, attributes: {} });
    }
  }
  return { items, refusals };
};
