// KITTI 3D object labels: per item (a LiDAR sequence, or one cloud) a folder kitti_3d/<stem>/ with label_2/<frame>.txt,
// one line per cuboid in the scene, "type truncated occluded alpha left top right bottom h w l x y z rotation_y" in the
// first camera's rectified frame (bottom-centre location), the 2D box the one drawn on that camera's image or else
// the cuboid projected into it (0 0 0 0 out of view); calib/<frame>.txt with the camera's P2, R0_rect and
// Tr_velo_to_cam; tracks.json with each track's own id and values and track_ids.json with the track of each line, so
// an import gives back the same tracks, and drawn_boxes.json naming the lines whose 2D box was drawn on the camera,
// read back as that camera's box of the cuboid. Without a camera, the LiDAR's axes turned into a camera's stand in.
// Beside them, camera_boxes/<camera>.txt per camera holds the 2D boxes drawn on that camera's images as KITTI
// tracking's 2D lines (frame, track, type, the box; the 3D fields unknown), and labels/<frame>.label per frame with
// segments holds SemanticKITTI's per-point labels: a little-endian uint32 per point of the frame's cloud, the class
// index (kitti_3d/semantic_classes.json) in its lower 16 bits and the instance (the track's number in tracks.json)
// in its upper 16.
import { kittiCalibration } from '../../fusion/calibration-files';
import { cuboidToKitti, kittiCalibOf, kittiCalibText, kittiToCuboid } from '../../fusion/kitti';
import type { BoxShape } from '../../items/result.schema';
import { type AnnotationDecoder, archiveStem, ClassRegistry, type DecodedItem, type DecodeRefusal, type EncoderFactory, type ExportFile, type ImportedFile, importDetails, importReasons } from '../format';
import { messageRef } from '../../i18n/message-ref';
import { kittiTypeOf } from './kitti';
import { finite, labelLines } from './objects-at';
import { axesCamera, cameraBoxOf, camerasOf, type CuboidAtFrame, cuboidsAt, type DrawnBoxes, drawnBoxesFile, drawnOn, fixed, frameName, kittiBox, readDrawnBoxes } from './spatial';
import { readTracksFile, trackNumbers, tracksFile } from './tracks';
import { cameraBoxLines } from './camera-boxes';
import { classesJson, type FrameLabels, labelledFrames, segmentClasses } from './point-labels';

export const semanticClassesPath = 'kitti_3d/semantic_classes.json';

/** SemanticKITTI's label of each point: the instance in the upper 16 bits, the class in the lower, little-endian. */
export function semanticKittiBytes(labels: FrameLabels): Uint8Array {
  const bytes = new Uint8Array(labels.classes.length * 4);
  const view = new DataView(bytes.buffer);
  labels.classes.forEach((value, i) => view.setUint32(i * 4, ((labels.instances[i] << 16) | value) >>> 0, true));
  return bytes;
}

/** Metres and radians to the ten-thousandth: finer than the devkit's hundredths, so a blend still reads back as one. */
export const metres = (value: number) => fixed(value, 4);

/** The fields of one KITTI line after type: truncated occluded alpha, the 2D box, h w l, x y z, rotation_y. */
export function kittiFields(object: CuboidAtFrame, frame: number, camera = axesCamera): string[] {
  const label = cuboidToKitti(camera, object.shape);
  const box = camera === axesCamera ? null : cameraBoxOf(object, frame, camera);
  const edges = box ? [box[0], box[1], box[0] + box[2], box[1] + box[3]].map((v) => fixed(v, 2)) : ['0.00', '0.00', '0.00', '0.00'];
  const level = (name: string, max: number) => {
    const value = Number(object.attributes[name]);
    return Number.isFinite(value) && value >= 0 && value <= max ? String(value) : '0';
  };
  return [level('truncated', 1), level('occluded', 3), metres(label.alpha), ...edges, ...label.dimensions.map(metres), ...label.location.map(metres), metres(label.rotationY)];
}

export const kitti3dEncoder: EncoderFactory = (context) => {
  const classes = new ClassRegistry(context.tools);
  const pointClasses = segmentClasses(context.tools);
  return {
    item(item) {
      const camera = camerasOf(item)[0] ?? axesCamera;
      const numbers = trackNumbers(item.result.objects);
      const folder = `kitti_3d/${archiveStem(item)}`;
      const calib = kittiCalibText(kittiCalibOf(camera));
      const files: ExportFile[] = [];
      const ids: Record<string, number[]> = {};
      const drawn: DrawnBoxes = { camera: camera.name, lines: {} };
      let objects = 0;
      for (let frame = 0; frame < item.result.frameCount; frame++) {
        const lines: string[] = [];
        const stem = frameName(frame);
        ids[stem] = [];
        for (const object of cuboidsAt(item, frame, context.tools)) {
          classes.idOf(object.className);
          if (drawnOn(object, frame, camera)) (drawn.lines[stem] ??= []).push(lines.length);
          lines.push(`${[kittiTypeOf(object.className), ...kittiFields(object, frame, camera)].join(' ')}\n`);
          ids[stem].push(numbers.get(object.object.id)!);
        }
        objects += lines.length;
        files.push({ path: `${folder}/label_2/${frameName(frame)}.txt`, content: lines.join('') }, { path: `${folder}/calib/${frameName(frame)}.txt`, content: calib });
      }
      files.push({ path: `${folder}/tracks.json`, content: tracksFile(item, numbers) }, { path: `${folder}/track_ids.json`, content: `${JSON.stringify(ids)}\n` });
      const drawnFile = drawnBoxesFile(drawn);
      if (drawnFile) files.push({ path: `${folder}/drawn_boxes.json`, content: drawnFile });
      for (const [name, lines] of cameraBoxLines(item, context.tools, numbers)) files.push({ path: `${folder}/camera_boxes/${name}.txt`, content: lines.join('') });
      for (const labels of labelledFrames(item, context.tools, pointClasses, numbers)) {
        files.push({ path: `${folder}/labels/${frameName(labels.frame)}.label`, content: semanticKittiBytes(labels) });
        objects += labels.objectIds.length;
      }
      return { files, objects };
    },
    finish() {
      const files: ExportFile[] = [{ path: 'kitti_3d/classes.txt', content: classes.names().map((n) => `${kittiTypeOf(n)}\n`).join('') }];
      if (pointClasses.names().length > 1) files.push({ path: semanticClassesPath, content: classesJson(pointClasses) });
      return { files, documents: [] };
    },
  };
};

