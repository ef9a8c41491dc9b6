// Datumaro's own JSON: annotations/<subset>.json with the label categories and an item per picture, each annotation a
// bbox, polygon, polyline, points or mask (COCO's compressed RLE, column by column) with its label id, attributes,
// group and z_order. Other annotation kinds (labels, captions, 3D cuboids, ellipses) are skipped with a warning. A
// video is an item per frame whose shapes name their track (`track_id` among their attributes), as CVAT writes it.
// Datumaro 0.1 (CVAT's exports before 2021) named an item by its `id` alone, its picture at images/<id>.jpg, and kept
// each mask as a PNG of its own, annotations/masks/<mask_id>.png.
import { encodeMask, maskSpans } from '../../editor/masks';
import type { AttributeValues, MaskShape, Shape } from '../../items/result.schema';
import { isAnnotationText } from '../import-gate';
import { type AnnotationDecoder, archiveStem, ClassRegistry, type DecodeContext, type DecodedItem, type DecodeRefusal, type EncoderFactory, type ExportItem, type ExportTool, type ImportedFile, importReasons, importWarnings, shippedPaths, stemOf } from '../format';
import { readMaskPng } from './mask-files';
import { migrationWarnings } from './cvat-xml';
import { decodeJsonDocuments } from './json-documents';
import { objectsAt } from './objects-at';
import { trackIds } from './cvat-video';

export const datumaroPath = 'annotations/default.json';

const details = {
  notDataset: 'exports.import.migration.dm_not_dataset',
  unknownLabel: 'exports.import.migration.dm_label_id',
  notNumber: 'exports.import.migration.not_number',
  emptyBox: 'exports.import.migration.box_empty',
  fewPoints: 'exports.import.migration.few_points',
  badMask: 'exports.import.migration.dm_mask',
  noName: 'exports.import.migration.no_name',
  otherKind: 'exports.import.migration.dm_other_kind',
} as const;

type Json = Record<string, any>;
const isObject = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);
const numbers = (value: unknown): value is number[] => Array.isArray(value) && value.every((v) => typeof v === 'number' && Number.isFinite(v));
const malformed = (source: string, detail: string): DecodeRefusal => ({ source, reasonKey: importReasons.malformed, params: { format: 'Datumaro', detail } });

/** COCO's compressed RLE string as its runs: six bits a character, each run after the second a difference from the one two before. */
export function rleCounts(text: string): number[] | null {
  const counts: number[] = [];
  for (let p = 0; p < text.length; ) {
    let [value, shift, more] = [0, 0, true];
    while (more) {
      if (p >= text.length) return null;
      const c = text.charCodeAt(p++) - 48;
      if (c < 0 || c > 63) return null;
      value |= (c & 0x1f) << shift;
      more = (c & 0x20) !== 0;
      shift += 5;
      if (!more && c & 0x10) value |= -1 << shift;
    }
    counts.push(counts.length > 2 ? value + counts[counts.length - 2] : value);
  }
  return counts;
}

export function rleText(counts: number[]): string {
  let text = '';
  counts.forEach((count, i) => {
    let value = i > 2 ? count - counts[i - 2] : count;
    for (let more = true; more; ) {
      let c = value & 0x1f;
      value >>= 5;
      more = c & 0x10 ? value !== -1 : value !== 0;
      if (more) c |= 0x20;
      text += String.fromCharCode(c + 48);
    }
  });
  return text;
}

/** A column-major RLE of an image of this size as the project's row-major mask, or null where the runs do not cover it. */
function maskOf(counts: number[], width: number, height: number): MaskShape | null {
  if (counts.some((c) => !Number.isInteger(c) || c < 0) || counts.reduce((a, b) => a + b, 0) !== width * height) return null;
  const painted = new Uint8Array(width * height);
  let offset = 0;
  counts.forEach((count, i) => {
    if (i % 2 === 1) painted.fill(1, offset, offset + count);
    offset += count;
  });
  return encodeMask(width, height, (at) => painted[(at % width) * height + Math.floor(at / width)] === 1);
}

function columnCounts(mask: MaskShape): number[] {
  const painted = new Uint8Array(mask.width * mask.height);
  for (const [start, end] of maskSpans(mask)) for (let at = start; at < end; at++) painted[(at % mask.width) * mask.height + Math.floor(at / mask.width)] = 1;
  const counts: number[] = [];
  let [state, run] = [0, 0];
  for (const bit of painted) {
    if (bit !== state) [counts[counts.length], state, run] = [run, bit, 0];
    run += 1;
  }
  counts.push(run);
  return counts;
}

