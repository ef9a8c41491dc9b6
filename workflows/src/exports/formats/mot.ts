// MOT challenge ground truth: per item (a sequence, or a picture as a sequence of one), mot/<stem>/gt/gt.txt with
// one line per box and frame, "frame,id,bb_left,bb_top,width,height,conf,class,visibility" (frames from 1), the
// class names in gt/labels.txt (line n is class n), gt/tracks.json keeping each track's own id and values, and
// mot/<stem>/seqinfo.ini with the sequence's name, frame folder, rate, length and size.
// Boxes only: a turned box is written as the upright box around it; other shapes have no MOT form. conf and
// visibility are kept as the object's attributes of those names (1 where it has none). Imports read MOTChallenge's
// own layout too: <seq>/gt/gt.txt without labels.txt follows the MOT16/17 class table, seqinfo.ini gives the frame
// size where the batch does not, and a box running past the frame is clipped to it with a warning; lines past the
// sequence's last frame (a gt.txt running to a longer seqLength) are skipped with a warning each by the matching.
import { type AnnotationDecoder, archiveStem, ClassRegistry, type DecodedItem, type DecodeRefusal, type DecodeWarning, type EncoderFactory, type ExportItem, type ImportedFile, importDetails, importReasons, importWarnings } from '../format';
import type { AttributeValues } from '../../items/result.schema';
import { boundsOf, finite, objectsAt } from './objects-at';
import { readSeqinfo, writeSeqinfo } from './seqinfo';
import { readTracksFile, trackNumbers, tracksFile } from './tracks';

const px = (value: number) => String(Number(value.toFixed(2)));
/** conf and visibility as the object keeps them, else 1 (considered, fully visible). */
const flag = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : '1');

/** The MOT16/17 ground truth's class ids, for a gt.txt without labels.txt beside it. */
export const motChallengeClasses = ['Pedestrian', 'Person on vehicle', 'Car', 'Bicycle', 'Motorbike', 'Non motorized vehicle', 'Static person', 'Distractor', 'Occluder', 'Occluder on the ground', 'Occluder full', 'Reflection', 'Crowd'];

export const motEncoder: EncoderFactory = (context) => {
  const classes = new ClassRegistry(context.tools);
  return {
    item(item) {
      const numbers = trackNumbers(item.result.objects);
      const lines: string[] = [];
      for (let frame = 0; frame < item.result.frameCount; frame++) {
        for (const { object, className, shape, attributes } of objectsAt(item, frame, context.tools)) {
          if (shape.type !== 'box') continue;
          const [x, y, width, height] = boundsOf(shape);
          lines.push(`${frame + 1},${numbers.get(object.id)},${px(x)},${px(y)},${px(width)},${px(height)},${flag(attributes.conf)},${classes.idOf(className) + 1},${flag(attributes.visibility)}\n`);
        }
      }
      const stem = archiveStem(item);
      const folder = `mot/${stem}/gt`;
      return {
        files: [
          { path: `mot/${stem}/seqinfo.ini`, content: seqinfoOf(item, stem) },
          { path: `${folder}/gt.txt`, content: lines.join('') },
          { path: `${folder}/labels.txt`, content: classes.names().map((n) => `${n}\n`).join('') },
          { path: `${folder}/tracks.json`, content: tracksFile(item, numbers) },
        ],
        objects: lines.length,
      };
    },
    finish: () => ({ files: [], documents: [] }),
  };
};

/**
 * The sequence as MOTChallenge describes it: named after its folder, its frames in the archive's images folder (a
 * path from the seqinfo.ini's own folder), its length, rate where the data says, and its first frame's size.
 */
function seqinfoOf(item: ExportItem, stem: string): string {
  const depth = `mot/${stem}`.split('/').length;
  const first = item.frames[0];
  const extension = /\.[^./]+$/.exec(first?.mediaPath ?? item.mediaPath)?.[0] ?? '.jpg';
  return writeSeqinfo({
    name: stem.slice(stem.lastIndexOf('/') + 1),
    // A picture lies at its own path, a sequence's frames in the folder at the item's.
    imDir: `${'../'.repeat(depth)}${first?.mediaPath === item.mediaPath ? item.mediaPath.replace(/\/[^/]+$/, '') : item.mediaPath}`,
    frameRate: item.frameRate ?? null,
    seqLength: item.result.frameCount,
    imWidth: first?.width ?? item.width,
    imHeight: first?.height ?? item.height,
    imExt: extension,
  });
}

