// Reads CVAT 1.1 XML, both layouts: CVAT for images (an <image> per picture with its shapes) and CVAT for video (one
// file per task, or a project's with a sequence per subset: a <track> per object with a shape per frame, keyframes and
// outside marks), and CVAT's task and project backups (cvat-backup.ts). Shapes the project has no tool kind for (2D
// cuboids, ellipses, skeletons, tags) and groups are skipped with a warning; the malformed is refused by its element.
import type { AttributeValues, Keyframe, Shape } from '../../items/result.schema';
import { isAnnotationText } from '../import-gate';
import { type AnnotationDecoder, type DecodeContext, type DecodedItem, type DecodedObject, type DecodeRefusal, type DecodeWarning, type ImportedFile, importReasons, importWarnings, shippedPaths, stemOf } from '../format';
import { holdsBackup, readBackups } from './cvat-backup';
import { everyFrame } from './track-frames';
import { attr, attributesOf, children, childText, cvatDetails, flagAttributes, flagsOf, migrationWarnings, numberAttr, readAnnotations, readShape, shapeElements, type ShapeElement, type XmlElement } from './cvat-xml';

type Size = { width: number; height: number } | null;

interface Reading {
  file: ImportedFile;
  /** Every path of the upload, to find an image a zipped CVAT export ships beside its annotations. */
  paths: Set<string>;
  context: DecodeContext;
  refusals: DecodeRefusal[];
  warnings: DecodeWarning[];
}

const malformed = (source: string, detail: string): DecodeRefusal => ({ source, reasonKey: importReasons.malformed, params: { format: 'CVAT', detail } });

export const decodeCvat: AnnotationDecoder = (files, context) => {
  const refusals: DecodeRefusal[] = [];
  const warnings: DecodeWarning[] = [];
  const items: DecodedItem[] = [];
  const documents = files.filter((f) => f.path.toLowerCase().endsWith('.xml'));
  const paths = shippedPaths(files, context);
  if (documents.length === 0 && !holdsBackup(files)) return { items, refusals: [{ source: files[0]?.path ?? '-', reasonKey: importReasons.noFiles }] };
  readBackups(files, paths, context, { items, refusals, warnings });
  for (const file of documents) {
    const read = readAnnotations(file.content.toString('utf8'));
    if ('detail' in read) {
      refusals.push(malformed(read.line ? `${file.path}:${read.line}` : file.path, read.detail));
      continue;
    }
    const reading: Reading = { file, paths, context, refusals, warnings };
    const images = children(read.root, 'image');
    images.forEach((image, index) => {
      const item = readImage(image, `${file.path} image[${index}]`, reading);
      if (item) items.push(item);
    });
    if (images.length === 0 || children(read.root, 'track').length > 0) items.push(...readSequences(read.root, reading));
  }
  return { items, refusals, warnings };
};

/** One picture of CVAT for images: its shapes as objects at frame 0. */
function readImage(image: XmlElement, source: string, reading: Reading): DecodedItem | null {
  const name = attr(image, 'name')?.trim();
  if (!name) {
    reading.refusals.push(malformed(`${source} name`, cvatDetails.noName));
    return null;
  }
  const [width, height] = [numberAttr(image, 'width'), numberAttr(image, 'height')];
  const size = width && height ? { width, height } : reading.context.sizeOf(name);
  const item: DecodedItem = { fileName: shippedImage(image, name, reading), source, objects: [] };
  for (const kind of shapeElements) {
    children(image, kind).forEach((element, index) => {
      for (const read of readObjects(kind, element, `${source} ${kind}[${index}]`, size, reading)) item.objects.push({ ...read, source: `${source} ${kind}[${index}]` });
    });
  }
  return item;
}

/**
 * Where a zipped CVAT export holds the image beside the annotations ("images/<name>", in a project export
 * "images/<subset>/<name>"): the name the batch's item has when the same zip made the batch. Else the name as written.
 */
function shippedImage(image: XmlElement, name: string, reading: Reading): string {
  const folder = reading.file.path.slice(0, reading.file.path.lastIndexOf('/') + 1);
  const subset = attr(image, 'subset');
  return [`${folder}images/${name}`, ...(subset ? [`${folder}images/${subset}/${name}`] : [])].find((path) => reading.paths.has(path)) ?? name;
}

