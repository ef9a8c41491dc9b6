// Label Studio's JSON export: an array of tasks, each with its data (the image or video it shows) and its annotations'
// results. Regions (rectangles, polygons, keypoints, brush masks, video rectangles) become objects, their class the
// label they carry (else the name of the control that drew them, `from_name`); per-region choices and text areas
// (results sharing the region's id) become the object's attributes named by their `from_name`. Coordinates are
// percentages of the image's original width and height.
import type { AttributeValues, Keyframe, Shape } from '../../items/result.schema';
import { type AnnotationDecoder, type DecodeContext, type DecodedItem, type DecodeRefusal, type DecodeWarning, classNameOf, type EncoderFactory, type ExportItem, type ExportTool, importReasons, importWarnings, shippedFinder, shippedPaths } from '../format';
import { brushMask, brushRle } from './label-studio-rle';
import { objectsAt } from './objects-at';
import { everyFrame } from './track-frames';
import { jsonSyntaxDetail } from './parse-errors';

export const labelStudioPath = 'label-studio.json';

/** The message keys of what a Label Studio file holds that is malformed or that the project cannot hold. */
export const labelStudioDetails = {
  notArray: 'exports.import.migration.ls_not_array',
  noData: 'exports.import.migration.ls_no_data',
  noValue: 'exports.import.migration.ls_no_value',
  notNumber: 'exports.import.migration.not_number',
  noSize: 'exports.import.migration.no_size',
  badBrush: 'exports.import.migration.ls_brush',
  fewPoints: 'exports.import.migration.few_points',
  badFrame: 'exports.import.migration.frame_bad',
  otherResult: 'exports.import.migration.ls_other_result',
} as const;

/** What a Label Studio import leaves out of a task or a region, said as a warning. */
export const labelStudioWarnings = {
  otherAnnotations: 'exports.import.migration.warn_ls_other_annotations',
  predictions: 'exports.import.migration.warn_ls_predictions',
  extraLabels: 'exports.import.migration.warn_ls_extra_labels',
} as const;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);
const num = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const malformed = (source: string, detail: string): DecodeRefusal => ({ source, reasonKey: importReasons.malformed, params: { format: 'Label Studio', detail } });

const regionTypes = ['rectanglelabels', 'rectangle', 'polygonlabels', 'polygon', 'keypointlabels', 'keypoint', 'brushlabels', 'brush', 'videorectangle'];
const attributeTypes = ['choices', 'textarea', 'number', 'rating'];

/**
 * The item a task's media names: Label Studio's own uploads are "/data/upload/<project>/<8 hex>-<file name>", local
 * files "/data/local-files/?d=<path>"; any other URL or path is matched by its end.
 */
