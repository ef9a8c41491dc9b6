// A generated street for the point-cloud demo and tests: a LiDAR sequence at 10 Hz over a road with lane marks,
// kerbs and building walls, three cars (one turning) and two pedestrians, seen by two cameras whose images are
// rendered from the same points, written as the point-cloud upload layout (see the README's "Point clouds").
import { PNG } from 'pngjs';
import { encodePng } from './sample-images';
import { type CameraCalibration, cameraToPixel, type CuboidShape, toCamera } from '@annot/workflows';

/** A frame's points in the LiDAR frame (x ahead, y left, z up; the sensor 1.8 m above the road), with what each is. */
export interface StreetFrame {
  positions: Float32Array;
  intensity: Float32Array;
  /** Per point: 0 road, 1 lane mark, 2 kerb, 3 wall, 4 car, 5 pedestrian. */
  kinds: Uint8Array;
  count: number;
  /** Each moving object's box at this frame, by track name. */
  objects: Record<string, { category: 'car' | 'pedestrian'; box: CuboidShape }>;
}

const ground = -1.8;

/** A small seeded generator, so a scene is the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/** Where the moving objects are at time `t` seconds. */
export function streetObjects(t: number): StreetFrame['objects'] {
  const car = (x: number, y: number, yaw: number): CuboidShape => ({ type: 'cuboid', x, y, z: ground + 0.78, length: 4.4, width: 1.85, height: 1.56, yaw });
  const person = (x: number, y: number, yaw: number): CuboidShape => ({ type: 'cuboid', x, y, z: ground + 0.88, length: 0.5, width: 0.6, height: 1.76, yaw });
  // The turning car comes out of a side street on the right and turns left into the far lane: a quarter circle of
  // 6 m radius, from heading +y to heading −x.
  const angle = (Math.PI / 2) * Math.min(1, t / 0.9);
  return {
    ahead: { category: 'car', box: car(12 + 6 * t, -1.75, 0) },
    oncoming: { category: 'car', box: car(40 - 9 * t, 1.75, Math.PI) },
    turning: { category: 'car', box: car(16 + 6 * Math.cos(angle), -4.25 + 6 * Math.sin(angle), Math.PI / 2 + angle) },
    walker: { category: 'pedestrian', box: person(8 + 1.4 * t, 7.5, 0) },
    crosser: { category: 'pedestrian', box: person(18, -5 + 1.3 * t, Math.PI / 2) },
  };
}

