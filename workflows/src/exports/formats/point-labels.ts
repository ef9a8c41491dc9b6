// Per-point labels, as nuScenes lidarseg keeps them but two bytes wide: per item and frame that has segments,
// point_labels/<stem>/<frame>.bin holds one little-endian uint16 per point of the frame's cloud, in the cloud's
// order: the class index of the segment that labels it (a later object over an earlier one), 0 where none does;
// <frame>.instance.bin beside it holds, in the same layout, the instance of that segment: its track's number in the
// item (from 1), 0 where none labels the point, so two objects of one class stay two. point_labels/classes.json names
// the class indices, and point_labels/<stem>/tracks.json keeps each instance's track id and values. Read back as one
// segment track per instance, or per class and item where a frame has no instance file.
import type { AttributeValues, SegmentShape } from '../../items/result.schema';
import { type AnnotationDecoder, archiveStem, ClassRegistry, type DecodedItem, type DecodeRefusal, type EncoderFactory, type ExportFile, type ExportItem, type ExportTool, importDetails, importReasons } from '../format';
import { objectsAt } from './objects-at';
import { readJson } from './kitti-3d';
import { frameName } from './spatial';
import { readTracksFile, trackNumbers, tracksFile } from './tracks';

export const pointLabelsClassesPath = 'point_labels/classes.json';
const unlabelled = 'unlabelled';
/** The instance file beside a frame's class file. */
const instanceSuffix = '.instance.bin';

/** Writes a segment's runs into the labels: every point of its labelled runs takes the value. */
function paint(labels: Uint16Array, segment: SegmentShape, value: number): void {
  let at = 0;
  segment.counts.forEach((run, i) => {
    if (i % 2 === 1) labels.fill(value, at, Math.min(labels.length, at + run));
    at += run;
  });
}

/** The runs of the points a group holds: unlabelled first, alternating, adding up to the point count. */
function runsOf(length: number, holds: (point: number) => boolean): number[] {
  const counts: number[] = [];
  let inside = false;
  let run = 0;
  for (let i = 0; i < length; i++) {
    if (holds(i) !== inside) {
      counts.push(run);
      inside = !inside;
      run = 0;
    }
    run++;
  }
  counts.push(run);
  return counts;
}

/** Two bytes a value, little-endian. */
function uint16Bytes(values: Uint16Array): Uint8Array {
  const bytes = new Uint8Array(values.length * 2);
  const view = new DataView(bytes.buffer);
  values.forEach((value, i) => view.setUint16(i * 2, value, true));
  return bytes;
}

function readUint16s(content: Buffer): Uint16Array {
  const values = new Uint16Array(content.length / 2);
  for (let i = 0; i < values.length; i++) values[i] = content.readUInt16LE(i * 2);
  return values;
}

/** The per-point classes: 0 unlabelled, then the segment tools in the project's order. */
export function segmentClasses(tools: ExportTool[]): ClassRegistry {
  const classes = new ClassRegistry([]);
  classes.idOf(unlabelled);
  for (const tool of tools) if (tool.definition.templateType === 'segment') classes.idOf(tool.definition.name);
  return classes;
}

/** A frame's labels: per point of its cloud the class index and the instance (the track's number) of the segment labelling it. */
export interface FrameLabels {
  frame: number;
  classes: Uint16Array;
  instances: Uint16Array;
  /** The segment tracks in the scene at the frame. */
  objectIds: string[];
}

/**
 * Each frame of an item that has segments, labelled point by point (a later object over an earlier one); the
 * instances are the tracks' numbers in the item, from 1, so two objects of one class stay two.
 */
export function labelledFrames(item: ExportItem, tools: ExportTool[], classes: ClassRegistry, instances: Map<string, number>): FrameLabels[] {
  const out: FrameLabels[] = [];
  for (let frame = 0; frame < item.result.frameCount; frame++) {
    const segments = objectsAt(item, frame, tools).filter((o) => o.shape.type === 'segment');
    if (segments.length === 0) continue;
    const pointCount = (segments[0].shape as SegmentShape).pointCount;
    const labels: FrameLabels = { frame, classes: new Uint16Array(pointCount), instances: new Uint16Array(pointCount), objectIds: [] };
    for (const { object, className, shape } of segments) {
      labels.objectIds.push(object.id);
      paint(labels.classes, shape as SegmentShape, classes.idOf(className));
      paint(labels.instances, shape as SegmentShape, instances.get(object.id)!);
    }
    out.push(labels);
  }
  return out;
}