/** An element's class, shapes and values, with why it is refused or what of it is skipped. */
function readObjects(kind: ShapeElement, element: XmlElement, source: string, size: Size, reading: Reading): { className: string; shape: Shape; attributes: AttributeValues }[] {
  const read = readShape(kind, element, size);
  if ('skipped' in read) {
    reading.warnings.push({ source, reasonKey: importWarnings.shapeSkipped, params: { value: kind, detail: read.skipped } });
    return [];
  }
  const className = attr(element, 'label')?.trim();
  if (!className) {
    reading.refusals.push(malformed(`${source} label`, cvatDetails.noLabel));
    return [];
  }
  if ('refused' in read) {
    reading.refusals.push(malformed(read.field ? `${source} ${read.field}` : source, read.refused));
    return [];
  }
  const group = attr(element, 'group_id');
  if (group && group !== '0') reading.warnings.push({ source, reasonKey: migrationWarnings.group, params: { value: group } });
  if (read.shapes.length > 1) reading.warnings.push({ source, reasonKey: migrationWarnings.pointsSplit, params: { value: read.shapes.length } });
  const attributes = { ...attributesOf(element), ...flagsOf(element) };
  return read.shapes.map((shape) => ({ className, shape, attributes }));
}

/** The tasks a file's <meta> describes: its task or job, or each task of a project export. */
function tasksOf(root: XmlElement): XmlElement[] {
  const meta = root.meta as XmlElement | undefined;
  const own = (meta?.task ?? meta?.job) as XmlElement | undefined;
  if (own) return [own];
  const listed = ((meta?.project as XmlElement | undefined)?.tasks as XmlElement | undefined)?.task;
  return Array.isArray(listed) ? (listed as XmlElement[]) : listed ? [listed as XmlElement] : [];
}

/**
 * The sequence a CVAT for video file annotates: named by its video (<source>, in <meta> or in its task), else by
 * the file's place ("annotations/drive_0001.xml" or "drive_0001/annotations.xml"), else by the task's name.
 */