/** The frame at time `t` with about `budget` points. */
export function streetFrame(t: number, seed: number, budget = 100_000): StreetFrame {
  const next = random(seed);
  const positions = new Float32Array(budget * 3);
  const intensity = new Float32Array(budget);
  const kinds = new Uint8Array(budget);
  let count = 0;
  const push = (x: number, y: number, z: number, value: number, kind: number) => {
    if (count >= budget) return;
    positions[count * 3] = x;
    positions[count * 3 + 1] = y;
    positions[count * 3 + 2] = z;
    intensity[count] = Math.min(1, Math.max(0, value));
    kinds[count] = kind;
    count++;
  };
  const objects = streetObjects(t);
  // Surfaces of the boxes first, so the budget never cuts an object.
  for (const { category, box } of Object.values(objects)) {
    const n = category === 'car' ? 4_500 : 1_500;
    const [c, s] = [Math.cos(box.yaw), Math.sin(box.yaw)];
    for (let i = 0; i < n; i++) {
      // A point on one of the five faces a LiDAR can see (not the bottom), chosen by area.
      let [u, v, w] = [next() - 0.5, next() - 0.5, next() - 0.5];
      const face = Math.floor(next() * 5);
      if (face === 0) u = 0.5;
      else if (face === 1) u = -0.5;
      else if (face === 2) v = 0.5;
      else if (face === 3) v = -0.5;
      else w = 0.5;
      const [lx, ly, lz] = [u * box.length, v * box.width, w * box.height];
      const value = category === 'car' ? (face === 4 ? 0.25 : 0.45) + next() * 0.15 : 0.3 + next() * 0.2;
      push(box.x + c * lx - s * ly, box.y + s * lx + c * ly, box.z + lz, value, category === 'car' ? 4 : 5);
    }
  }
  const rest = budget - count;
  // Road out to 60 m ahead and 20 m behind, denser near the sensor as a scanner sees it.
  for (let i = 0; i < rest * 0.62; i++) {
    const range = 2 + 58 * next() ** 1.6;
    const bearing = (next() - 0.5) * 2 * Math.PI;
    const [x, y] = [range * Math.cos(bearing), range * Math.sin(bearing)];
    if (Math.abs(y) > 6 || x < -20) continue;
    // Dashed centre line and solid edge lines shine back.
    const dashed = Math.abs(y) < 0.08 && ((x % 6) + 6) % 6 < 3;
    const edge = Math.abs(Math.abs(y) - 5.6) < 0.08;
    push(x, y, ground + (next() - 0.5) * 0.02, dashed || edge ? 0.85 + next() * 0.15 : 0.08 + next() * 0.08, dashed || edge ? 1 : 0);
  }
  // Kerbs 15 cm high along both sides, then pavements up to the walls.
  for (let i = 0; i < rest * 0.08; i++) {
    const side = next() < 0.5 ? -1 : 1;
    const x = -20 + 80 * next();
    push(x, side * (6 + next() * 0.05), ground + next() * 0.15, 0.3 + next() * 0.1, 2);
  }
  for (let i = 0; i < rest * 0.08; i++) {
    const side = next() < 0.5 ? -1 : 1;
    push(-20 + 80 * next(), side * (6 + 4 * next()), ground + 0.15, 0.15 + next() * 0.05, 0);
  }
  // Building walls 10 m either side, 8 m high, with a gap for the side street on the right.
  while (count < budget) {
    const side = next() < 0.5 ? -1 : 1;
    const x = -20 + 80 * next();
    if (side < 0 && x > 17 && x < 27) continue;
    push(x, side * 10, ground + 8 * next(), 0.2 + next() * 0.15, 3);
  }
  return { positions, intensity, kinds, count, objects };
}

/** A camera `height` m above the sensor's origin at `x` m ahead, looking `yaw` radians left of straight ahead. */
function rigCamera(name: string, x: number, y: number, yaw: number, distortion: CameraCalibration['distortion'], width = 960, height = 540): CameraCalibration {
  // Camera axes in the LiDAR frame: right, down and forward.
  const forward = [Math.cos(yaw), Math.sin(yaw), 0];
  const right = [Math.sin(yaw), -Math.cos(yaw), 0];
  const down = [0, 0, -1];
  const position = [x, y, -0.3];
  const rows = [right, down, forward];
  const m = rows.flatMap((row) => [...row, -(row[0] * position[0] + row[1] * position[1] + row[2] * position[2])]);
  return { name, width, height, intrinsics: { fx: 700, fy: 700, cx: width / 2, cy: height / 2, skew: 0 }, distortion, lidarToCamera: [...m, 0, 0, 0, 1] };
}

/** The demo rig: a camera straight ahead, and one turned 45° to the left through a lens with radial-tangential distortion. */
export const streetCameras = (): CameraCalibration[] => [
  rigCamera('front', 0.4, 0, 0, { model: 'none', coeffs: [] }),
  rigCamera('front_left', 0.3, 0.5, Math.PI / 4, { model: 'radtan', coeffs: [-0.12, 0.02, 0.001, -0.0005, 0] }),
];

const palette: Record<number, [number, number, number]> = {
  0: [110, 110, 118],
  1: [255, 255, 240],
  2: [170, 160, 150],
  3: [176, 132, 96],
  4: [225, 60, 50],
  5: [250, 200, 40],
};

