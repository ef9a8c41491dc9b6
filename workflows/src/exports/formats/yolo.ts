// YOLO (Ultralytics layout): labels/<stem>.txt per item with one line per object, coordinates normalized by the
// image size; boxes as "class cx cy w h", polygons as segmentation lines "class x1 y1 x2 y2 ..."; classes.txt and
// data.yaml name the classes. Lines, curves and points have no YOLO form; attributes are not carried.
import { type AnnotationDecoder, archiveStem, ClassRegistry, type DecodedItem, type DecodeRefusal, type EncoderFactory, importReasons } from '../format';
import type { ResultPoint, Shape } from '../../tasks/result.schema';
import { labelLines, objectsAt } from './objects-at';

const digits = 6;
const fixed = (value: number) => value.toFixed(digits);

export const yoloEncoder: EncoderFactory = (context) => {
  const classes = new ClassRegistry(context.tools);
  return {
    item(item) {
      // Lines are appended to the file's text as they are made: a million small arrays joined twice cost more.
      let content = '';
      let objects = 0;
      // Without the image's size nothing can be normalized: the label file stays empty.
      if (item.width && item.height) {
        const [w, h] = [item.width, item.height];
        for (const { className, shape } of objectsAt(item, 0, context.tools)) {
          const id = classes.idOf(className);
          if (shape.type === 'box') {
            content += `${id} ${fixed((shape.x + shape.width / 2) / w)} ${fixed((shape.y + shape.height / 2) / h)} ${fixed(shape.width / w)} ${fixed(shape.height / h)}\n`;
          } else if (shape.type === 'polygon') {
            content += `${[id, ...shape.points.flatMap((p) => [fixed(p.x / w), fixed(p.y / h)])].join(' ')}\n`;
          } else continue;
          objects += 1;
        }
      }
      return { files: [{ path: `labels/${archiveStem(item)}.txt`, content }], objects };
    },
    finish() {
      const names = classes.names();
      const yaml = [`path: .`, `train: images`, `val: images`, `nc: ${names.length}`, `names:`, ...names.map((name, i) => `  ${i}: ${JSON.stringify(name)}`)].join('\n');
      return { files: [{ path: 'classes.txt', content: names.map((n) => `${n}\n`).join('') }, { path: 'data.yaml', content: `${yaml}\n` }], documents: [] };
    },
  };
};

/** Class names from classes.txt, else from data.yaml's names list. */
function classNames(files: { path: string; content: Buffer }[]): string[] | null {
  const list = files.find((f) => f.path.split('/').pop() === 'classes.txt');
  if (list) return list.content.toString('utf8').split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const yaml = files.find((f) => /(^|\/)data\.ya?ml$/.test(f.path));
  if (!yaml) return null;
  const names: string[] = [];
  for (const line of yaml.content.toString('utf8').split(/\r?\n/)) {
    const match = /^\s+(\d+):\s*(.+?)\s*$/.exec(line);
    if (match) names[Number(match[1])] = match[2].startsWith('"') ? (JSON.parse(match[2]) as string) : match[2];
  }
  return names;
}

export const decodeYolo: AnnotationDecoder = (files, context) => {
  const refusals: DecodeRefusal[] = [];
  const items: DecodedItem[] = [];
  const names = classNames(files);
  const labels = files.filter((f) => f.path.endsWith('.txt') && f.path.split('/').pop() !== 'classes.txt');
  if (labels.length === 0) return { items, refusals: [{ source: files[0]?.path ?? '-', reasonKey: importReasons.noFiles }] };
  if (!names) return { items, refusals: [{ source: 'classes.txt', reasonKey: importReasons.malformed, params: { format: 'YOLO', detail: 'classes.txt or data.yaml is missing' } }] };
  for (const file of labels) {
    const stem = file.path.replace(/^(.*\/)?labels\//, '').replace(/\.txt$/, '');
    const size = context.sizeOf(stem);
    if (!size) {
      refusals.push({ source: file.path, reasonKey: importReasons.itemNotFound, params: { value: stem } });
      continue;
    }
    const item: DecodedItem = { fileName: stem, source: file.path, objects: [] };
    items.push(item);
    for (const { source, fields } of labelLines(file)) {
      const numbers = fields.map(Number);
      const className = names[numbers[0]];
      if (!Number.isInteger(numbers[0]) || className === undefined) {
        refusals.push({ source, reasonKey: importReasons.unknownClass, params: { value: fields[0] } });
        continue;
      }
      const shape = shapeOf(numbers.slice(1), size);
      if (typeof shape === 'string') refusals.push({ source, reasonKey: importReasons.wrongGeometry, params: { detail: shape } });
      else item.objects.push({ source, className, shape, attributes: {} });
    }
  }
  return { items, refusals };
};

function shapeOf(values: number[], size: { width: number; height: number }): Shape | string {
  if (values.some((v) => !Number.isFinite(v) || v < 0 || v > 1)) return 'coordinates must be numbers from 0 to 1';
  if (values.length === 4) {
    const [cx, cy, w, h] = values;
    if (w <= 0 || h <= 0) return 'width and height must be positive';
    return { type: 'box', x: (cx - w / 2) * size.width, y: (cy - h / 2) * size.height, width: w * size.width, height: h * size.height };
  }
  if (values.length < 6 || values.length % 2 !== 0) return 'a line holds a box (4 numbers) or a polygon (3 or more x, y pairs)';
  const points: ResultPoint[] = Array.from({ length: values.length / 2 }, (_, i) => ({ x: values[2 * i] * size.width, y: values[2 * i + 1] * size.height }));
  return { type: 'polygon', points };
}
