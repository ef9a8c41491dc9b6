// Imports one point-cloud item: each frame's cloud parsed and normalized into the blob the editor loads, its cameras'
// images copied beside the blobs, their calibration read, and ego poses and times attached. Everything lands in
// storage under the item's content checksum, so a re-run or the same data in another batch finds it there.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Storage, Thumbnails } from '@annot/core';
import {
  CalibrationError,
  type CameraCalibration,
  cameraName,
  type ChunkItem,
  composePose,
  egoPoses,
  type EgoPose,
  egoPoseTolerance,
  type FramePoses,
  encodePointCloud,
  type InputRefusal,
  jsonCalibration,
  jsonOf,
  kittiCalibration,
  lidarMounting,
  nuscenesFileTime,
  openLabelCalibrations,
  parsePointCloud,
  PointCloudError,
  pointCloudExtension,
  pointCloudMediaType,
  type SensorCamera,
  textOf,
} from '@annot/workflows';
import type { SourceFile } from './import-source';
import { readTimestamps } from './import-units';
import { probe } from './media-probe';
import { frameStem, isFusion, isSingleFrame, type PointCloudType, type PointCloudUnit } from './point-cloud-units';
import type { ExaminedUnit, Failure } from './unit-examine';

/** The LiDAR's nuScenes calibrated_sensor record among an item's calib/ files. */
const lidarCalibrationFile = 'lidar.json';

/** A calibration file refused with what is wrong with it; ego_poses.json says its own reason. */
const refusedFile = (name: string, error: CalibrationError, reasonKey = 'batches.reason_calibration_detail'): Failure => ({ name, reasonKey, params: { detail: error.ref } });

/** A file storage cannot hand back. */
const unreadable = (file: string): never => {
  throw new CalibrationError('calibration.file_unreadable', { file });
};

/** A file the input gate refuses (not UTF-8, not JSON, nested too deep), said as the gate says it. */
const gateRefusal = (refused: InputRefusal) => new CalibrationError(refused.messageKey, { ...refused.params, field: refused.field });

/** Where a point-cloud item's blobs and camera images live in storage. */
export const pointCloudFolder = (checksum: string): string => `pointclouds/${checksum}`;

const sha256 = (content: Buffer | Uint8Array | string): string => createHash('sha256').update(content).digest('hex');

interface Frame {
  stem: string;
  blob: Uint8Array;
  name: string;
  time: number | null;
}

/** A camera's images, each read once to be probed and hashed and again when it is copied, so none waits in memory. */
interface Camera {
  name: string;
  images: { stem: string; file: SourceFile; checksum: string; width: number; height: number }[];
}

/**
 * Reads and normalizes one item of the point-cloud layout. Files that cannot be read are refused one by one (a cloud,
 * an image, a calibration, the poses); the item is refused where nothing of it is left, where a single-frame type
 * gets several clouds, or where a fusion type has no calibrated camera. `progress` hears the share of frames done.
 */