/** Datumaro's attribute values as the result holds them: texts, and lists of texts. */
function valuesOf(raw: unknown): AttributeValues {
  const values: AttributeValues = {};
  if (!isObject(raw)) return values;
  for (const [name, value] of Object.entries(raw)) {
    // CVAT's exports through Datumaro mark every shape not occluded: that is no value, only the default.
    if (name === 'occluded' && value === false) continue;
    if (Array.isArray(value)) values[name] = value.map(String);
    else if (value !== null && value !== undefined) values[name] = String(value);
  }
  return values;
}

/** Values that say how a frame's shape belongs to its track (CVAT's video exports through Datumaro), not values of the object. */
const trackValues = ['track_id', 'keyframe', 'outside'];

/** Whether a document holds a video's frames: its annotations name tracks, or its items are CVAT's video frames. */
function isVideo(items: unknown[]): boolean {
  const entries = items.filter(isObject);
  if (entries.some((entry) => Array.isArray(entry.annotations) && entry.annotations.some((a: unknown) => isObject(a) && isObject(a.attributes) && a.attributes.track_id !== undefined))) return true;
  return entries.length > 0 && entries.every((entry) => typeof entry.id === 'string' && /(^|\/)frame_\d+$/.test(entry.id));
}

/** The folder a document ("annotations/<subset>.json") ships in, with its trailing slash: where its images/ are. */
const datasetRoot = (documentPath: string) => documentPath.replace(/(^|\/)annotations\/[^/]+$/, '$1').replace(/[^/]+$/, '');

/**
 * Where an item's picture ships beside the document: images/<subset>/<path>, else images/<path>, else (Datumaro 0.1,
 * a path without extension being the item's id) images/<id>.jpg.
 */
function shippedImage(documentPath: string, path: string, paths: Set<string>): string | null {
  const root = datasetRoot(documentPath);
  const subset = stemOf(documentPath.slice(documentPath.lastIndexOf('/') + 1));
  const candidates = [`${root}images/${subset}/${path}`, `${root}images/${path}`, ...(/\.[^/.]+$/.test(path) ? [] : [`${root}images/${path}.jpg`])];
  return candidates.find((candidate) => paths.has(candidate)) ?? null;
}

/**
 * A Datumaro 0.1 mask: its PNG (annotations/masks/<mask_id>.png beside the document) painted where not black, or
 * null where it is refused (not in the upload, no PNG, or not the picture's size).
 */
function maskFile(documentPath: string, where: string, maskId: number, files: Map<string, ImportedFile>, context: DecodeContext, expected: { name: string; width: number; height: number } | null, refusals: DecodeRefusal[]): MaskShape[] | null {
  const path = `${datasetRoot(documentPath)}annotations/masks/${maskId}.png`;
  const file = files.get(path);
  if (!file) {
    refusals.push({ source: where, reasonKey: importReasons.pngMissing, params: { value: path } });
    return null;
  }
  const raster = readMaskPng(path, file.content, context, expected, refusals);
  if (!raster) return null;
  const { width, height, rgba } = raster;
  return [encodeMask(width, height, (at) => rgba[4 * at] !== 0 || rgba[4 * at + 1] !== 0 || rgba[4 * at + 2] !== 0)];
}

const folderOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));

