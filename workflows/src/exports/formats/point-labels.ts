// Per-point labels, as nuScenes lidarseg keeps them but two bytes wide: per item and frame that has segments,
// point_labels/<stem>/<frame>.bin holds one little-endian uint16 per point of the frame's cloud, in the cloud's
// order: the class index of the segment that labels it (a later object over an earlier one), 0 where none does;
// point_labels/classes.json names the indices, and point_labels/<stem>/tracks.json keeps the track id and values of
// each class's segment. Read back as one segment track per class and item.
import type { AttributeValues, SegmentShape } from '../../tasks/result.schema';
import { type AnnotationDecoder, archiveStem, ClassRegistry, type DecodedItem, type DecodeRefusal, type EncoderFactory, type ExportFile, importReasons } from '../format';
import { objectsAt } from './objects-at';
import { readJson } from './kitti-3d';
import { frameName } from './spatial';
import { readTracksFile, tracksFile } from './tracks';

export const pointLabelsClassesPath = 'point_labels/classes.json';
const unlabelled = 'unlabelled';

/** Writes a segment's runs into the labels: every point of its labelled runs takes the class. */
function paint(labels: Uint16Array, segment: SegmentShape, value: number): void {
  let at = 0;
  segment.counts.forEach((run, i) => {
    if (i % 2 === 1) labels.fill(value, at, Math.min(labels.length, at + run));
    at += run;
  });
}

/** The runs of one class over the labels: unlabelled first, alternating, adding up to the point count. */
function runsOf(labels: Uint16Array, value: number): number[] {
  const counts: number[] = [];
  let inside = false;
  let run = 0;
  for (let i = 0; i < labels.length; i++) {
    if ((labels[i] === value) !== inside) {
      counts.push(run);
      inside = !inside;
      run = 0;
    }
    run++;
  }
  counts.push(run);
  return counts;
}

export const pointLabelsEncoder: EncoderFactory = (context) => {
  const classes = new ClassRegistry([]);
  classes.idOf(unlabelled);
  for (const tool of context.tools) if (tool.definition.templateType === 'segment') classes.idOf(tool.definition.name);
  return {
    item(item) {
      const folder = `point_labels/${archiveStem(item)}`;
      const files: ExportFile[] = [];
      const numbers = new Map<string, number>();
      let objects = 0;
      for (let frame = 0; frame < item.result.frameCount; frame++) {
        const segments = objectsAt(item, frame, context.tools).filter((o) => o.shape.type === 'segment');
        if (segments.length === 0) continue;
        const labels = new Uint16Array((segments[0].shape as SegmentShape).pointCount);
        for (const { object, className, shape } of segments) {
          const index = classes.idOf(className);
          numbers.set(object.id, index);
          paint(labels, shape as SegmentShape, index);
        }
        const bytes = new Uint8Array(labels.length * 2);
        const view = new DataView(bytes.buffer);
        labels.forEach((value, i) => view.setUint16(i * 2, value, true));
        files.push({ path: `${folder}/${frameName(frame)}.bin`, content: bytes });
        objects += segments.length;
      }
      if (files.length > 0) files.push({ path: `${folder}/tracks.json`, content: tracksFile({ ...item, result: { ...item.result, objects: item.result.objects.filter((o) => numbers.has(o.id)) } }, numbers) });
      return { files, objects };
    },
    finish() {
      return { files: [{ path: pointLabelsClassesPath, content: `${JSON.stringify(Object.fromEntries(classes.names().map((name, i) => [String(i), name])), null, 1)}\n` }], documents: [] };
    },
  };
};

export const decodePointLabels: AnnotationDecoder = (files) => {
  const refusals: DecodeRefusal[] = [];
  const bins = files.filter((f) => f.path.endsWith('.bin'));
  const classesFile = files.find((f) => f.path.split('/').pop() === 'classes.json');
  if (bins.length === 0 || !classesFile) return { items: [], refusals: [{ source: files[0]?.path ?? '-', reasonKey: importReasons.noFiles }] };
  const names = readJson(classesFile.content);
  const items = new Map<string, DecodedItem>();
  for (const file of bins) {
    const folder = file.path.replace(/\/?[^/]+\.bin$/, '');
    const frame = Number(file.path.replace(/^.*\//, '').replace(/\.bin$/, ''));
    if (!Number.isInteger(frame) || frame < 0 || file.content.length % 2 !== 0 || file.content.length === 0) {
      refusals.push({ source: file.path, reasonKey: importReasons.malformed, params: { format: 'point labels', detail: 'a file is <frame number>.bin of two bytes per point' } });
      continue;
    }
    let item = items.get(folder);
    if (!item) {
      item = { fileName: folder.replace(/^(.*\/)?point_labels\//, ''), source: file.path, objects: [] };
      items.set(folder, item);
    }
    const book = readTracksFile(files.find((f) => f.path === `${folder}/tracks.json`)?.content);
    const labels = new Uint16Array(file.content.length / 2);
    for (let i = 0; i < labels.length; i++) labels[i] = file.content.readUInt16LE(i * 2);
    for (const value of [...new Set(labels)].sort((a, b) => a - b)) {
      if (value === 0) continue;
      const className = names[String(value)];
      const source = `${file.path} class ${value}`;
      if (typeof className !== 'string') {
        refusals.push({ source, reasonKey: importReasons.unknownClass, params: { value: String(value) } });
        continue;
      }
      const attributes: AttributeValues = book.valuesAt(String(value), frame);
      item.objects.push({ source, className, shape: { type: 'segment', pointCount: labels.length, counts: runsOf(labels, value) }, attributes, id: book.idOf(String(value)), frame });
    }
  }
  return { items: [...items.values()], refusals };
};
