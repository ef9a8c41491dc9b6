// CVAT's task and project backups ("Backup task", "Backup project"): <task>/task.json with the labels and the data's
// start frame and step, <task>/annotations.json with each job's tags, shapes and tracks (labels and attributes by
// name, frames counted from the task's first, a track's stored shapes its keyframes with their outside marks) and
// <task>/data/ with the uploaded media (a video, or the pictures) beside manifest.jsonl and index.json. A project's
// backup holds a task_<n>/ folder per task. The media are the batch's items; each task's annotations are read onto them.
import { videoExtensions } from '../../batches/item-frames';
import type { AttributeValues, Keyframe, Shape } from '../../items/result.schema';
import { isShippedMedia } from '../import-gate';
import { type DecodeContext, type DecodedItem, type DecodedObject, type DecodeRefusal, type DecodeWarning, type ImportedFile, importReasons, importWarnings } from '../format';
import { cvatDetails, flagAttributes, migrationWarnings, readShape, type ShapeElement, type XmlElement } from './cvat-xml';
import { everyFrame } from './track-frames';

type Json = Record<string, any>;
const isObject = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);

export const backupDetails = {
  noAnnotations: 'exports.import.migration.backup_annotations',
  notJobs: 'exports.import.migration.backup_jobs',
} as const;

/** CVAT's shape types as the elements of its XML, whose reading they share. */
const elementOf: Record<string, ShapeElement> = { rectangle: 'box', polygon: 'polygon', polyline: 'polyline', points: 'points', ellipse: 'ellipse', cuboid: 'cuboid', mask: 'mask', skeleton: 'skeleton' };

interface Out {
  items: DecodedItem[];
  refusals: DecodeRefusal[];
  warnings: DecodeWarning[];
}

const malformed = (source: string, detail: string): DecodeRefusal => ({ source, reasonKey: importReasons.malformed, params: { format: 'CVAT', detail } });
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Whether an upload holds a backup: a task.json anywhere. */
export const holdsBackup = (files: ImportedFile[]): boolean => files.some((f) => /(^|\/)task\.json$/.test(f.path));

/** Reads every task of the backups among the files into `out`. */
export function readBackups(files: ImportedFile[], paths: Set<string>, context: DecodeContext, out: Out): void {
  for (const manifest of files.filter((f) => /(^|\/)task\.json$/.test(f.path))) {
    const folder = manifest.path.slice(0, manifest.path.length - 'task.json'.length);
    const annotations = files.find((f) => f.path === `${folder}annotations.json`);
    if (!annotations) {
      out.refusals.push(malformed(manifest.path, backupDetails.noAnnotations));
      continue;
    }
    const task = parse(manifest, out);
    const jobs = parse(annotations, out);
    if (task === undefined || jobs === undefined) continue;
    const list = Array.isArray(jobs) ? jobs : [jobs];
    if (!isObject(task) || !list.every((job) => isObject(job) && ['tags', 'shapes', 'tracks'].every((key) => job[key] === undefined || Array.isArray(job[key])))) {
      out.refusals.push(malformed(isObject(task) ? annotations.path : manifest.path, backupDetails.notJobs));
      continue;
    }
    readTask(task, list as Json[], { folder, source: annotations.path, paths, context }, out);
  }
}

function parse(file: ImportedFile, out: Out): unknown {
  try {
    return JSON.parse(file.content.toString('utf8'));
  } catch (error) {
    out.refusals.push(malformed(file.path, (error as Error).message));
    return undefined;
  }
}

interface Place {
  folder: string;
  source: string;
  paths: Set<string>;
  context: DecodeContext;
}

/** Where the task's frames lie: a picture item each (`pictures`), or frames of one item (`item`, counted in the media's own frames). */
type Frames =
  | { kind: 'pictures'; pictureAt: (frame: number) => string | null; frameCount: number }
  | { kind: 'item'; fileName: string; frameOf: (frame: number) => number; frameCount: number | null };

/**
 * Where the task's frames lie among the batch's items: a video item (its frames the video's), a sequence item of the
 * data folder's pictures, or a picture item each; without the media, one item named after the task. CVAT's frame n is
 * the media's frame start + n × step.
 */