export async function examinePointCloud(
  unit: PointCloudUnit,
  type: PointCloudType,
  storage: Storage,
  thumbnails: Thumbnails,
  progress: (share: number) => Promise<void>,
): Promise<ExaminedUnit> {
  const failures: Failure[] = [];
  const refuse = (reasonKey: string): ExaminedUnit => ({ ok: false, reasonKey, failures });
  if (unit.clouds.length === 0) return refuse('batches.reason_no_clouds');
  if (isSingleFrame(type) && unit.clouds.length > 1) return refuse('batches.reason_clouds_several');

  let times: Map<string, number> | null = null;
  if (unit.timestamps) {
    times = readTimestamps(await unit.timestamps.read().catch(() => Buffer.alloc(0)));
    if (!times) return refuse('batches.reason_timestamps_invalid');
  }

  // Each cloud is parsed as it is read, so only its normalized blob stays in memory; the item's checksum (and so its
  // folder) is known once every frame is in hand, before anything is written.
  let frames: Frame[] = [];
  for (let i = 0; i < unit.clouds.length; i++) {
    const file = unit.clouds[i];
    await progress((i / unit.clouds.length) * 0.8);
    const time = times ? times.get(path.posix.basename(file.name)) : null;
    if (time === undefined) {
      failures.push({ name: file.name, reasonKey: 'batches.reason_timestamp_missing' });
      continue;
    }
    const content = await file.read().catch(() => null);
    if (!content) {
      failures.push({ name: file.name, reasonKey: 'batches.reason_unreadable' });
      continue;
    }
    try {
      frames.push({ stem: frameStem(file.name), blob: encodePointCloud(parsePointCloud(file.name, content)), name: file.name, time });
    } catch (error) {
      if (!(error instanceof PointCloudError)) throw error;
      failures.push({ name: file.name, reasonKey: error.messageKey, params: error.params });
    }
  }
  if (times) frames = frames.sort((a, b) => a.time! - b.time! || (a.name < b.name ? -1 : 1));
  const stems = new Set<string>();
  frames = frames.filter((frame) => {
    if (!stems.has(frame.stem)) return stems.add(frame.stem);
    failures.push({ name: frame.name, reasonKey: 'batches.reason_frame_repeated' });
    return false;
  });
  if (frames.length === 0) return refuse('batches.reason_no_clouds');
  let poses: (EgoPose | null)[] = [];
  if (unit.egoPoses) {
    ({ frames, poses } = await readEgoPoses(unit.egoPoses, frames, failures));
    // nuScenes' ego poses are the vehicle's: the LiDAR's own pose is each composed with its mounting.
    const mounting = await readMounting(unit, type, failures);
    if (mounting) poses = poses.map((pose) => pose && composePose(pose, mounting));
  }
  if (frames.length === 0) return refuse('batches.reason_no_clouds');

  const cameras = isFusion(type) ? await readCameras(unit, stems, failures) : refuseCameras(unit, failures);
  const calibrations = isFusion(type) ? await readCalibrations(unit, cameras, failures) : new Map<string, CameraCalibration>();
  const rig = cameras.filter((camera) => {
    if (calibrations.has(camera.name)) return true;
    failures.push({ name: `${unit.name}/cameras/${camera.name}`, reasonKey: 'batches.reason_camera_uncalibrated' });
    return false;
  });

  if (isFusion(type) && rig.length === 0) return refuse('batches.reason_no_cameras');

  const kept = frames.map((frame) => frame.stem);
  const sensorCameras: SensorCamera[] = rig.map((camera) => {
    const byStem = new Map(camera.images.map((image) => [image.stem, path.posix.basename(image.file.name)]));
    return { ...calibrations.get(camera.name)!, images: kept.map((stem) => byStem.get(stem) ?? '') };
  });

  const checksum = sha256(
    [
      ...frames.map((frame) => `${frame.stem} ${sha256(frame.blob)}`),
      ...sensorCameras.map((camera) => JSON.stringify(camera)),
      ...rig.flatMap((camera) => camera.images.map((image) => image.checksum)),
      JSON.stringify(poses),
    ].join('\n'),
  );
  const folder = pointCloudFolder(checksum);
  for (let i = 0; i < frames.length; i++) {
    const { blob } = frames[i];
    await keep(storage, `${folder}/${frames[i].stem}.${pointCloudExtension}`, async () => Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength));
    await progress(0.8 + ((i + 1) / frames.length) * 0.1);
  }
  for (const camera of rig) for (const image of camera.images) await keep(storage, `${folder}/cameras/${camera.name}/${path.posix.basename(image.file.name)}`, () => image.file.read());
  // The lists preview the item by its first camera's first image.
  const first = sensorCameras[0];
  const preview = rig[0]?.images.find((image) => image.stem === kept[0]);
  if (preview) await thumbnails.ensure(checksum, () => preview.file.read()).catch(() => false);
  await progress(1);

  const fileNames = kept.map((stem) => `${stem}.${pointCloudExtension}`);
  const item: ChunkItem = {
    fileName: unit.name,
    path: `${folder}/${fileNames[0]}`,
    size: frames.reduce((sum, frame) => sum + frame.blob.byteLength, 0),
    mediaType: pointCloudMediaType,
    width: first ? first.width : null,
    height: first ? first.height : null,
    checksum,
    frames: {
      pathPrefix: `${folder}/`,
      count: kept.length,
      fileNames,
      widths: [first?.width ?? null],
      heights: [first?.height ?? null],
      timestamps: times ? frames.map((frame) => frame.time!) : [],
      frameRate: null,
      sensors: { cameras: sensorCameras, egoPoses: poses },
    },
  };
  return { ok: true, item, failures };
}

