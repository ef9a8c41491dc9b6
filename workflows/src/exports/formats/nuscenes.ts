// nuScenes-style tables: one folder nuscenes/v1.0-export/ of JSON tables over every item of the export, each item a
// scene whose frames are samples: scene, sample, sample_data (the LiDAR frame and each camera's image), sensor,
// calibrated_sensor (the LiDAR as the ego frame; each camera's pose in it and its intrinsics, with its lens kept in
// camera_distortion), ego_pose where the data gives one, category, attribute ("<name>.<value>"), instance (one per
// track, its id kept in track_id) and sample_annotation (a cuboid per track and frame in the global frame: the ego
// pose applied where there is one; translation, size w l h, rotation w first; the exact attribute values beside the
// attribute tokens). Segments are labelled per point of each LiDAR sample_data as nuScenes-lidarseg does
// (lidarseg/v1.0-export/<token>_lidarseg.bin, one uint8 category index a point; the category table gives each its
// index) and as nuScenes-panoptic does, unpacked (panoptic/v1.0-export/<token>_panoptic.bin, one little-endian uint16
// a point: category index × 1000 + instance, the instance the segment track's number in the scene), listed in the
// lidarseg and panoptic tables. Read back by following each scene's samples in order.
import type { CameraCalibration, EgoPose } from '../../fusion/calibration';
import { invertTransform, type Matrix4, poseMatrix } from '../../fusion/calibration-files';
import { multiplyQuaternions } from '../../fusion/ego-motion';
import { cuboidToNuscenes, type NuscenesBox, nuscenesToCuboid, transformPoint } from '../../fusion/kitti';
import type { Quaternion } from '../../items/interpolation';
import type { AttributeValues } from '../../items/result.schema';
import { type AnnotationDecoder, classNameOf, type DecodedItem, type DecodeRefusal, type EncoderFactory, type ExportFile, type ExportItem, importDetails, importReasons } from '../format';
import { attributeValues, finite } from './objects-at';
import { type FrameLabels, labelledFrames, segmentClasses, segmentInstances } from './point-labels';
import { camerasOf, cuboidsAt, tokenOf } from './spatial';
import { jsonSyntaxDetail } from './parse-errors';

export const nuscenesFolder = 'nuscenes/v1.0-export';
export const nuscenesTables = ['scene', 'sample', 'sample_data', 'ego_pose', 'calibrated_sensor', 'sensor', 'instance', 'sample_annotation', 'category', 'attribute', 'lidarseg', 'panoptic'] as const;
type Table = (typeof nuscenesTables)[number];
const lidarChannel = 'LIDAR_TOP';

/** A frame's time in microseconds: the data's timestamp, else ten frames a second. */
const microseconds = (item: ExportItem, frame: number) => Math.round((item.frames[frame]?.timestamp ?? frame / 10) * 1e6);

/** The rotation of a 4×4 transform as a unit quaternion, w first (Shepperd's method: the largest diagonal term leads). */
export function matrixQuaternion(m: Matrix4): Quaternion {
  const [r00, r01, r02, r10, r11, r12, r20, r21, r22] = [m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]];
  const trace = r00 + r11 + r22;
  let q: Quaternion;
  if (trace > 0) {
    const s = Math.sqrt(trace + 1) * 2;
    q = [s / 4, (r21 - r12) / s, (r02 - r20) / s, (r10 - r01) / s];
  } else if (r00 > r11 && r00 > r22) {
    const s = Math.sqrt(1 + r00 - r11 - r22) * 2;
    q = [(r21 - r12) / s, s / 4, (r01 + r10) / s, (r02 + r20) / s];
  } else if (r11 > r22) {
    const s = Math.sqrt(1 + r11 - r00 - r22) * 2;
    q = [(r02 - r20) / s, (r01 + r10) / s, s / 4, (r12 + r21) / s];
  } else {
    const s = Math.sqrt(1 + r22 - r00 - r11) * 2;
    q = [(r10 - r01) / s, (r02 + r20) / s, (r12 + r21) / s, s / 4];
  }
  const norm = Math.hypot(...q);
  return q.map((v) => v / norm) as Quaternion;
}

/** A box of the ego (LiDAR) frame in the global frame, through the frame's ego pose where there is one. */
function toGlobal(box: NuscenesBox, pose: EgoPose | null): NuscenesBox {
  if (!pose) return box;
  return { translation: transformPoint(poseMatrix(pose.translation, pose.rotation), box.translation), size: box.size, rotation: multiplyQuaternions(pose.rotation, box.rotation) };
}

