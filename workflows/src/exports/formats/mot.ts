// MOT challenge ground truth: per item (a sequence, or a picture as a sequence of one), mot/<stem>/gt/gt.txt with
// one line per box and frame, "frame,id,bb_left,bb_top,width,height,conf,class,visibility" (frames from 1), the
// class names in gt/labels.txt (line n is class n), and gt/tracks.json keeping each track's own id and values.
// Boxes only: a turned box is written as the upright box around it; other shapes have no MOT form.
import { type AnnotationDecoder, archiveStem, ClassRegistry, type DecodedItem, type DecodeRefusal, type EncoderFactory, type ImportedFile, importReasons } from '../format';
import { boundsOf, finite, objectsAt } from './objects-at';
import { readTracksFile, trackNumbers, tracksFile } from './tracks';

const px = (value: number) => String(Number(value.toFixed(2)));

export const motEncoder: EncoderFactory = (context) => {
  const classes = new ClassRegistry(context.tools);
  return {
    item(item) {
      const numbers = trackNumbers(item.result.objects);
      const lines: string[] = [];
      for (let frame = 0; frame < item.result.frameCount; frame++) {
        for (const { object, className, shape } of objectsAt(item, frame, context.tools)) {
          if (shape.type !== 'box') continue;
          const [x, y, width, height] = boundsOf(shape);
          lines.push(`${frame + 1},${numbers.get(object.id)},${px(x)},${px(y)},${px(width)},${px(height)},1,${classes.idOf(className) + 1},1\n`);
        }
      }
      const folder = `mot/${archiveStem(item)}/gt`;
      return {
        files: [
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

const siblingOf = (files: ImportedFile[], path: string, name: string) => files.find((f) => f.path === path.replace(/[^/]+$/, name));

export const decodeMot: AnnotationDecoder = (files) => {
  const refusals: DecodeRefusal[] = [];
  const items: DecodedItem[] = [];
  const truths = files.filter((f) => /(^|\/)gt\.txt$/.test(f.path));
  if (truths.length === 0) return { items, refusals: [{ source: files[0]?.path ?? '-', reasonKey: importReasons.noFiles }] };
  for (const file of truths) {
    const labels = (siblingOf(files, file.path, 'labels.txt')?.content.toString('utf8') ?? '').split(/\r?\n/).map((l) => l.trim());
    const book = readTracksFile(siblingOf(files, file.path, 'tracks.json')?.content);
    // The sequence is the folder holding gt/: "mot/Week 1/drive_0001/gt/gt.txt" names "Week 1/drive_0001".
    const item: DecodedItem = { fileName: file.path.replace(/(^|\/)gt\/gt\.txt$/, '').replace(/^mot\//, '') || file.path, source: file.path, objects: [] };
    items.push(item);
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
          return refusals.push({ source, reasonKey: importReasons.malformed, params: { format: 'MOT', detail: 'a line needs frame (from 1), id, bb_left, bb_top, width, height, conf and class' } });
        }
        if (!finite(left, top, width, height) || width <= 0 || height <= 0) return refusals.push({ source, reasonKey: importReasons.wrongGeometry, params: { detail: 'the box needs a positive width and height' } });
        const className = labels[classId - 1];
        if (!className) return refusals.push({ source, reasonKey: importReasons.unknownClass, params: { value: String(classId) } });
        const number = String(id);
        item.objects.push({ source, className, shape: { type: 'box', x: left, y: top, width, height }, attributes: book.valuesAt(number, frame - 1), id: book.idOf(number), frame: frame - 1 });
      });
  }
  return { items, refusals };
};