const siblingOf = (files: ImportedFile[], path: string, name: string) => files.find((f) => f.path === path.replace(/[^/]+$/, name));

export const decodeMot: AnnotationDecoder = (files, context) => {
  const refusals: DecodeRefusal[] = [];
  const warnings: DecodeWarning[] = [];
  const items: DecodedItem[] = [];
  const truths = files.filter((f) => /(^|\/)gt\.txt$/.test(f.path));
  if (truths.length === 0) return { items, refusals: [{ source: files[0]?.path ?? '-', reasonKey: importReasons.noFiles }] };
  for (const file of truths) {
    const listed = siblingOf(files, file.path, 'labels.txt');
    const labels = listed ? listed.content.toString('utf8').split(/\r?\n/).map((l) => l.trim()) : motChallengeClasses;
    const book = readTracksFile(siblingOf(files, file.path, 'tracks.json')?.content);
    // The sequence is the folder holding gt/: "mot/Week 1/drive_0001/gt/gt.txt" names "Week 1/drive_0001".
    const item: DecodedItem = { fileName: file.path.replace(/(^|\/)gt\/gt\.txt$/, '').replace(/^mot\//, '') || file.path, source: file.path, objects: [] };
    items.push(item);
    // The batch's own size of the frames first; a sequence's seqinfo.ini (beside gt/) where the batch has none.
    const infoPath = file.path.replace(/(^|\/)(gt\/)?gt\.txt$/, '$1seqinfo.ini');
    const info = readSeqinfo(files.find((f) => f.path === infoPath)?.content.toString('utf8') ?? '');
    const size = context.sizeOf(item.fileName) ?? (info?.imWidth && info.imHeight ? { width: info.imWidth, height: info.imHeight } : null);
    file.content
      .toString('utf8')
      .split(/\r?\n/)
      .forEach((line, index) => {
        if (!line.trim()) return;
        const source = `${file.path}:${index + 1}`;
        const fields = line.split(',').map((f) => f.trim());
        const [frame, id, left, top, width, height] = fields.slice(0, 6).map(Number);
        const classId = Number(fields[7]);
        if (fields.length < 8 || !Number.isInteger(frame) || frame < 1 || !Number.isInteger(id) || !Number.isInteger(classId)) {
          return refusals.push({ source, reasonKey: importReasons.malformed, params: { format: 'MOT', detail: importDetails.motLine } });
        }
        if (!finite(left, top, width, height) || width <= 0 || height <= 0) return refusals.push({ source, reasonKey: importReasons.wrongGeometry, params: { detail: importDetails.boxPositive } });
        const className = labels[classId - 1];
        if (!className) return refusals.push({ source, reasonKey: importReasons.unknownClass, params: { value: String(classId) } });
        const number = String(id);
        const box = clipped({ x: left, y: top, width, height }, size);
        if (!box) return warnings.push({ source, reasonKey: importWarnings.shapeSkipped, params: { value: 'box', detail: importDetails.outsideFrame } });
        if (box.width !== width || box.height !== height) warnings.push({ source, reasonKey: importWarnings.clipped });
        const flags: AttributeValues = {};
        if (fields[6] !== undefined && fields[6] !== '1') flags.conf = fields[6];
        if (fields[8] !== undefined && fields[8] !== '1') flags.visibility = fields[8];
        item.objects.push({ source, className, shape: { type: 'box', ...box }, attributes: { ...flags, ...book.valuesAt(number, frame - 1) }, id: book.idOf(number), frame: frame - 1 });
      });
  }
  return { items, refusals, warnings };
};

/** The part of a box inside the frame (MOT ground truth runs past it by design); null where none is, the box itself where the size is unknown. */
function clipped(box: { x: number; y: number; width: number; height: number }, size: { width: number; height: number } | null) {
  if (!size) return box;
  const [left, top] = [Math.max(0, box.x), Math.max(0, box.y)];
  const [right, bottom] = [Math.min(size.width, box.x + box.width), Math.min(size.height, box.y + box.height)];
  return right > left && bottom > top ? { x: left, y: top, width: right - left, height: bottom - top } : null;
}