function toEgo(box: NuscenesBox, pose: EgoPose | null): NuscenesBox {
  if (!pose) return box;
  const [w, x, y, z] = pose.rotation;
  return { translation: transformPoint(invertTransform(poseMatrix(pose.translation, pose.rotation)), box.translation), size: box.size, rotation: multiplyQuaternions([w, -x, -y, -z], box.rotation) };
}

/** The camera's pose in the LiDAR frame and its intrinsics, as calibrated_sensor holds them. */
function cameraSensor(camera: CameraCalibration) {
  const pose = invertTransform(camera.lidarToCamera);
  const { fx, fy, cx, cy, skew } = camera.intrinsics;
  return {
    translation: [pose[3], pose[7], pose[11]],
    rotation: matrixQuaternion(pose),
    camera_intrinsic: [
      [fx, skew, cx],
      [0, fy, cy],
      [0, 0, 1],
    ],
    camera_distortion: camera.distortion,
    width: camera.width,
    height: camera.height,
  };
}

/** nuScenes-panoptic's value of a point: its category index × 1000 + its instance. */
export function panopticBytes(labels: FrameLabels): Uint8Array {
  const bytes = new Uint8Array(labels.classes.length * 2);
  const view = new DataView(bytes.buffer);
  labels.classes.forEach((value, i) => view.setUint16(i * 2, value * 1000 + labels.instances[i], true));
  return bytes;
}