/** What the camera sees of the frame: each point drawn as a dot shaded by its depth and intensity over sky and asphalt. */
export function renderCamera(camera: CameraCalibration, frame: StreetFrame): Buffer {
  const { width, height } = camera;
  const png = new PNG({ width, height });
  const depth = new Float32Array(width * height).fill(Infinity);
  const horizon = Math.round(camera.intrinsics.cy);
  for (let y = 0; y < height; y++) {
    const sky = y < horizon;
    const shade = sky ? 150 + Math.round((70 * y) / horizon) : 40 + Math.round((30 * (y - horizon)) / (height - horizon));
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      png.data[i] = sky ? shade - 40 : shade;
      png.data[i + 1] = sky ? shade - 10 : shade;
      png.data[i + 2] = sky ? 235 : shade + 4;
      png.data[i + 3] = 255;
    }
  }
  const { positions, intensity, kinds } = frame;
  for (let p = 0; p < frame.count; p++) {
    const inCamera = toCamera(camera, [positions[p * 3], positions[p * 3 + 1], positions[p * 3 + 2]]);
    const z = inCamera[2];
    const pixel = cameraToPixel(camera, inCamera);
    if (!pixel) continue;
    const [u, v] = [Math.round(pixel[0]), Math.round(pixel[1])];
    // Near points are bigger dots, so surfaces close by stay closed.
    const radius = Math.max(1, Math.min(4, Math.round(12 / z)));
    const fade = Math.max(0.35, 1 - z / 70);
    const lift = 0.6 + 0.4 * intensity[p];
    const colour = palette[kinds[p]];
    const [r, g, b] = [colour[0] * fade * lift, colour[1] * fade * lift, colour[2] * fade * lift];
    for (let dy = -radius + 1; dy < radius; dy++) {
      for (let dx = -radius + 1; dx < radius; dx++) {
        const [x, y] = [u + dx, v + dy];
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const at = y * width + x;
        if (z >= depth[at]) continue;
        depth[at] = z;
        png.data[at * 4] = r;
        png.data[at * 4 + 1] = g;
        png.data[at * 4 + 2] = b;
      }
    }
  }
  // One filter for every row: the default tries all five per row, several times slower for the same picture.
  return encodePng(png);
}

/** KITTI's velodyne .bin: float32 x, y, z, reflectance per point. */
export function kittiBin(frame: StreetFrame): Buffer {
  const out = new Float32Array(frame.count * 4);
  for (let p = 0; p < frame.count; p++) {
    out[p * 4] = frame.positions[p * 3];
    out[p * 4 + 1] = frame.positions[p * 3 + 1];
    out[p * 4 + 2] = frame.positions[p * 3 + 2];
    out[p * 4 + 3] = frame.intensity[p];
  }
  // Float32Array is little-endian on every platform Node runs on here, as KITTI's files are.
  return Buffer.from(out.buffer);
}

/** A PCD with binary data: x, y, z, intensity as float32. */
export function binaryPcd(frame: StreetFrame): Buffer {
  const header = `# .PCD v0.7 - Point Cloud Data file format\nVERSION 0.7\nFIELDS x y z intensity\nSIZE 4 4 4 4\nTYPE F F F F\nCOUNT 1 1 1 1\nWIDTH ${frame.count}\nHEIGHT 1\nVIEWPOINT 0 0 0 1 0 0 0\nPOINTS ${frame.count}\nDATA binary\n`;
  return Buffer.concat([Buffer.from(header, 'ascii'), kittiBin(frame)]);
}

/** A KITTI calib file whose P2 is the camera's K (no baseline), R0_rect the identity and Tr_velo_to_cam its transform. */
export function kittiCalibText(camera: CameraCalibration): string {
  const { fx, fy, cx, cy, skew } = camera.intrinsics;
  const line = (key: string, values: number[]) => `${key}: ${values.map((v) => v.toExponential(12)).join(' ')}`;
  const p = [fx, skew, cx, 0, 0, fy, cy, 0, 0, 0, 1, 0];
  return [line('P0', p), line('P1', p), line('P2', p), line('P3', p), line('R0_rect', [1, 0, 0, 0, 1, 0, 0, 0, 1]), line('Tr_velo_to_cam', camera.lidarToCamera.slice(0, 12)), ''].join('\n');
}

