// Reads CVAT 1.1 XML, both layouts: CVAT for images (an <image> per picture with its shapes) and CVAT for video (one
// file per sequence, a <track> per object with a shape per frame, keyframes and outside marks). Shapes the project has
// no tool kind for (2D cuboids, ellipses, skeletons, tags) and groups are skipped with a warning; the malformed is
// refused by its element.
import type { AttributeValues, Keyframe, Shape } from '../../tasks/result.schema';
import { type AnnotationDecoder, type DecodeContext, type DecodedItem, type DecodedObject, type DecodeRefusal, type DecodeWarning, type ImportedFile, importReasons, importWarnings, shippedPaths, stemOf } from '../format';
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
  if (documents.length === 0) return { items, refusals: [{ source: files[0]?.path ?? '-', reasonKey: importReasons.noFiles }] };
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
    if (images.length === 0 || children(read.root, 'track').length > 0) items.push(readSequence(read.root, reading));
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

/** The task or job a file's <meta> describes. */
const taskOf = (root: XmlElement): XmlElement | undefined => {
  const meta = root.meta as XmlElement | undefined;
  return (meta?.task ?? meta?.job) as XmlElement | undefined;
};

/**
 * The sequence a CVAT for video file annotates: named by the task's <source> (its video), else by the file's place
 * ("annotations/drive_0001.xml" or "drive_0001/annotations.xml"), else by the task's name.
 */
function sequenceName(root: XmlElement, path: string): string {
  const task = taskOf(root);
  const source = childText(task, 'source')?.trim();
  if (source) return source;
  const folder = path.match(/^(.*)\/annotations\.xml$/i)?.[1];
  if (folder) return folder;
  if (!/(^|\/)annotations\.xml$/i.test(path)) return stemOf(path.replace(/^annotations\//, ''));
  return childText(task, 'name')?.trim() || stemOf(path);
}

/** One sequence of CVAT for video: each track read at every frame from its first keyframe to the sequence's end. */
function readSequence(root: XmlElement, reading: Reading): DecodedItem {
  const { file } = reading;
  const task = taskOf(root);
  const name = sequenceName(root, file.path);
  const declared = Number(childText(task, 'size'));
  const original = task?.original_size as XmlElement | undefined;
  const [width, height] = [Number(childText(original, 'width')), Number(childText(original, 'height'))];
  const size = width > 0 && height > 0 ? { width, height } : reading.context.sizeOf(name);
  const tracks = children(root, 'track');
  const read = tracks.map((track, index) => readTrack(track, index, size, reading));
  const lastFrame = Math.max(0, ...read.map((t) => t?.lastFrame ?? 0));
  const frameCount = Number.isInteger(declared) && declared > 0 ? declared : lastFrame + 1;
  const item: DecodedItem = { fileName: name, source: file.path, objects: [], frameCount };
  read.forEach((track, index) => {
    if (!track) return;
    const source = `${file.path} track[${index}]`;
    if (track.lastFrame >= frameCount) return reading.refusals.push(malformed(`${source} frame ${track.lastFrame}`, cvatDetails.badFrame));
    track.keyframes.forEach((keyframes, part) => {
      const id = part === 0 ? track.id : `${track.id}-${part + 1}`;
      item.objects.push(...everyFrame(keyframes, frameCount, (frame, shape, attributes): DecodedObject => ({ source, className: track.className, shape, attributes, id, frame })));
    });
  });
  return item;
}

/** A track's class, id and keyframes: one list, or one per point of a points track, each point its own object. */
function readTrack(track: XmlElement, index: number, size: Size, reading: Reading): { className: string; id: string; keyframes: Keyframe[][]; lastFrame: number } | null {
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
      const frame = numberAttr(element, 'frame');
      if (frame === undefined || !Number.isInteger(frame) || frame < 0) {
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