/** The numbers of an item's segment tracks, as every per-point format writes them. */
export const segmentInstances = (item: ExportItem): Map<string, number> => trackNumbers(item.result.objects.filter((o) => o.templateType === 'segment'));

/** The class indices' names, as every per-point format writes them beside its files. */
export const classesJson = (classes: ClassRegistry): string => `${JSON.stringify(Object.fromEntries(classes.names().map((name, i) => [String(i), name])), null, 1)}\n`;

export const pointLabelsEncoder: EncoderFactory = (context) => {
  const classes = segmentClasses(context.tools);
  return {
    item(item) {
      const folder = `point_labels/${archiveStem(item)}`;
      const files: ExportFile[] = [];
      const instances = segmentInstances(item);
      const written = new Set<string>();
      let objects = 0;
      for (const labels of labelledFrames(item, context.tools, classes, instances)) {
        for (const id of labels.objectIds) written.add(id);
        files.push({ path: `${folder}/${frameName(labels.frame)}.bin`, content: uint16Bytes(labels.classes) }, { path: `${folder}/${frameName(labels.frame)}${instanceSuffix}`, content: uint16Bytes(labels.instances) });
        objects += labels.objectIds.length;
      }
      if (files.length > 0) files.push({ path: `${folder}/tracks.json`, content: tracksFile({ ...item, result: { ...item.result, objects: item.result.objects.filter((o) => written.has(o.id)) } }, instances) });
      return { files, objects };
    },
    finish() {
      return { files: [{ path: pointLabelsClassesPath, content: classesJson(classes) }], documents: [] };
    },
  };
};

export const decodePointLabels: AnnotationDecoder = (files) => {
  const refusals: DecodeRefusal[] = [];
  const bins = files.filter((f) => f.path.endsWith('.bin') && !f.path.endsWith(instanceSuffix));
  const classesFile = files.find((f) => f.path.split('/').pop() === 'classes.json');
  if (bins.length === 0 || !classesFile) return { items: [], refusals: [{ source: files[0]?.path ?? '-', reasonKey: importReasons.noFiles }] };
  const names = readJson(classesFile.content);
  const items = new Map<string, DecodedItem>();
  const malformed = (source: string, detail: string) => refusals.push({ source, reasonKey: importReasons.malformed, params: { format: 'point labels', detail } });
  for (const file of bins) {
    const folder = file.path.replace(/\/?[^/]+\.bin$/, '');
    const frame = Number(file.path.replace(/^.*\//, '').replace(/\.bin$/, ''));
    if (!Number.isInteger(frame) || frame < 0 || file.content.length % 2 !== 0 || file.content.length === 0) {
      malformed(file.path, importDetails.pointLabelsFile);
      continue;
    }
    let item = items.get(folder);
    if (!item) {
      item = { fileName: folder.replace(/^(.*\/)?point_labels\//, ''), source: file.path, objects: [] };
      items.set(folder, item);
    }
    const book = readTracksFile(files.find((f) => f.path === `${folder}/tracks.json`)?.content);
    const labels = readUint16s(file.content);
    const instancePath = file.path.replace(/\.bin$/, instanceSuffix);
    const instanceFile = files.find((f) => f.path === instancePath);
    if (instanceFile && instanceFile.content.length !== file.content.length) {
      malformed(instancePath, importDetails.pointLabelsInstance);
      continue;
    }
    // Without an instance file, the points of one class are one segment, numbered in the tracks file by the class.
    const owners = instanceFile ? readUint16s(instanceFile.content) : labels;
    for (const owner of [...new Set(owners)].sort((a, b) => a - b)) {
      if (owner === 0) continue;
      const first = owners.indexOf(owner);
      const value = labels[first];
      const source = instanceFile ? `${instancePath} instance ${owner}` : `${file.path} class ${value}`;
      const className = names[String(value)];
      if (value === 0 || typeof className !== 'string') {
        refusals.push({ source, reasonKey: importReasons.unknownClass, params: { value: String(value) } });
        continue;
      }
      if (instanceFile && owners.some((o, i) => o === owner && labels[i] !== value)) {
        malformed(source, importDetails.pointLabelsClass);
        continue;
      }
      const attributes: AttributeValues = book.valuesAt(String(owner), frame);
      const counts = runsOf(owners.length, (i) => owners[i] === owner);
      item.objects.push({ source, className, shape: { type: 'segment', pointCount: labels.length, counts }, attributes, id: book.idOf(String(owner)), frame });
    }
  }
  return { items: [...items.values()], refusals };
};
