// KITTI tracking labels: per item (a sequence, or a picture as a sequence of one), label_02/<stem>.txt with one line
// per box and frame in the devkit's order, "frame track_id type truncated occluded alpha left top right bottom
// h w l x y z rotation_y" (frames from 0); tracks/<stem>.json keeps each track's own id and values. A 2D box leaves
// the 3D fields at the devkit's "unknown" values (a turned box is written as the upright box around it); a cuboid
// fills them in the first camera's rectified frame as KITTI 3D does, with calib/<stem>.txt holding that camera and
// drawn_boxes/<stem>.json naming the lines whose 2D box was drawn on it.
import { type AnnotationDecoder, archiveStem, ClassRegistry, type DecodedItem, type DecodeRefusal, type EncoderFactory, importDetails, importReasons } from '../format';
import { messageRef } from '../../i18n/message-ref';
import { kittiCalibOf, kittiCalibText } from '../../fusion/kitti';
import { kittiTypeOf } from './kitti';
import { calibCamera, cameraBoxOfLine, cuboidOfFields, kittiFields } from './kitti-3d';
import { boundsOf, finite, labelLines, objectsAt } from './objects-at';
import { axesCamera, camerasOf, type CuboidAtFrame, type DrawnBoxes, drawnBoxesFile, drawnOn, readDrawnBoxes } from './spatial';
import { readTracksFile, trackNumbers, tracksFile } from './tracks';

/** truncated, occluded, alpha, then after the box: height, width, length, x, y, z, rotation_y. */
const unknown = { before: ['0', '0', '-10'], after: ['-1', '-1', '-1', '-1000', '-1000', '-1000', '-10'] };
const px = (value: number) => value.toFixed(2);
/**
 * The box's edges to the hundredth, the right and bottom ones as the rounded corner plus the rounded size: a size read
 * back as right minus left is then the size rounded once, not off by two roundings, so the frames of a blend still
 * lie on one line and the import needs no more keyframes than were drawn.
 */
function edges(bounds: [number, number, number, number]): string[] {
  const [x, y, width, height] = bounds.map((v) => Math.round(v * 100) / 100);
  return [px(x), px(y), px(x + width), px(y + height)];
}

export const kittiTrackingEncoder: EncoderFactory = (context) => {
  const classes = new ClassRegistry(context.tools);
  return {
    item(item) {
      const numbers = trackNumbers(item.result.objects);
      const camera = camerasOf(item)[0] ?? axesCamera;
      const lines: string[] = [];
      const stem = archiveStem(item);
      const drawn: DrawnBoxes = { camera: camera.name, lines: { [stem]: [] } };
      let spatial = false;
      for (let frame = 0; frame < item.result.frameCount; frame++) {
        for (const found of objectsAt(item, frame, context.tools)) {
          const { object, className, shape } = found;
          if (shape.type === 'cuboid') {
            spatial = true;
            classes.idOf(className);
            if (drawnOn(found as CuboidAtFrame, frame, camera)) drawn.lines[stem].push(lines.length);
            lines.push(`${[frame, numbers.get(object.id), kittiTypeOf(className), ...kittiFields(found as CuboidAtFrame, frame, camera)].join(' ')}\n`);
            continue;
          }
          if (shape.type !== 'box') continue;
          classes.idOf(className);
          lines.push(`${[frame, numbers.get(object.id), kittiTypeOf(className), ...unknown.before, ...edges(boundsOf(shape)), ...unknown.after].join(' ')}\n`);
        }
      }
      const files = [{ path: `label_02/${stem}.txt`, content: lines.join('') }, { path: `tracks/${stem}.json`, content: tracksFile(item, numbers) }];
      if (spatial) files.push({ path: `calib/${stem}.txt`, content: kittiCalibText(kittiCalibOf(camera)) });
      const drawnFile = drawnBoxesFile(drawn);
      if (drawnFile) files.push({ path: `drawn_boxes/${stem}.json`, content: drawnFile });
      return { files, objects: lines.length };
    },
    finish() {
      return { files: [{ path: 'classes.txt', content: classes.names().map((n) => `${kittiTypeOf(n)}\n`).join('') }], documents: [] };
    },
  };
};

export const decodeKittiTracking: AnnotationDecoder = (files) => {
  const refusals: DecodeRefusal[] = [];
  const items: DecodedItem[] = [];
  const labels = files.filter((f) => f.path.endsWith('.txt') && f.path.split('/').pop() !== 'classes.txt' && !/(^|\/)calib\//.test(f.path));
  if (labels.length === 0) return { items, refusals: [{ source: files[0]?.path ?? '-', reasonKey: importReasons.noFiles }] };
  for (const file of labels) {
    const stem = file.path.replace(/^(.*\/)?label_02\//, '').replace(/\.txt$/, '');
    const book = readTracksFile(files.find((f) => f.path === file.path.replace(/(^|\/)label_02\/.*$/, `$1tracks/${stem}.json`))?.content);
    const calibPath = file.path.replace(/(^|\/)label_02\/.*$/, `$1calib/${stem}.txt`);
    const camera = files.some((f) => f.path === calibPath) ? calibCamera(files, calibPath, refusals) : null;
    const drawnCamera = readDrawnBoxes(files.find((f) => f.path === file.path.replace(/(^|\/)label_02\/.*$/, `$1drawn_boxes/${stem}.json`))?.content);
    const item: DecodedItem = { fileName: stem, source: file.path, objects: [] };
    items.push(item);
    for (const [line, { source, fields }] of labelLines(file).entries()) {
      if (fields.length !== 17 && fields.length !== 18) {
        refusals.push({ source, reasonKey: importReasons.malformed, params: { format: 'KITTI tracking', detail: messageRef(importDetails.fieldCount, { fields: fields.length, expected: 17, withScore: 18 }) } });
        continue;
      }
      const [frame, id] = fields.slice(0, 2).map(Number);
      // The devkit marks regions to ignore as DontCare with track id -1: not objects.
      if (fields[2] === 'DontCare' || id === -1) continue;
      if (!Number.isInteger(frame) || frame < 0 || !Number.isInteger(id) || id < 0) {
        refusals.push({ source, reasonKey: importReasons.malformed, params: { format: 'KITTI tracking', detail: importDetails.kittiTracking } });
        continue;
      }
      const number = String(id);
      // Known 3D fields beside a calib are a cuboid; the devkit's unknown ones (x = -1000) leave a 2D box.
      if (camera && Number(fields[13]) !== -1000) {
        const shape = cuboidOfFields(fields.slice(10, 17), camera);
        if (typeof shape === 'string') refusals.push({ source, reasonKey: importReasons.wrongGeometry, params: { detail: shape } });
        else item.objects.push({ source, className: fields[2], shape, attributes: book.valuesAt(number, frame), id: book.idOf(number), frame, ...cameraBoxOfLine(drawnCamera(stem, line), fields.slice(6, 10)) });
        continue;
      }
      const [left, top, right, bottom] = fields.slice(6, 10).map(Number);
      if (!finite(left, top, right, bottom) || right <= left || bottom <= top) {
        refusals.push({ source, reasonKey: importReasons.wrongGeometry, params: { detail: importDetails.boxOrder } });
        continue;
      }
      item.objects.push({ source, className: fields[2], shape: { type: 'box', x: left, y: top, width: right - left, height: bottom - top }, attributes: book.valuesAt(number, frame), id: book.idOf(number), frame });
    }
  }
  return { items, refusals };
};