/**
 * Each frame's ego pose from ego_poses.json, a frame matched by time (from timestamps.txt, else the nuScenes time its
 * file is named by) refused on its own where no pose lies near it; a file that cannot be read refused, the frames
 * then kept without poses.
 */
async function readEgoPoses(file: SourceFile, frames: Frame[], failures: Failure[]): Promise<{ frames: Frame[]; poses: (EgoPose | null)[] }> {
  const poseFrames = frames.map((frame) => ({ stem: frame.stem, time: frame.time ?? nuscenesFileTime(path.posix.basename(frame.name)) }));
  const fileName = path.posix.basename(file.name);
  let found: FramePoses;
  try {
    const read = jsonOf(await file.read().catch(() => unreadable(fileName)), fileName);
    if ('refused' in read) throw gateRefusal(read.refused);
    found = egoPoses(read.value, poseFrames);
  } catch (error) {
    if (!(error instanceof CalibrationError)) throw error;
    failures.push(refusedFile(file.name, error, 'batches.reason_ego_poses_detail'));
    return { frames, poses: [] };
  }
  const far = new Set(found.far.map(({ index }) => index));
  for (const { index, seconds } of found.far) {
    failures.push({ name: frames[index].name, reasonKey: 'batches.reason_ego_pose_far', params: { seconds: Number(seconds.toFixed(3)), tolerance: egoPoseTolerance } });
  }
  return { frames: frames.filter((_, i) => !far.has(i)), poses: found.poses.filter((_, i) => !far.has(i)) };
}

/**
 * The LiDAR's mounting on the vehicle from calib/lidar.json (its nuScenes calibrated_sensor record), null where there
 * is none. A file that cannot be read is refused here for types without cameras; for fusion types the calibration
 * reader refuses it, as it reads the same file for the cameras.
 */
async function readMounting(unit: PointCloudUnit, type: PointCloudType, failures: Failure[]): Promise<EgoPose | null> {
  const file = unit.calib.find((candidate) => path.posix.basename(candidate.name) === lidarCalibrationFile);
  if (!file) return null;
  try {
    const read = jsonOf(await file.read().catch(() => unreadable(lidarCalibrationFile)), lidarCalibrationFile);
    if ('refused' in read) throw gateRefusal(read.refused);
    return lidarMounting(read.value);
  } catch (error) {
    if (!(error instanceof CalibrationError)) throw error;
    if (!isFusion(type)) failures.push(refusedFile(file.name, error));
    return null;
  }
}

/** Writes a file once; a re-run finds it there. */
async function keep(storage: Storage, key: string, content: () => Promise<Buffer>): Promise<void> {
  if (await storage.stat(key)) return;
  await storage.put(key, await content());
}