function framesOf(task: Json, { folder, paths, context }: Place): Frames {
  const data = isObject(task.data) ? task.data : {};
  const start = Number.isInteger(data.start_frame) ? data.start_frame : 0;
  const step = Number(/step\s*=\s*(\d+)/.exec(String(data.frame_filter ?? ''))?.[1]) || 1;
  const frameOf = (n: number) => start + n * step;
  const media = [...paths].filter((p) => p.startsWith(`${folder}data/`) && isShippedMedia(p)).sort(byName);
  const video = media.find((p) => (videoExtensions as readonly string[]).includes(p.slice(p.lastIndexOf('.') + 1).toLowerCase()));
  if (video) return { kind: 'item', fileName: video, frameOf, frameCount: context.itemOf?.(video)?.frameCount ?? null };
  const pictures = `${folder}data`;
  const sequence = media.length > 0 ? context.itemOf?.(pictures) : null;
  if (sequence) return { kind: 'item', fileName: pictures, frameOf, frameCount: sequence.frameCount ?? media.length };
  if (media.length > 0) return { kind: 'pictures', pictureAt: (n) => media[frameOf(n)] ?? null, frameCount: Math.max(0, Math.ceil((media.length - start) / step)) };
  const name = typeof task.name === 'string' && task.name.trim() ? task.name.trim() : folder.replace(/\/$/, '') || 'task';
  return { kind: 'item', fileName: name, frameOf, frameCount: context.itemOf?.(name)?.frameCount ?? null };
}

function readTask(task: Json, jobs: Json[], place: Place, out: Out): void {
  const frames = framesOf(task, place);
  const items = new Map<string, DecodedItem>();
  const itemNamed = (fileName: string) => {
    const item = items.get(fileName) ?? { fileName, source: place.source, objects: [] };
    items.set(fileName, item);
    return item;
  };
  // A shape of task frame n: on the picture at n, or at the item's media frame of n.
  const add = (frame: number, object: Omit<DecodedObject, 'frame'>) => {
    if (frames.kind === 'item') return itemNamed(frames.fileName).objects.push({ ...object, frame: frames.frameOf(frame) });
    const picture = frames.pictureAt(frame);
    if (!picture) return out.refusals.push(malformed(`${object.source} frame ${frame}`, cvatDetails.badFrame));
    itemNamed(picture).objects.push({ ...object, frame: 0 });
  };
  const size = place.context.sizeOf(frames.kind === 'item' ? frames.fileName : (frames.pictureAt(0) ?? ''));
  let tracks = 0;
  jobs.forEach((job, index) => {
    const where = `${place.source} [${index}]`;
    (job.tags ?? []).forEach((_: unknown, at: number) => out.warnings.push({ source: `${where} tags[${at}]`, reasonKey: importWarnings.shapeSkipped, params: { value: 'tag', detail: cvatDetails.tag } }));
    (job.shapes ?? []).forEach((raw: unknown, at: number) => {
      const source = `${where} shapes[${at}]`;
      const shape = isObject(raw) ? raw : {};
      const read = readKeyframe(shape, source, size, out);
      if (!read?.shapes || !labelOf(shape, source, out)) return;
      for (const one of read.shapes) add(shape.frame, { source, className: shape.label, shape: one, attributes: { ...valuesOf(shape.attributes), ...read.flags } });
    });
    (job.tracks ?? []).forEach((raw: unknown, at: number) => {
      const source = `${where} tracks[${at}]`;
      const track = isObject(raw) ? raw : {};
      const id = String(tracks++);
      if (!labelOf(track, source, out)) return;
      const parts = trackKeyframes(track, source, size, out);
      if (!parts) return;
      parts.forEach((keyframes, part) => {
        const object = { source, className: track.label, id: part === 0 ? id : `${id}-${part + 1}` };
        const values = valuesOf(track.attributes);
        // A track runs from its first keyframe to the end, blended as CVAT blends it: over the item's every media
        // frame (those a step leaves out included), or over the task's frames where each is a picture of its own.
        if (frames.kind === 'item') {
          const placed = keyframes.map((k) => ({ ...k, frame: frames.frameOf(k.frame) }));
          const end = frames.frameCount ?? Math.max(...placed.map((k) => k.frame)) + 1;
          const item = itemNamed(frames.fileName);
          for (const read of everyFrame(placed, end, (frame, shape, attributes) => ({ frame, shape, attributes }))) item.objects.push({ ...object, frame: read.frame, shape: read.shape, attributes: { ...values, ...read.attributes } });
          return;
        }
        for (const read of everyFrame(keyframes, frames.frameCount, (frame, shape, attributes) => ({ frame, shape, attributes }))) add(read.frame, { ...object, shape: read.shape, attributes: { ...values, ...read.attributes } });
      });
    });
  });
  out.items.push(...items.values());
}

function labelOf(annotation: Json, source: string, out: Out): boolean {
  if (typeof annotation.label === 'string' && annotation.label.trim()) return true;
  out.refusals.push(malformed(`${source} label`, cvatDetails.noLabel));
  return false;
}