/** An OpenLABEL document naming the rig's cameras, each posed with respect to the LiDAR. */
export function openLabelRig(cameras: CameraCalibration[]): object {
  const poseOf = (camera: CameraCalibration) => {
    // pose_wrt_parent takes camera points into the LiDAR frame: the inverse of lidarToCamera.
    const m = camera.lidarToCamera;
    const r = [m[0], m[4], m[8], m[1], m[5], m[9], m[2], m[6], m[10]];
    const t = [m[3], m[7], m[11]];
    const back = [0, 1, 2].map((row) => -(r[row * 3] * t[0] + r[row * 3 + 1] * t[1] + r[row * 3 + 2] * t[2]));
    return [r[0], r[1], r[2], back[0], r[3], r[4], r[5], back[1], r[6], r[7], r[8], back[2], 0, 0, 0, 1];
  };
  return {
    openlabel: {
      metadata: { schema_version: '1.0.0' },
      coordinate_systems: {
        lidar: { type: 'sensor_cs', parent: '', children: cameras.map((camera) => camera.name) },
        ...Object.fromEntries(cameras.map((camera) => [camera.name, { type: 'sensor_cs', parent: 'lidar', pose_wrt_parent: { matrix4x4: poseOf(camera) } }])),
      },
      streams: {
        lidar: { type: 'lidar', description: 'roof LiDAR' },
        ...Object.fromEntries(
          cameras.map((camera) => {
            const { fx, fy, cx, cy, skew } = camera.intrinsics;
            return [camera.name, { type: 'camera', stream_properties: { intrinsics_pinhole: { width_px: camera.width, height_px: camera.height, camera_matrix_3x4: [fx, skew, cx, 0, 0, fy, cy, 0, 0, 0, 1, 0], distortion_coeffs: camera.distortion.coeffs } } }];
          }),
        ),
      },
    },
  };
}

export interface StreetUploadOptions {
  /** The item's folder in the upload. */
  folder: string;
  frames: number;
  /** 'kitti': .bin clouds, calib/<first camera>.txt (KITTI) and calib/<second camera>.json (ours); 'pcd': binary PCD and calib/openlabel.json. */
  format: 'kitti' | 'pcd';
  pointsPerFrame?: number;
  /** Camera images; none for a project of clouds alone. */
  cameras?: boolean;
  /** The rig's cameras, the demo's two unless given: the first is calibrated in KITTI's text, the second in ours. */
  rig?: CameraCalibration[];
  /** Starting seed, so two items of one upload differ. */
  seed?: number;
}

/** One item of the upload layout, with each frame's objects (for the demo's annotation). */
export function streetUpload(options: StreetUploadOptions): { entries: { name: string; content: Buffer }[]; objects: StreetFrame['objects'][] } {
  const { folder, frames: count, format, pointsPerFrame = 100_000, cameras: withCameras = true, seed = 1, rig = streetCameras() } = options;
  const entries: { name: string; content: Buffer }[] = [];
  const objects: StreetFrame['objects'][] = [];
  const times: string[] = [];
  for (let i = 0; i < count; i++) {
    const stem = String(i).padStart(6, '0');
    const t = i / 10;
    const frame = streetFrame(t, seed * 1000 + i + 1, pointsPerFrame);
    objects.push(frame.objects);
    const cloudName = format === 'kitti' ? `${stem}.bin` : `${stem}.pcd`;
    entries.push({ name: `${folder}/lidar/${cloudName}`, content: format === 'kitti' ? kittiBin(frame) : binaryPcd(frame) });
    if (withCameras) for (const camera of rig) entries.push({ name: `${folder}/cameras/${camera.name}/${stem}.png`, content: renderCamera(camera, frame) });
    times.push(`${cloudName} ${(1_700_000_000 + t).toFixed(1)}`);
  }
  entries.push({ name: `${folder}/timestamps.txt`, content: Buffer.from(`${times.join('\n')}\n`) });
  if (withCameras) {
    if (format === 'kitti') {
      entries.push({ name: `${folder}/calib/${rig[0].name}.txt`, content: Buffer.from(kittiCalibText(rig[0])) });
      const { name, ...own } = rig[1];
      entries.push({ name: `${folder}/calib/${name}.json`, content: Buffer.from(JSON.stringify(own, null, 2)) });
    } else {
      entries.push({ name: `${folder}/calib/openlabel.json`, content: Buffer.from(JSON.stringify(openLabelRig(rig), null, 2)) });
    }
  }
  // The sensor stands still on this street: its pose is the same at every frame.
  entries.push({ name: `${folder}/ego_poses.json`, content: Buffer.from(JSON.stringify(Array.from({ length: count }, () => ({ translation: [0, 0, 0], rotation: [1, 0, 0, 0] })))) });
  return { entries, objects };
}