/** Each camera folder's images that are readable and named as a frame; the others refused one by one. */
async function readCameras(unit: PointCloudUnit, stems: Set<string>, failures: Failure[]): Promise<Camera[]> {
  const cameras: Camera[] = [];
  for (const [name, files] of unit.cameras) {
    const camera: Camera = { name, images: [] };
    if (!cameraName.safeParse(name).success) {
      failures.push({ name: `${unit.name}/cameras/${name}`, reasonKey: 'fusion.camera_name' });
      continue;
    }
    for (const file of files) {
      const stem = frameStem(file.name);
      if (!stems.has(stem)) {
        failures.push({ name: file.name, reasonKey: 'batches.reason_image_unmatched' });
        continue;
      }
      const content = await file.read().catch(() => null);
      const probed = content ? probe(file.name, content) : null;
      if (!content || !probed?.ok || probed.width === null || probed.height === null) {
        failures.push({ name: file.name, reasonKey: probed && !probed.ok ? probed.reasonKey : 'batches.reason_unreadable' });
        continue;
      }
      camera.images.push({ stem, file, checksum: sha256(content), width: probed.width, height: probed.height });
    }
    if (camera.images.length > 0) cameras.push(camera);
  }
  return cameras;
}

/** Cameras in an item of a type without cameras: refused, one line per camera. */
function refuseCameras(unit: PointCloudUnit, failures: Failure[]): Camera[] {
  for (const name of unit.cameras.keys()) failures.push({ name: `${unit.name}/cameras/${name}`, reasonKey: 'batches.reason_cameras_not_fusion' });
  // The LiDAR's own calibration places it on the vehicle, which every type's ego poses need.
  for (const file of unit.calib) if (path.posix.basename(file.name) !== lidarCalibrationFile) failures.push({ name: file.name, reasonKey: 'batches.reason_cameras_not_fusion' });
  return [];
}

/**
 * The calibration of each camera that has images: from calib/openlabel.json, then calib/<camera>.txt or .json
 * (which win over the OpenLABEL document). A file that cannot be read is refused on its own.
 */
async function readCalibrations(unit: PointCloudUnit, cameras: Camera[], failures: Failure[]): Promise<Map<string, CameraCalibration>> {
  const found = new Map<string, CameraCalibration>();
  const files = new Map(unit.calib.map((file) => [path.posix.basename(file.name), file]));
  const readCalibration = (fileName: string): Promise<Buffer> => files.get(fileName)!.read().catch(() => unreadable(fileName));
  const text = async (fileName: string): Promise<string> => {
    const read = textOf(await readCalibration(fileName), fileName);
    if ('refused' in read) throw gateRefusal(read.refused);
    return read.text;
  };
  const json = async (fileName: string): Promise<unknown> => {
    const read = jsonOf(await readCalibration(fileName), fileName);
    if ('refused' in read) throw gateRefusal(read.refused);
    return read.value;
  };
  const attempt = async (fileName: string, read: () => Promise<void>) => {
    try {
      await read();
    } catch (error) {
      if (!(error instanceof CalibrationError)) throw error;
      failures.push(refusedFile(files.get(fileName)!.name, error));
    }
  };
  const used = new Set<string>();
  if (files.has('openlabel.json')) {
    used.add('openlabel.json');
    await attempt('openlabel.json', async () => {
      for (const camera of openLabelCalibrations(await json('openlabel.json'))) found.set(camera.name, camera);
    });
  }
  let lidar: unknown | null = null;
  if (files.has('lidar.json')) {
    used.add('lidar.json');
    await attempt('lidar.json', async () => {
      lidar = await json('lidar.json');
    });
  }
  for (const camera of cameras) {
    const size = { width: camera.images[0].width, height: camera.images[0].height };
    if (files.has(`${camera.name}.txt`)) {
      const fileName = `${camera.name}.txt`;
      used.add(fileName);
      await attempt(fileName, async () => {
        found.set(camera.name, kittiCalibration(camera.name, await text(fileName), size));
      });
    } else if (files.has(`${camera.name}.json`)) {
      const fileName = `${camera.name}.json`;
      used.add(fileName);
      await attempt(fileName, async () => {
        found.set(camera.name, jsonCalibration(camera.name, await json(fileName), lidar));
      });
    }
  }
  for (const [fileName, file] of files) if (!used.has(fileName)) failures.push({ name: file.name, reasonKey: 'batches.reason_calibration_unused' });
  return found;
}