export const nuscenesEncoder: EncoderFactory = (context) => {
  const pointClasses = segmentClasses(context.tools);
  const categories = new Map<string, string>();
  const attributes = new Map<string, string>();
  const sensors = new Map<string, { token: string; channel: string; modality: string }>();
  const sensorOf = (channel: string, modality: string) => {
    if (!sensors.has(channel)) sensors.set(channel, { token: tokenOf(`sensor ${channel}`), channel, modality });
    return sensors.get(channel)!.token;
  };
  const categoryOf = (name: string) => {
    if (!categories.has(name)) categories.set(name, tokenOf(`category ${name}`));
    return categories.get(name)!;
  };
  const attributeTokens = (values: AttributeValues) =>
    Object.entries(values).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((v) => {
        const key = `${name}.${v}`;
        if (!attributes.has(key)) attributes.set(key, tokenOf(`attribute ${key}`));
        return attributes.get(key)!;
      }),
    );

  return {
    item(item) {
      const rows: Record<Table, unknown[]> = { scene: [], sample: [], sample_data: [], ego_pose: [], calibrated_sensor: [], sensor: [], instance: [], sample_annotation: [], category: [], attribute: [], lidarseg: [], panoptic: [] };
      const files: ExportFile[] = [];
      const key = `${item.itemId}`;
      const frames = item.result.frameCount;
      const sampleToken = (frame: number) => (frame >= 0 && frame < frames ? tokenOf(`sample ${key} ${frame}`) : '');
      const cameras = camerasOf(item);
      const lidarCalibration = tokenOf(`calibrated_sensor ${key} ${lidarChannel}`);
      rows.calibrated_sensor.push({ token: lidarCalibration, sensor_token: sensorOf(lidarChannel, 'lidar'), translation: [0, 0, 0], rotation: [1, 0, 0, 0], camera_intrinsic: [] });
      for (const camera of cameras) rows.calibrated_sensor.push({ token: tokenOf(`calibrated_sensor ${key} ${camera.name}`), sensor_token: sensorOf(camera.name, 'camera'), ...cameraSensor(camera) });
      rows.scene.push({ token: tokenOf(`scene ${key}`), log_token: '', name: item.fileName, description: item.mediaPath, nbr_samples: frames, first_sample_token: sampleToken(0), last_sample_token: sampleToken(frames - 1) });
      // Each track's annotations in frame order, chained by prev and next.
      const annotations = new Map<string, { token: string; frame: number; row: Record<string, unknown> }[]>();
      for (let frame = 0; frame < frames; frame++) {
        const timestamp = microseconds(item, frame);
        const pose = item.sensors?.egoPoses[frame] ?? null;
        const poseToken = pose ? tokenOf(`ego_pose ${key} ${frame}`) : '';
        if (pose) rows.ego_pose.push({ token: poseToken, timestamp, translation: pose.translation, rotation: pose.rotation });
        rows.sample.push({ token: sampleToken(frame), timestamp, scene_token: tokenOf(`scene ${key}`), prev: sampleToken(frame - 1), next: sampleToken(frame + 1) });
        const data = (channel: string, calibration: string, filename: string, size: { width: number; height: number } | null) => ({
          token: tokenOf(`sample_data ${key} ${channel} ${frame}`),
          sample_token: sampleToken(frame),
          ego_pose_token: poseToken,
          calibrated_sensor_token: calibration,
          filename,
          fileformat: filename.split('.').pop() ?? '',
          is_key_frame: true,
          width: size?.width ?? 0,
          height: size?.height ?? 0,
          timestamp,
          prev: frame > 0 ? tokenOf(`sample_data ${key} ${channel} ${frame - 1}`) : '',
          next: frame + 1 < frames ? tokenOf(`sample_data ${key} ${channel} ${frame + 1}`) : '',
        });
        rows.sample_data.push(data(lidarChannel, lidarCalibration, item.frames[frame]?.mediaPath ?? `${item.mediaPath}#${frame}`, null));
        for (const camera of cameras) {
          const image = camera.images[frame];
          if (image) rows.sample_data.push(data(camera.name, tokenOf(`calibrated_sensor ${key} ${camera.name}`), `${item.mediaPath}/cameras/${camera.name}/${image}`, camera));
        }
        for (const { object, className, shape, attributes: values } of cuboidsAt(item, frame, context.tools)) {
          const box = toGlobal(cuboidToNuscenes(shape), pose);
          const token = tokenOf(`sample_annotation ${key} ${object.id} ${frame}`);
          const list = annotations.get(object.id) ?? [];
          annotations.set(object.id, list);
          categoryOf(className);
          list.push({
            token,
            frame,
            row: { token, sample_token: sampleToken(frame), instance_token: tokenOf(`instance ${key} ${object.id}`), attribute_tokens: attributeTokens(values), attribute_values: values, visibility_token: '', translation: box.translation, size: box.size, rotation: box.rotation, num_lidar_pts: 0, num_radar_pts: 0 },
          });
        }
      }
      let objects = 0;
      for (const labels of labelledFrames(item, context.tools, pointClasses, segmentInstances(item))) {
        const token = tokenOf(`sample_data ${key} ${lidarChannel} ${labels.frame}`);
        for (const id of labels.objectIds) categoryOf(classNameOf(item.result.objects.find((o) => o.id === id)!, context.tools));
        const lidarseg = `lidarseg/v1.0-export/${token}_lidarseg.bin`;
        const panoptic = `panoptic/v1.0-export/${token}_panoptic.bin`;
        files.push({ path: lidarseg, content: Uint8Array.from(labels.classes) }, { path: panoptic, content: panopticBytes(labels) });
        rows.lidarseg.push({ token, sample_data_token: token, filename: lidarseg });
        rows.panoptic.push({ token, sample_data_token: token, filename: panoptic });
        objects += labels.objectIds.length;
      }
      for (const object of item.result.objects) {
        const list = annotations.get(object.id);
        if (!list) continue;
        list.forEach((a, i) => rows.sample_annotation.push({ ...a.row, prev: list[i - 1]?.token ?? '', next: list[i + 1]?.token ?? '' }));
        objects += list.length;
        const className = classNameOf(object, context.tools);
        rows.instance.push({ token: tokenOf(`instance ${key} ${object.id}`), category_token: categoryOf(className), nbr_annotations: list.length, first_annotation_token: list[0].token, last_annotation_token: list[list.length - 1].token, track_id: object.id });
      }
      const sections: Record<string, string[]> = {};
      for (const table of nuscenesTables) if (rows[table].length > 0) sections[`nuscenes_${table}`] = rows[table].map((row) => JSON.stringify(row));
      return { files, sections, objects };
    },
    finish() {
      // The per-point formats number categories as the segment classes: 0 unlabelled, then the segment tools.
      const indices = new Map(pointClasses.names().map((name, i) => [name, i]));
      const once: Partial<Record<Table, unknown[]>> = {
        sensor: [...sensors.values()],
        category: [...categories].map(([name, token]) => ({ token, name, description: '', ...(indices.has(name) ? { index: indices.get(name) } : {}) })),
        attribute: [...attributes].map(([name, token]) => ({ token, name, description: '' })),
      };
      return {
        files: [],
        documents: nuscenesTables.map((table) => ({
          path: `${nuscenesFolder}/${table}.json`,
          parts: once[table] ? [JSON.stringify(once[table])] : ['[', { section: `nuscenes_${table}` }, ']'],
        })),
      };
    },
  };
};

type Row = Record<string, unknown>;