function sequenceName(root: XmlElement, task: XmlElement | undefined, path: string): string {
  const source = (childText(root.meta as XmlElement | undefined, 'source') ?? childText(task, 'source'))?.trim();
  if (source) return source;
  const folder = path.match(/^(.*)\/annotations\.xml$/i)?.[1];
  if (folder) return folder;
  if (!/(^|\/)annotations\.xml$/i.test(path)) return stemOf(path.replace(/^annotations\//, ''));
  return childText(task, 'name')?.trim() || stemOf(path);
}

/**
 * The frames an export with its images ships beside the file: "images/" of a task's export, "images/<subset>/" of a
 * project's, in name order as the batch's import makes them one sequence; with the folder that sequence is named by.
 */
function shippedFrames(reading: Reading, subset: string): { name: string; frames: string[] } | null {
  const folder = reading.file.path.slice(0, reading.file.path.lastIndexOf('/') + 1);
  const inside = `${folder}images/${subset ? `${subset}/` : ''}`;
  const frames = [...reading.paths].filter((p) => p.startsWith(inside) && !p.slice(inside.length).includes('/') && !isAnnotationText(p)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return frames.length > 0 ? { name: inside.slice(0, -1), frames } : null;
}

/** The task's first frame of its media and its step ("step=2"), by which CVAT numbers its frames. */
function frameRange(task: XmlElement | undefined): { start: number; step: number; stop: number } {
  const start = Number(childText(task, 'start_frame')) || 0;
  const step = Number(/step\s*=\s*(\d+)/.exec(childText(task, 'frame_filter') ?? '')?.[1]) || 1;
  const stop = Number(childText(task, 'stop_frame')) || start + (Math.max(1, Number(childText(task, 'size')) || 1) - 1) * step;
  return { start, step, stop };
}

/**
 * Where a frame CVAT numbers lies in the item. CVAT numbers a task's frames by its media's: the item that holds only
 * the task's frames (shipped beside the file, or as many as the task has) has frame n at start + n × step.
 */
function framePlacer(task: XmlElement | undefined, shipped: { frames: string[] } | null): (frame: number) => number | null {
  const { start, step } = frameRange(task);
  // A video's frames ship as "frame_<its number, six digits>.PNG": found by name, whatever the start and the step.
  const byName = new Map((shipped?.frames ?? []).map((path, index) => [stemOf(path.slice(path.lastIndexOf('/') + 1)), index]));
  return (frame) => {
    const named = byName.get(`frame_${String(frame).padStart(6, '0')}`);
    if (named !== undefined) return named;
    const placed = (frame - start) / step;
    return Number.isInteger(placed) && placed >= 0 ? placed : null;
  };
}

/**
 * The sequences of a CVAT for video file: one for a task's export, one per subset for a project's (its tracks name
 * their subset). Each track is read at every frame from its first keyframe to the sequence's end.
 */
function readSequences(root: XmlElement, reading: Reading): DecodedItem[] {
  const tasks = tasksOf(root);
  const bySubset = new Map<string, { track: XmlElement; index: number }[]>();
  children(root, 'track').forEach((track, index) => {
    const subset = attr(track, 'subset')?.trim() ?? '';
    bySubset.set(subset, [...(bySubset.get(subset) ?? []), { track, index }]);
  });
  if (bySubset.size === 0) bySubset.set('', []);
  return [...bySubset].flatMap(([subset, tracks]) => {
    const task = tasks.find((t) => subset && childText(t, 'subset') === subset) ?? tasks[0];
    const shipped = shippedFrames(reading, subset) ?? (subset ? null : shippedFrames(reading, childText(task, 'subset')?.trim() ?? ''));
    const name = shipped?.name ?? (subset && tasks.length > 1 ? subset : sequenceName(root, task, reading.file.path));
    const sequence = readSequence(tracks, { name, task, shipped, tasks }, reading);
    // In a picture project the shipped frames are items of their own: each frame's shapes go to its picture.
    const { itemOf } = reading.context;
    return shipped && itemOf && !itemOf(shipped.name) && itemOf(shipped.frames[0]) ? asPictures(sequence, shipped.frames) : [sequence];
  });
}

/** A sequence's objects on the pictures of its frames, each at its picture's only frame. */
function asPictures(sequence: DecodedItem, frames: string[]): DecodedItem[] {
  const pictures = frames.map((fileName): DecodedItem => ({ fileName, source: sequence.source, objects: [] }));
  for (const { frame = 0, ...object } of sequence.objects) pictures[frame].objects.push(object);
  return pictures;
}

interface SequenceShape {
  name: string;
  task: XmlElement | undefined;
  tasks: XmlElement[];
  shipped: { frames: string[] } | null;
}

/** One sequence: its tracks, each as its keyframes, read at every frame up to the sequence's end. */
function readSequence(tracks: { track: XmlElement; index: number }[], { name, task, tasks, shipped }: SequenceShape, reading: Reading): DecodedItem {
  const { file } = reading;
  // An item that holds its whole video (frames past the task's last) takes CVAT's numbers as they are.
  const { start, step, stop } = frameRange(task);
  const held = shipped || tasks.length > 1 ? null : (reading.context.itemOf?.(name)?.frameCount ?? null);
  const whole = held !== null && held > stop && (start > 0 || step > 1);
  const declared = shipped ? shipped.frames.length : whole ? held : Number(childText(task, 'size'));
  const original = task?.original_size as XmlElement | undefined;
  const [width, height] = [Number(childText(original, 'width')), Number(childText(original, 'height'))];
  const size = width > 0 && height > 0 ? { width, height } : reading.context.sizeOf(name);
  const read = tracks.map(({ track, index }) => {
    // A project's track names its task, whose start and step number its frames.
    const own = tasks.find((t) => childText(t, 'id') === attr(track, 'task_id')) ?? task;
    return readTrack(track, index, size, whole ? (frame) => frame : framePlacer(own, shipped), reading);
  });
  const lastFrame = Math.max(0, ...read.map((t) => t?.lastFrame ?? 0));
  const frameCount = Number.isInteger(declared) && declared > 0 && tasks.length <= 1 ? declared : shipped ? shipped.frames.length : lastFrame + 1;
  const item: DecodedItem = { fileName: name, source: file.path, objects: [], frameCount };
  read.forEach((track, at) => {
    if (!track) return;
    const source = `${file.path} track[${tracks[at].index}]`;
    if (track.lastFrame >= frameCount) return reading.refusals.push(malformed(`${source} frame ${track.lastFrame}`, cvatDetails.badFrame));
    track.keyframes.forEach((keyframes, part) => {
      const id = part === 0 ? track.id : `${track.id}-${part + 1}`;
      item.objects.push(...everyFrame(keyframes, frameCount, (frame, shape, attributes): DecodedObject => ({ source, className: track.className, shape, attributes, id, frame })));
    });
  });
  return item;
}

/** A track's class, id and keyframes: one list, or one per point of a points track, each point its own object. */
function readTrack(track: XmlElement, index: number, size: Size, place: (frame: number) => number | null, reading: Reading): { className: string; id: string; keyframes: Keyframe[][]; lastFrame: number } | null {
  const source = `${reading.file.path} track[${index}]`;
  const className = attr(track, 'label')?.trim();
  if (!className) {
    reading.refusals.push(malformed(`${source} label`, cvatDetails.noLabel));
    return null;
  }
  const group = attr(track, 'group_id');
  if (group && group !== '0') reading.warnings.push({ source, reasonKey: migrationWarnings.group, params: { value: group } });
  const entries: { frame: number; shapes: Shape[]; attributes: AttributeValues; outside: boolean; keyframe: boolean }[] = [];
  let refused = false;
  for (const kind of shapeElements) {
    const elements = children(track, kind);
    if (elements.length === 0) continue;
    const kindRead = readShape(kind, {}, null);
    if ('skipped' in kindRead) {
      reading.warnings.push({ source, reasonKey: importWarnings.shapeSkipped, params: { value: kind, detail: kindRead.skipped } });
      continue;
    }
    elements.forEach((element, at) => {
      const where = `${source} ${kind}[${at}]`;
      const written = numberAttr(element, 'frame');
      const frame = written !== undefined && Number.isInteger(written) && written >= 0 ? place(written) : null;
      if (frame === null) {
        refused = true;
        return reading.refusals.push(malformed(`${where} frame`, cvatDetails.badFrame));
      }
      const read = readShape(kind, element, size);
      if (!('shapes' in read)) {
        refused = true;
        return reading.refusals.push(malformed('field' in read && read.field ? `${where} ${read.field}` : where, 'refused' in read ? read.refused : read.skipped));
      }
      entries.push({ frame, shapes: read.shapes, attributes: { ...attributesOf(element), ...flagsOf(element) }, outside: attr(element, 'outside') === '1', keyframe: attr(element, 'keyframe') !== '0' });
    });
  }
  if (refused) return null;
  // A flag set somewhere on a track is written on each of its frames, so a frame that clears it clears it.
  for (const flag of flagAttributes) {
    if (entries.some((e) => flag in e.attributes)) for (const e of entries) e.attributes[flag] ??= '0';
  }
  // CVAT writes every frame of a track and marks its keyframes; a file that marks none gives every frame as one.
  const marked = entries.filter((e) => e.keyframe || e.outside);
  const chosen = (marked.length > 0 ? marked : entries).sort((a, b) => a.frame - b.frame);
  const repeatedAt = chosen.find((e, i) => i > 0 && e.frame === chosen[i - 1].frame);
  if (repeatedAt) {
    reading.refusals.push(malformed(`${source} frame ${repeatedAt.frame}`, cvatDetails.repeatedFrame));
    return null;
  }
  const parts = Math.max(1, ...chosen.map((e) => e.shapes.length));
  if (parts > 1) reading.warnings.push({ source, reasonKey: migrationWarnings.pointsSplit, params: { value: parts } });
  const keyframes = Array.from({ length: parts }, (_, part) =>
    chosen.map((e): Keyframe => {
      const shape = e.outside ? null : (e.shapes[part] ?? null);
      return { frame: e.frame, shape, attributes: e.attributes, outside: shape === null, source: 'drawn' };
    }),
  );
  return { className, id: attr(track, 'id')?.trim() || String(index), keyframes, lastFrame: Math.max(0, ...entries.map((e) => e.frame)) };
}