export const decodeDatumaro: AnnotationDecoder = (files, context) => {
  const paths = shippedPaths(files, context);
  const byPath = new Map(files.map((file) => [file.path, file]));
  const placeOf = folderFrames(paths);
  return decodeJsonDocuments(files, 'Datumaro', (file, dataset, { items, refusals, warnings }) => {
    if (!isObject(dataset) || !Array.isArray(dataset.items)) return details.notDataset;
    const labels: unknown[] = Array.isArray(dataset.categories?.label?.labels) ? dataset.categories.label.labels : [];
    const video = isVideo(dataset.items);
    // A video's frames gather into one sequence per folder: the folder its pictures ship in, else their ids' folder, else the subset's.
    const sequences = new Map<string, DecodedItem>();
    const subset = stemOf(file.path.slice(file.path.lastIndexOf('/') + 1));
    dataset.items.forEach((raw: unknown, index: number) => {
      const source = `${file.path} items[${index}]`;
      const entry = isObject(raw) ? raw : {};
      const media = isObject(entry.image) ? entry.image : isObject(entry.media) ? entry.media : {};
      const named = typeof media.path === 'string' && media.path ? media.path : typeof entry.id === 'string' && entry.id ? entry.id : null;
      if (!named) return refusals.push(malformed(`${source} id`, details.noName));
      const shipped = shippedImage(file.path, named, paths);
      const fileName = shipped ?? named;
      const size = numbers(media.size) && media.size.length === 2 ? { width: media.size[1], height: media.size[0] } : context.sizeOf(fileName);
      let item: DecodedItem;
      let frame: number | undefined;
      // A video's frame whose picture is an item of its own (a picture project) stays a picture.
      if (video && !context.itemOf?.(fileName)) {
        const name = folderOf(shipped ?? (typeof entry.id === 'string' ? entry.id : named)) || subset;
        item = sequences.get(name) ?? { fileName: name, source: file.path, objects: [] };
        if (!sequences.has(name)) items.push(item);
        sequences.set(name, item);
        const place = shipped ? placeOf(shipped) : null;
        frame = place ? place.frame : Number.isInteger(entry.attr?.frame) && entry.attr.frame >= 0 ? entry.attr.frame : index;
        if (place) item.frameCount = place.count;
      } else {
        item = { fileName, source, objects: [] };
        items.push(item);
      }
      (Array.isArray(entry.annotations) ? entry.annotations : []).forEach((annotation: unknown, at: number) => {
        const where = `${source} annotations[${at}]`;
        const a = isObject(annotation) ? annotation : {};
        if (!['bbox', 'polygon', 'polyline', 'points', 'mask'].includes(a.type)) return warnings.push({ source: where, reasonKey: importWarnings.shapeSkipped, params: { value: String(a.type), detail: details.otherKind } });
        const label = labels[a.label_id];
        const className = isObject(label) && typeof label.name === 'string' ? label.name : null;
        if (!className) return refusals.push(malformed(`${where} label_id`, details.unknownLabel));
        const painted = a.type === 'mask' && a.rle === undefined && Number.isInteger(a.mask_id);
        const shapes = painted ? maskFile(file.path, where, a.mask_id, byPath, context, size && { name: fileName, ...size }, refusals) : shapesOf(a, size);
        if (shapes === null) return;
        if (typeof shapes === 'string') return refusals.push(malformed(where, shapes));
        if (a.group) warnings.push({ source: where, reasonKey: migrationWarnings.group, params: { value: String(a.group) } });
        if (shapes.length > 1) warnings.push({ source: where, reasonKey: migrationWarnings.pointsSplit, params: { value: shapes.length } });
        const all = valuesOf(a.attributes);
        const { rotation: _turn, ...unturned } = all;
        const values = Object.fromEntries(Object.entries(a.type === 'bbox' ? unturned : all).filter(([name]) => !trackValues.includes(name)));
        const attributes = { ...values, ...(a.z_order ? { z_order: String(a.z_order) } : {}) };
        // A frame's shape of a track is the track's; another shape of a video is an object of its own.
        const track = isObject(a.attributes) ? a.attributes.track_id : undefined;
        const id = video ? (track !== undefined && track !== null ? { id: String(track) } : {}) : Number.isInteger(a.id) && shapes.length === 1 ? { id: String(a.id) } : {};
        shapes.forEach((shape, part) => {
          const own = shapes.length > 1 && 'id' in id ? { id: `${id.id}-${part + 1}` } : id;
          item.objects.push({ source: where, className, shape, attributes, ...own, ...(frame === undefined ? {} : { frame }) });
        });
      });
    });
  });
};