/** The camera a label file's calib sibling describes, or the stand-in where it has none. */
export function calibCamera(files: ImportedFile[], path: string, refusals: DecodeRefusal[]) {
  const file = files.find((f) => f.path === path);
  if (!file) return axesCamera;
  try {
    return kittiCalibration('calib', file.content.toString('utf8'), { width: 1, height: 1 });
  } catch (error) {
    refusals.push({ source: path, reasonKey: importReasons.malformed, params: { format: 'KITTI calib', detail: (error as Error).message } });
    return null;
  }
}

/** A cuboid from the 3D fields of a KITTI line (h w l x y z rotation_y), or a text saying what is wrong. */
export function cuboidOfFields(fields: string[], camera: Pick<typeof axesCamera, 'lidarToCamera'>) {
  const [h, w, l, x, y, z, rotationY] = fields.map(Number);
  if (!finite(h, w, l, x, y, z, rotationY) || h <= 0 || w <= 0 || l <= 0) return importDetails.kitti3d;
  return kittiToCuboid(camera, { dimensions: [h, w, l], location: [x, y, z], rotationY });
}

export const decodeKitti3d: AnnotationDecoder = (files) => {
  const refusals: DecodeRefusal[] = [];
  const items = new Map<string, DecodedItem>();
  const labels = files.filter((f) => /(^|\/)label_2\/[^/]+\.txt$/.test(f.path));
  if (labels.length === 0) return { items: [], refusals: [{ source: files[0]?.path ?? '-', reasonKey: importReasons.noFiles }] };
  for (const file of labels) {
    const folder = file.path.replace(/\/?label_2\/[^/]+\.txt$/, '');
    const stem = file.path.replace(/^.*label_2\//, '').replace(/\.txt$/, '');
    const frame = Number(stem);
    const sibling = (name: string) => (folder ? `${folder}/${name}` : name);
    let item = items.get(folder);
    if (!item) {
      item = { fileName: folder.replace(/^(.*\/)?kitti_3d\//, '') || stem, source: file.path, objects: [], frameCount: 0 };
      items.set(folder, item);
    }
    item.frameCount = Math.max(item.frameCount ?? 0, (Number.isInteger(frame) ? frame : 0) + 1);
    const camera = calibCamera(files, sibling(`calib/${stem}.txt`), refusals);
    if (!camera) continue;
    const book = readTracksFile(files.find((f) => f.path === sibling('tracks.json'))?.content);
    const ids = readJson(files.find((f) => f.path === sibling('track_ids.json'))?.content)[stem];
    const drawnCamera = readDrawnBoxes(files.find((f) => f.path === sibling('drawn_boxes.json'))?.content);
    labelLines(file).forEach(({ source, fields }, line) => {
      if (fields.length !== 15 && fields.length !== 16) {
        refusals.push({ source, reasonKey: importReasons.malformed, params: { format: 'KITTI 3D', detail: messageRef(importDetails.fieldCount, { fields: fields.length, expected: 15, withScore: 16 }) } });
        return;
      }
      if (fields[0] === 'DontCare') return;
      const shape = cuboidOfFields(fields.slice(8, 15), camera);
      if (typeof shape === 'string') {
        refusals.push({ source, reasonKey: importReasons.wrongGeometry, params: { detail: shape } });
        return;
      }
      const number = Array.isArray(ids) && Number.isInteger(ids[line]) ? String(ids[line]) : `${stem}-${line + 1}`;
      const at = Number.isInteger(frame) ? frame : 0;
      item.objects.push({ source, className: fields[0], shape, attributes: book.valuesAt(number, at), id: book.idOf(number), frame: at, ...cameraBoxOfLine(drawnCamera(stem, line), fields.slice(4, 8)) });
    });
  }
  return { items: [...items.values()], refusals };
};

/** The camera box a KITTI line holds where the drawn-boxes file says it was drawn on that camera. */
export function cameraBoxOfLine(camera: string | null, edges: string[]): { cameraBoxes?: Record<string, BoxShape> } {
  const box = camera ? kittiBox(edges) : null;
  return camera && box ? { cameraBoxes: { [camera]: box } } : {};
}

export function readJson(content: Buffer | undefined): Record<string, unknown> {
  try {
    const parsed: unknown = content ? JSON.parse(content.toString('utf8')) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