/** `[{ name, value }]` as values by name; a name given twice is a list. */
function valuesOf(raw: unknown): AttributeValues {
  const values: AttributeValues = {};
  for (const entry of Array.isArray(raw) ? raw : []) {
    if (!isObject(entry) || typeof entry.name !== 'string') continue;
    const text = String(entry.value ?? '');
    const had = values[entry.name];
    values[entry.name] = had === undefined ? text : [...(Array.isArray(had) ? had : [had]), text];
  }
  return values;
}

/** A stored shape read as CVAT's XML element of its type would be: its shapes (a point each of points; null where outside) and its flags, or null where refused or skipped. */
function readKeyframe(shape: Json, source: string, size: { width: number; height: number } | null, out: Out): { shapes: Shape[] | null; flags: AttributeValues } | null {
  const kind = elementOf[shape.type];
  const frame = shape.frame;
  if (!Number.isInteger(frame) || frame < 0) {
    out.refusals.push(malformed(`${source} frame`, cvatDetails.badFrame));
    return null;
  }
  if (!kind) {
    out.refusals.push(malformed(`${source} type`, cvatDetails.notNumber));
    return null;
  }
  const points: unknown[] = Array.isArray(shape.points) ? shape.points : [];
  const read = readShape(kind, elementFor(kind, points, shape.rotation), size);
  if ('skipped' in read) {
    out.warnings.push({ source, reasonKey: importWarnings.shapeSkipped, params: { value: kind, detail: read.skipped } });
    return null;
  }
  if ('refused' in read) {
    out.refusals.push(malformed(read.field ? `${source} points` : source, read.refused));
    return null;
  }
  const flags: AttributeValues = {};
  if (shape.occluded === true) flags.occluded = '1';
  if (Number.isInteger(shape.z_order) && shape.z_order !== 0) flags.z_order = String(shape.z_order);
  if (read.shapes.length > 1) out.warnings.push({ source, reasonKey: migrationWarnings.pointsSplit, params: { value: read.shapes.length } });
  return { shapes: shape.outside === true ? null : read.shapes, flags };
}

/** The XML attributes CVAT's dump writes for a stored shape's points: a box's corners, a mask's runs and box, others' "x,y;x,y". */
function elementFor(kind: ShapeElement, points: unknown[], rotation: unknown): XmlElement {
  const text = points.map((p) => String(p));
  if (kind === 'box') return { '@_xtl': text[0], '@_ytl': text[1], '@_xbr': text[2], '@_ybr': text[3], ...(rotation ? { '@_rotation': String(rotation) } : {}) };
  if (kind === 'mask') {
    const [left, top, right, bottom] = points.slice(-4).map(Number);
    return { '@_rle': text.slice(0, -4).join(','), '@_left': String(left), '@_top': String(top), '@_width': String(right - left + 1), '@_height': String(bottom - top + 1) };
  }
  const pairs: string[] = [];
  for (let i = 0; i + 1 < text.length; i += 2) pairs.push(`${text[i]},${text[i + 1]}`);
  return { '@_points': text.length % 2 === 0 && text.length > 0 ? pairs.join(';') : '' };
}

/**
 * A track's stored shapes as keyframes with their outside marks, its mutable values and flags on each: one list, or
 * one per point of a points track; null where one is refused or its kind skipped.
 */
function trackKeyframes(track: Json, source: string, size: { width: number; height: number } | null, out: Out): Keyframe[][] | null {
  const shapes: Json[] = (Array.isArray(track.shapes) ? track.shapes : []).filter(isObject);
  const read: { frame: number; shapes: Shape[] | null; attributes: AttributeValues }[] = [];
  for (const [at, shape] of shapes.entries()) {
    const one = readKeyframe(shape, `${source} shapes[${at}]`, size, out);
    if (!one) return null;
    read.push({ frame: shape.frame, shapes: one.shapes, attributes: { ...valuesOf(shape.attributes), ...one.flags } });
  }
  if (read.length === 0) return null;
  // A flag set somewhere on a track holds where it was set, so a keyframe that does not set it clears it.
  for (const flag of flagAttributes) if (read.some((k) => flag in k.attributes)) for (const k of read) k.attributes[flag] ??= '0';
  read.sort((a, b) => a.frame - b.frame);
  const repeated = read.find((k, i) => i > 0 && k.frame === read[i - 1].frame);
  if (repeated) {
    out.refusals.push(malformed(`${source} frame ${repeated.frame}`, cvatDetails.repeatedFrame));
    return null;
  }
  const parts = Math.max(1, ...read.map((k) => k.shapes?.length ?? 0));
  return Array.from({ length: parts }, (_, part) =>
    read.map((k): Keyframe => {
      const shape = k.shapes?.[part] ?? null;
      return { frame: k.frame, shape, attributes: k.attributes, outside: shape === null, source: 'drawn' };
    }),
  );
}