export const decodeNuscenes: AnnotationDecoder = (files) => {
  const refusals: DecodeRefusal[] = [];
  const tables = new Map<string, Row[]>();
  const folderOf = (path: string) => path.replace(/[^/]*$/, '');
  const annotationFiles = files.filter((f) => /(^|\/)sample_annotation\.json$/.test(f.path));
  if (annotationFiles.length === 0) return { items: [], refusals: [{ source: files[0]?.path ?? '-', reasonKey: importReasons.noFiles }] };
  const items: DecodedItem[] = [];
  for (const annotationFile of annotationFiles) {
    const folder = folderOf(annotationFile.path);
    const read = (table: string): Row[] => {
      const path = `${folder}${table}.json`;
      if (tables.has(path)) return tables.get(path)!;
      const file = files.find((f) => f.path === path);
      let rows: Row[] = [];
      const text = file?.content.toString('utf8');
      try {
        const parsed: unknown = text === undefined ? [] : JSON.parse(text);
        rows = Array.isArray(parsed) ? (parsed as Row[]) : [];
        if (!Array.isArray(parsed)) refusals.push({ source: path, reasonKey: importReasons.malformed, params: { format: 'nuScenes', detail: importDetails.nuscenesTable } });
      } catch {
        refusals.push({ source: path, reasonKey: importReasons.malformed, params: { format: 'nuScenes', detail: jsonSyntaxDetail(text ?? '') } });
      }
      tables.set(path, rows);
      return rows;
    };
    const byToken = (table: string) => new Map(read(table).map((row) => [String(row.token), row]));
    const samples = byToken('sample');
    const instances = byToken('instance');
    const categories = byToken('category');
    const attributeNames = byToken('attribute');
    const poses = byToken('ego_pose');
    const lidarSensors = new Set(read('sensor').filter((s) => s.modality === 'lidar').map((s) => String(s.token)));
    const lidarCalibrations = new Set(read('calibrated_sensor').filter((c) => lidarSensors.has(String(c.sensor_token))).map((c) => String(c.token)));
    const poseOfSample = new Map<string, EgoPose | null>();
    for (const data of read('sample_data')) {
      if (!lidarCalibrations.has(String(data.calibrated_sensor_token))) continue;
      const pose = poses.get(String(data.ego_pose_token));
      poseOfSample.set(String(data.sample_token), pose ? { translation: pose.translation as EgoPose['translation'], rotation: pose.rotation as EgoPose['rotation'] } : null);
    }
    // Each scene's samples in order give their frame numbers.
    const frameOf = new Map<string, { item: DecodedItem; frame: number }>();
    for (const scene of read('scene')) {
      const item: DecodedItem = { fileName: String(scene.name ?? ''), source: `${folder}scene.json`, objects: [], frameCount: 0 };
      items.push(item);
      let token = String(scene.first_sample_token ?? '');
      for (let frame = 0; token && samples.has(token) && frame < 100_000; frame++) {
        frameOf.set(token, { item, frame });
        item.frameCount = frame + 1;
        token = String(samples.get(token)!.next ?? '');
      }
    }
    read('sample_annotation').forEach((row, index) => {
      const source = `${annotationFile.path} [${index}]`;
      const at = frameOf.get(String(row.sample_token));
      const instance = instances.get(String(row.instance_token));
      const category = instance && categories.get(String(instance.category_token));
      if (!at || !instance || !category) {
        refusals.push({ source, reasonKey: importReasons.malformed, params: { format: 'nuScenes', detail: importDetails.nuscenesAnnotation } });
        return;
      }
      const { translation, size, rotation } = row as { translation: unknown; size: unknown; rotation: unknown };
      if (![translation, size, rotation].every(Array.isArray) || !finite(...(translation as unknown[]), ...(size as unknown[]), ...(rotation as unknown[])) || (size as number[]).some((v) => v <= 0) || (rotation as unknown[]).length !== 4) {
        refusals.push({ source, reasonKey: importReasons.wrongGeometry, params: { detail: importDetails.nuscenesBox } });
        return;
      }
      const box = toEgo({ translation: translation as NuscenesBox['translation'], size: size as NuscenesBox['size'], rotation: rotation as Quaternion }, poseOfSample.get(String(row.sample_token)) ?? null);
      const values = row.attribute_values ? attributeValues(row.attribute_values) : valuesOfTokens(row.attribute_tokens, attributeNames);
      at.item.objects.push({ source, className: String(category.name), shape: nuscenesToCuboid(box), attributes: values, id: String(instance.track_id ?? instance.token), frame: at.frame });
    });
  }
  return { items, refusals };
};

/** Attribute values from nuScenes attribute names "<name>.<value>", where the exact values were not written beside them. */
function valuesOfTokens(tokens: unknown, names: Map<string, Row>): AttributeValues {
  const values: Record<string, string[]> = {};
  for (const token of Array.isArray(tokens) ? tokens : []) {
    const name = String(names.get(String(token))?.name ?? '');
    const dot = name.indexOf('.');
    if (dot > 0) (values[name.slice(0, dot)] ??= []).push(name.slice(dot + 1));
  }
  return Object.fromEntries(Object.entries(values).map(([name, list]) => [name, list.length === 1 ? list[0] : list]));
}
