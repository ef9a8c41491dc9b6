// YOLO: a label file per item with one line per object, coordinates normalized by the image size; boxes as
// "class cx cy w h", polygons as segmentation lines "class x1 y1 x2 y2 ...". Exports write the Ultralytics layout
// (labels/<stem>.txt, classes.txt, data.yaml); imports read it, the Darknet layout (obj.data, obj.names, image lists,
// obj_train_data/) and a bare classes.txt. Lines, curves and points have no YOLO form; attributes are not carried.
import { load as loadYaml } from 'js-yaml';
import { type AnnotationDecoder, archiveStem, ClassRegistry, type DecodedItem, type DecodeRefusal, type EncoderFactory, type ImportedFile, importDetails, importReasons } from '../format';
import type { ResultPoint, Shape } from '../../items/result.schema';
import { toFixed } from './fixed-decimals';
import { labelLines, objectsAt } from './objects-at';
import { yamlSyntaxDetail } from './parse-errors';

const digits = 6;
const fixed = (value: number) => toFixed(value, digits);

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

/** Six-decimal coordinates sit up to 1e-6 outside the image; anything this close to an edge is put on it. */
const edgeTolerance = 1e-4;
const imageName = /\.(jpe?g|png|bmp|gif|tiff?|webp)$/i;
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const malformed = (source: string, detail: string): DecodeRefusal => ({ source, reasonKey: importReasons.malformed, params: { format: 'YOLO', detail } });

/** What a data set's layout says beside its label files: the class names, and the files that list images. */
interface Layout {
  names: string[] | null;
  /** Image lists (Darknet's train.txt, a data.yaml split given as a .txt): never label files. */
  lists: Set<string>;
  refusals: DecodeRefusal[];
}

/** A file named from a layout file ("data/obj.names", "./train.txt"), found by its path's end. */
function named(files: ImportedFile[], reference: string): ImportedFile | undefined {
  const wanted = reference.trim().replace(/^(\.\/)+/, '');
  return files.find((f) => f.path === wanted || f.path.endsWith(`/${wanted}`)) ?? files.find((f) => baseName(f.path) === baseName(wanted));
}

const lines = (file: ImportedFile) => file.content.toString('utf8').split(/\r?\n/).map((l) => l.trim()).filter(Boolean);

function layoutOf(files: ImportedFile[]): Layout {
  const layout: Layout = { names: null, lists: new Set(), refusals: [] };
  const namesFrom = (file: ImportedFile | undefined) => {
    if (file && !layout.names) layout.names = lines(file);
    if (file) layout.lists.add(file.path);
  };
  // Darknet: obj.data names the classes file and the image lists, "key = value" a line.
  for (const data of files.filter((f) => f.path.endsWith('.data'))) {
    for (const line of lines(data)) {
      const [key, ...rest] = line.split('=');
      const value = rest.join('=').trim();
      if (!value) continue;
      if (key.trim() === 'names') namesFrom(named(files, value));
      else if (['train', 'valid', 'test'].includes(key.trim())) {
        const list = named(files, value);
        if (list) layout.lists.add(list.path);
      }
    }
  }
  namesFrom(files.find((f) => f.path.endsWith('.names')));
  namesFrom(files.find((f) => baseName(f.path) === 'classes.txt'));
  // Ultralytics: data.yaml's names as a list or a map of ids, and its splits as folders or image lists.
  for (const yaml of files.filter((f) => /(^|\/)[^/]*\.ya?ml$/.test(f.path))) {
    let document: unknown;
    try {
      document = loadYaml(yaml.content.toString('utf8'));
    } catch (error) {
      layout.refusals.push(malformed(yaml.path, yamlSyntaxDetail(error)));
      continue;
    }
    if (!document || typeof document !== 'object') continue;
    const { names, train, val, test } = document as Record<string, unknown>;
    for (const split of [train, val, test].flat()) if (typeof split === 'string' && split.endsWith('.txt')) {
      const list = named(files, split);
      if (list) layout.lists.add(list.path);
    }
    if (layout.names || !names) continue;
    if (Array.isArray(names)) layout.names = names.map(String);
    else if (typeof names === 'object') {
      const byId: string[] = [];
      for (const [id, name] of Object.entries(names as Record<string, unknown>)) byId[Number(id)] = String(name);
      layout.names = byId;
    } else layout.refusals.push(malformed(yaml.path, importDetails.yoloNames));
  }
  return layout;
}

/** A .txt file every line of which names an image is an image list, whatever it is called. */
const listsImages = (file: ImportedFile) => {
  const all = lines(file);
  return all.length > 0 && all.every((line) => imageName.test(line));
};

/** The item a label file annotates: Ultralytics' labels/<split>/a.txt is images/<split>/a; Darknet's obj_train_data/a.txt is itself. */
const itemNameOf = (path: string) => path.replace(/(^|\/)labels\/(?!.*\/labels\/)/, '$1images/').replace(/\.txt$/, '');

export const decodeYolo: AnnotationDecoder = (files, context) => {
  const items: DecodedItem[] = [];
  const layout = layoutOf(files);
  const refusals = [...layout.refusals];
  const labels = files.filter((f) => f.path.endsWith('.txt') && !layout.lists.has(f.path) && !listsImages(f));
  if (labels.length === 0) return { items, refusals: [...refusals, { source: files[0]?.path ?? '-', reasonKey: importReasons.noFiles }] };
  const names = layout.names;
  if (!names) return { items, refusals: [...refusals, malformed('classes.txt', importDetails.yoloClasses)] };
  for (const file of labels) {
    const fileName = itemNameOf(file.path);
    const size = context.sizeOf(fileName);
    if (!size) {
      refusals.push({ source: file.path, reasonKey: importReasons.itemNotFound, params: { value: fileName.replace(/^images\//, '') } });
      continue;
    }
    const item: DecodedItem = { fileName, source: file.path, objects: [] };
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

/** A normalized coordinate on the image, put on the edge within the tolerance; null when it lies beyond. */
function onImage(value: number): number | null {
  if (value >= 0 && value <= 1) return value;
  if (value >= -edgeTolerance && value < 0) return 0;
  if (value > 1 && value <= 1 + edgeTolerance) return 1;
  return null;
}

function shapeOf(values: number[], size: { width: number; height: number }): Shape | string {
  if (values.some((v) => !Number.isFinite(v))) return importDetails.yoloCoordinates;
  if (values.length === 4) {
    const [cx, cy, w, h] = values;
    if (w <= 0 || h <= 0) return importDetails.sizePositive;
    const edges = [cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2].map(onImage);
    if (edges.some((e) => e === null)) return importDetails.yoloCoordinates;
    const [left, top, right, bottom] = edges as number[];
    return { type: 'box', x: left * size.width, y: top * size.height, width: (right - left) * size.width, height: (bottom - top) * size.height };
  }
  if (values.length < 6 || values.length % 2 !== 0) return importDetails.yoloLine;
  const onEdges = values.map(onImage);
  if (onEdges.some((v) => v === null)) return importDetails.yoloCoordinates;
  const points: ResultPoint[] = Array.from({ length: values.length / 2 }, (_, i) => ({ x: onEdges[2 * i]! * size.width, y: onEdges[2 * i + 1]! * size.height }));
  return { type: 'polygon', points };
}