/** The pictures shipped in each folder, in name order as the batch's import makes a folder one sequence: a picture's place among them. */
function folderFrames(paths: Set<string>): (path: string) => { frame: number; count: number } {
  const folders = new Map<string, Map<string, number>>();
  for (const path of [...paths].filter((p) => !isAnnotationText(p)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    const frames = folders.get(folderOf(path)) ?? new Map<string, number>();
    frames.set(path, frames.size);
    folders.set(folderOf(path), frames);
  }
  return (path) => {
    const frames = folders.get(folderOf(path))!;
    return { frame: frames.get(path)!, count: frames.size };
  };
}

/** An annotation's shapes in pixels (points as one point each, the invisible left out), or the detail key of why it cannot be read. */
function shapesOf(a: Json, size: { width: number; height: number } | null): Shape[] | string {
  if (a.type === 'bbox') {
    if (!numbers(a.bbox) || a.bbox.length !== 4) return details.notNumber;
    const [x, y, width, height] = a.bbox;
    const degrees = Number(a.attributes?.rotation ?? 0);
    if (!Number.isFinite(degrees)) return details.notNumber;
    const turn = degrees ? { rotation: (degrees * Math.PI) / 180 } : {};
    return width > 0 && height > 0 ? [{ type: 'box', x, y, width, height, ...turn }] : details.emptyBox;
  }
  if (a.type === 'mask') {
    const rle = a.rle;
    const [height, width] = isObject(rle) && numbers(rle.size) ? rle.size : [0, 0];
    const counts = !isObject(rle) ? null : typeof rle.counts === 'string' ? rleCounts(rle.counts) : numbers(rle.counts) ? rle.counts : null;
    const mask = counts && width > 0 && height > 0 ? maskOf(counts, width, height) : null;
    return mask ? [mask] : details.badMask;
  }
  if (!numbers(a.points) || a.points.length % 2 !== 0) return details.notNumber;
  const points = Array.from({ length: a.points.length / 2 }, (_, i) => ({ x: a.points[2 * i], y: a.points[2 * i + 1] }));
  if (a.type === 'polygon') return points.length >= 3 ? [{ type: 'polygon', points }] : details.fewPoints;
  if (a.type === 'polyline') return points.length >= 2 ? [{ type: 'line', points }] : details.fewPoints;
  const visible = points.filter((_, i) => !Array.isArray(a.visibility) || a.visibility[i] !== 0);
  return visible.length > 0 ? visible.map((p) => ({ type: 'point' as const, ...p })) : details.fewPoints;
}

/** An object's annotation as Datumaro writes it, or null for shapes it has no kind for. */
function annotationOf(shape: Shape): Json | null {
  const flat = (points: { x: number; y: number }[]) => points.flatMap((p) => [p.x, p.y]);
  switch (shape.type) {
    case 'box':
      return { type: 'bbox', bbox: [shape.x, shape.y, shape.width, shape.height] };
    case 'polygon':
      return { type: 'polygon', points: flat(shape.points) };
    case 'line':
    case 'curve':
      return { type: 'polyline', points: flat(shape.points) };
    case 'point':
      return { type: 'points', points: [shape.x, shape.y], visibility: [2] };
    case 'mask':
      return { type: 'mask', rle: { counts: rleText(columnCounts(shape)), size: [shape.height, shape.width] } };
    default:
      return null;
  }
}

export const datumaroEncoder: EncoderFactory = (context) => {
  const classes = new ClassRegistry(context.tools);
  return {
    item(item) {
      // A sequence is written as CVAT's video exports through Datumaro write it: an item per frame, its shapes naming their track.
      const tracks = item.result.frameCount > 1 ? trackIds(item.result.objects) : null;
      const entries = Array.from({ length: item.result.frameCount }, (_, frame) => frameEntry(item, frame, tracks, context.tools, classes));
      return { files: [], sections: { items: entries.map((e) => JSON.stringify(e.entry)) }, objects: entries.reduce((sum, e) => sum + e.annotations, 0) };
    },
    finish() {
      const categories = { label: { labels: classes.names().map((name) => ({ name, parent: '', attributes: [] })), attributes: [] } };
      return { files: [], documents: [{ path: datumaroPath, parts: [`{"info":{},"categories":${JSON.stringify(categories)},"items":[`, { section: 'items' }, ']}\n'] }] };
    },
  };
};

/** One frame of an item as a Datumaro item: a picture by its own stem, a sequence's frame as "<stem>/frame_000000" with its tracks' numbers. */
function frameEntry(item: ExportItem, frame: number, tracks: Map<string, number> | null, tools: ExportTool[], classes: ClassRegistry): { entry: Json; annotations: number } {
  const annotations = objectsAt(item, frame, tools).flatMap(({ object, className, shape, attributes }, index) => {
    const annotation = annotationOf(shape);
    if (!annotation) return [];
    const { z_order: z, ...values } = attributes;
    const id = tracks ? tracks.get(object.id)! : /^\d{1,9}$/.test(object.id) ? Number(object.id) : index;
    // A turned box's angle goes among its attributes in degrees, as CVAT's exports through Datumaro write it.
    const turned = shape.type === 'box' && shape.rotation ? { rotation: Number(((shape.rotation * 180) / Math.PI).toFixed(9)) } : {};
    const track = tracks ? { track_id: id, keyframe: object.keyframes.some((k) => k.frame === frame) } : {};
    return [{ id, ...annotation, attributes: { ...values, ...turned, ...track }, group: 0, label_id: classes.idOf(className), z_order: typeof z === 'string' ? Number(z) || 0 : 0 }];
  });
  const media = item.frames[frame];
  const [width, height] = [media?.width ?? item.width ?? 0, media?.height ?? item.height ?? 0];
  const path = (media?.mediaPath ?? item.mediaPath).replace(/^images\//, '');
  const id = tracks ? `${archiveStem(item)}/frame_${String(frame).padStart(6, '0')}` : archiveStem(item);
  return { entry: { id, annotations, attr: { frame: tracks ? frame : item.index - 1 }, image: { path, size: [height, width] } }, annotations: annotations.length };
}