export function mediaName(url: string): string {
  const local = url.match(/[?&]d=([^&]+)/);
  if (local) return decoded(local[1]);
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/[?#].*$/, '');
  const upload = path.match(/^\/?data\/upload\/\d+\/(?:[0-9a-f]{8}-)?(.+)$/);
  return decoded(upload ? upload[1] : path.replace(/^\//, ''));
}

/** A URL's part with its escapes undone; a stray "%" that escapes nothing is kept as written. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * The item a task's media names where the upload ships its file (Label Studio's media folder "upload/<project>/" with
 * the export, or the pictures under their own names): that file's path. Else the name mediaName gives.
 */
function itemName(url: string, find: (reference: string) => string | null): string {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/[?#].*$/, '');
  const named = mediaName(url);
  return find(decoded(path)) ?? find(named) ?? named;
}

interface Reading {
  context: DecodeContext;
  find: (reference: string) => string | null;
  refusals: DecodeRefusal[];
  warnings: DecodeWarning[];
}

export const decodeLabelStudio: AnnotationDecoder = (files, context) => {
  const reading: Reading = { context, find: shippedFinder(shippedPaths(files, context)), refusals: [], warnings: [] };
  const items: DecodedItem[] = [];
  const documents = files.filter((f) => f.path.toLowerCase().endsWith('.json'));
  if (documents.length === 0) return { items, refusals: [{ source: files[0]?.path ?? '-', reasonKey: importReasons.noFiles }] };
  for (const file of documents) {
    let tasks: unknown;
    const text = file.content.toString('utf8');
    try {
      tasks = JSON.parse(text);
    } catch {
      reading.refusals.push({ source: file.path, reasonKey: importReasons.malformed, params: { format: 'Label Studio', detail: jsonSyntaxDetail(text) } });
      continue;
    }
    if (isObject(tasks)) tasks = [tasks];
    if (!Array.isArray(tasks)) {
      reading.refusals.push(malformed(file.path, labelStudioDetails.notArray));
      continue;
    }
    tasks.forEach((task, index) => {
      const item = readTask(task, `${file.path} [${index}]`, reading);
      if (item) items.push(item);
    });
  }
  return { items, refusals: reading.refusals, warnings: reading.warnings };
};

function readTask(task: unknown, source: string, reading: Reading): DecodedItem | null {
  const data = isObject(task) ? task.data : undefined;
  if (!isObject(task) || !isObject(data)) {
    reading.refusals.push(malformed(`${source} data`, labelStudioDetails.noData));
    return null;
  }
  const annotations = (Array.isArray(task.annotations) ? task.annotations : []).filter((a): a is Json => isObject(a) && a.was_cancelled !== true);
  if (annotations.length > 1) reading.warnings.push({ source, reasonKey: labelStudioWarnings.otherAnnotations, params: { value: annotations.length } });
  if (annotations.length === 0 && Array.isArray(task.predictions) && task.predictions.length > 0) {
    reading.warnings.push({ source, reasonKey: labelStudioWarnings.predictions, params: { value: task.predictions.length } });
  }
  const results = Array.isArray(annotations[0]?.result) ? (annotations[0].result as unknown[]) : [];
  const toName = results.find((r): r is Json => isObject(r) && typeof r.to_name === 'string')?.to_name as string | undefined;
  const media = [toName && data[toName], data.image, data.video, ...Object.values(data)].find((v): v is string => typeof v === 'string' && v.length > 0);
  if (!media) {
    reading.refusals.push(malformed(`${source} data`, labelStudioDetails.noData));
    return null;
  }
  const fileName = itemName(media, reading.find);
  const item: DecodedItem = { fileName, source, objects: [] };
  const attributes = new Map<string, AttributeValues>();
  results.forEach((result, index) => {
    const where = `${source} result[${index}]`;
    if (!isObject(result) || !isObject(result.value) || typeof result.type !== 'string') return reading.refusals.push(malformed(where, labelStudioDetails.noValue));
    if (attributeTypes.includes(result.type) && typeof result.id === 'string' && results.some((r) => isObject(r) && r.id === result.id && regionTypes.includes(String(r.type)))) {
      const values = attributes.get(result.id) ?? {};
      values[String(result.from_name)] = attributeValue(result.type, result.value);
      return attributes.set(result.id, values);
    }
    if (!regionTypes.includes(result.type)) return reading.warnings.push({ source: where, reasonKey: importWarnings.shapeSkipped, params: { value: result.type, detail: labelStudioDetails.otherResult } });
    readRegion(result, where, item, fileName, reading);
  });
  for (const object of item.objects) if (object.id && attributes.has(object.id)) object.attributes = { ...attributes.get(object.id) };
  return item;
}

function attributeValue(type: string, value: Json): AttributeValues[string] {
  if (type === 'choices' && Array.isArray(value.choices)) return value.choices.length === 1 ? String(value.choices[0]) : value.choices.map(String);
  if (type === 'textarea' && Array.isArray(value.text)) return value.text.map(String).join('\n');
  return String(value[type] ?? '');
}

/** One region as an object (a video rectangle as every frame of its track), or why it is refused. */
function readRegion(result: Json, where: string, item: DecodedItem, fileName: string, reading: Reading): void {
  const value = result.value as Json;
  const type = result.type as string;
  const labels = value[type === 'videorectangle' ? 'labels' : type];
  const named = Array.isArray(labels) && labels.length > 0 ? labels.map(String) : [];
  const className = named[0] ?? (typeof result.from_name === 'string' ? result.from_name : '');
  if (named.length > 1) reading.warnings.push({ source: where, reasonKey: labelStudioWarnings.extraLabels, params: { value: named.slice(1).join(', ') } });
  const size = num(result.original_width) && num(result.original_height) ? { width: result.original_width, height: result.original_height } : reading.context.sizeOf(fileName);
  if (!size) return void reading.refusals.push(malformed(where, labelStudioDetails.noSize));
  const id = typeof result.id === 'string' && result.id ? result.id : undefined;
  if (type === 'videorectangle') return readTrack(value, where, className, id, size, item, reading);
  const shape = regionShape(type.replace(/labels$/, ''), value, size);
  if (typeof shape === 'string') return void reading.refusals.push(malformed(where, shape));
  item.objects.push({ source: where, className, shape, attributes: {}, ...(id ? { id } : {}) });
}

/** A region's shape in pixels, or the detail key of why it cannot be read. */
function regionShape(kind: string, value: Json, size: { width: number; height: number }): Shape | string {
  const px = (x: unknown, y: unknown) => ({ x: ((x as number) / 100) * size.width, y: ((y as number) / 100) * size.height });
  if (kind === 'rectangle') {
    if (!num(value.x) || !num(value.y) || !num(value.width) || !num(value.height) || (value.rotation !== undefined && !num(value.rotation))) return labelStudioDetails.notNumber;
    const corner = px(value.x, value.y);
    const [width, height] = [(value.width / 100) * size.width, (value.height / 100) * size.height];
    if (width <= 0 || height <= 0) return 'exports.import.migration.box_empty';
    const turn = (((value.rotation as number | undefined) ?? 0) * Math.PI) / 180;
    if (!turn) return { type: 'box', x: corner.x, y: corner.y, width, height };
    // Label Studio turns a rectangle about its top-left corner; the platform about its centre.
    const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
    const centre = { x: corner.x + (width / 2) * cos - (height / 2) * sin, y: corner.y + (width / 2) * sin + (height / 2) * cos };
    return { type: 'box', x: centre.x - width / 2, y: centre.y - height / 2, width, height, rotation: turn };
  }
  if (kind === 'polygon') {
    const points = value.points;
    if (!Array.isArray(points) || points.some((p) => !Array.isArray(p) || !num(p[0]) || !num(p[1]))) return labelStudioDetails.notNumber;
    if (points.length < 3) return labelStudioDetails.fewPoints;
    return { type: 'polygon', points: points.map((p: number[]) => px(p[0], p[1])) };
  }
  if (kind === 'keypoint') {
    if (!num(value.x) || !num(value.y)) return labelStudioDetails.notNumber;
    return { type: 'point', ...px(value.x, value.y) };
  }
  const mask = value.format === 'rle' ? brushMask(value.rle, size.width, size.height) : null;
  return mask ?? labelStudioDetails.badBrush;
}

/** A video rectangle: its keyframes (frames from 1), each visible, and hidden after one whose `enabled` is false. */
function readTrack(value: Json, where: string, className: string, id: string | undefined, size: { width: number; height: number }, item: DecodedItem, reading: Reading): void {
  const sequence = Array.isArray(value.sequence) ? value.sequence : [];
  const frameCount = num(value.framesCount) && Number.isInteger(value.framesCount) && value.framesCount > 0 ? value.framesCount : undefined;
  const keyframes: Keyframe[] = [];
  for (const [index, entry] of sequence.entries()) {
    const at = `${where} sequence[${index}]`;
    if (!isObject(entry) || !Number.isInteger(entry.frame) || (entry.frame as number) < 1 || (frameCount && (entry.frame as number) > frameCount) || keyframes.some((k) => k.frame === (entry.frame as number) - 1)) {
      return void reading.refusals.push(malformed(`${at} frame`, labelStudioDetails.badFrame));
    }
    const shape = regionShape('rectangle', entry, size);
    if (typeof shape === 'string') return void reading.refusals.push(malformed(at, shape));
    keyframes.push({ frame: (entry.frame as number) - 1, shape, attributes: {}, outside: false, source: 'drawn' });
    if (entry.enabled === false) keyframes.push({ frame: (entry.frame as number), shape: null, attributes: {}, outside: true, source: 'drawn' });
  }
  keyframes.sort((a, b) => a.frame - b.frame || (a.outside ? 1 : -1));
  // A hidden stretch that the next keyframe starts at once is no stretch.
  const kept = keyframes.filter((k, i) => !(k.outside && keyframes[i + 1]?.frame === k.frame));
  const count = frameCount ?? Math.max(1, ...kept.map((k) => k.frame + 1));
  item.frameCount = Math.max(item.frameCount ?? 0, count);
  const track = id ?? `${where}`;
  item.objects.push(...everyFrame(kept, count, (frame, shape) => ({ source: where, className, shape, attributes: {}, id: track, frame })));
}

/** Percentages of the image's size, as Label Studio writes them. */
const percent = (value: number, of: number) => (value / of) * 100;

export const labelStudioEncoder: EncoderFactory = (context) => ({
  item(item) {
    const video = item.result.frameCount > 1;
    const size = { width: item.frames[0]?.width ?? item.width ?? 0, height: item.frames[0]?.height ?? item.height ?? 0 };
    const results = size.width > 0 && size.height > 0 ? (video ? videoResults(item, size, context.tools) : pictureResults(item, size, context.tools)) : [];
    const task = {
      id: item.index,
      data: { [video ? 'video' : 'image']: item.mediaPath },
      annotations: [{ id: item.index, result: results, was_cancelled: false, ground_truth: false, created_at: context.exportedAt }],
      predictions: [],
    };
    return { files: [], sections: { tasks: [JSON.stringify(task)] }, objects: results.filter((r) => r.type !== 'choices' && r.type !== 'textarea').length };
  },
  finish: () => ({ files: [], documents: [{ path: labelStudioPath, parts: ['[', { section: 'tasks' }, ']\n'] }] }),
});

type Result = { id: string; type: string; from_name: string; to_name: string; original_width: number; original_height: number; image_rotation?: number; value: Json };

/** Each object of a picture as its region, and its values as per-region choices or text areas sharing its id. */
function pictureResults(item: ExportItem, size: { width: number; height: number }, tools: ExportTool[]): Result[] {
  const results: Result[] = [];
  for (const { object, className, shape, attributes } of objectsAt(item, 0, tools)) {
    const region = regionValue(shape, size);
    if (!region) continue;
    const base = { id: object.id, from_name: 'label', to_name: 'image', original_width: size.width, original_height: size.height, image_rotation: 0 };
    results.push({ ...base, type: `${region.kind}labels`, value: { ...region.value, [`${region.kind}labels`]: [className] } });
    const definition = tools.find((t) => t.toolId === object.toolId)?.definition;
    for (const [name, value] of Object.entries(attributes)) {
      const input = definition?.attributes.find((a) => a.name === name)?.type === 'input';
      const list = Array.isArray(value) ? value : [value];
      results.push({ ...base, from_name: name, type: input ? 'textarea' : 'choices', value: input ? { text: list } : { choices: list } });
    }
  }
  return results;
}

function regionValue(shape: Shape, size: { width: number; height: number }): { kind: string; value: Json } | null {
  const pc = (p: { x: number; y: number }) => [percent(p.x, size.width), percent(p.y, size.height)];
  switch (shape.type) {
    case 'box': {
      const turn = shape.rotation ?? 0;
      const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
      const [cx, cy] = [shape.x + shape.width / 2, shape.y + shape.height / 2];
      const corner = { x: cx - (shape.width / 2) * cos + (shape.height / 2) * sin, y: cy - (shape.width / 2) * sin - (shape.height / 2) * cos };
      const [x, y] = pc(turn ? corner : shape);
      return { kind: 'rectangle', value: { x, y, width: percent(shape.width, size.width), height: percent(shape.height, size.height), rotation: (turn * 180) / Math.PI } };
    }
    case 'polygon':
      return { kind: 'polygon', value: { points: shape.points.map(pc) } };
    case 'point': {
      const [x, y] = pc(shape);
      return { kind: 'keypoint', value: { x, y, width: 1 } };
    }
    case 'mask':
      return { kind: 'brush', value: { format: 'rle', rle: brushRle(shape) } };
    default:
      return null;
  }
}

/** Each box track of a sequence as a video rectangle: its keyframes from frame 1, `enabled` false where it leaves the scene after. */
function videoResults(item: ExportItem, size: { width: number; height: number }, tools: ExportTool[]): Result[] {
  const results: Result[] = [];
  for (const object of item.result.objects) {
    const keyframes = object.keyframes;
    const sequence: Json[] = [];
    for (const [index, keyframe] of keyframes.entries()) {
      if (keyframe.outside || keyframe.shape?.type !== 'box') continue;
      const region = regionValue(keyframe.shape, size)!.value;
      const next = keyframes[index + 1];
      sequence.push({ frame: keyframe.frame + 1, enabled: !(next?.outside && next.frame === keyframe.frame + 1), ...region });
      // Hidden from a later frame: Label Studio hides only after a keyframe, so the frame before is one.
      if (next?.outside && next.frame > keyframe.frame + 1) {
        const before = objectsAt(item, next.frame - 1, tools).find((o) => o.object.id === object.id);
        if (before?.shape.type === 'box') sequence.push({ frame: next.frame, enabled: false, ...regionValue(before.shape, size)!.value });
      }
    }
    if (sequence.length === 0) continue;
    results.push({ id: object.id, type: 'videorectangle', from_name: 'box', to_name: 'video', original_width: size.width, original_height: size.height, value: { framesCount: item.result.frameCount, sequence, labels: [classNameOf(object, tools)] } });
  }
  return results;
}
