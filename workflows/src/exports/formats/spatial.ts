// What the point-cloud formats share: each frame's cuboids with the 2D box each camera shows of them (drawn where
// the keyframes hold one, else projected), the rig's cameras, stable tokens, and numbers at a format's precision.
import type { CameraCalibration, SensorCamera } from '../../fusion/calibration';
import { projectCuboid } from '../../fusion/projection';
import { cameraBoxesAt } from '../../items/interpolation';
import type { BoxShape, CuboidShape } from '../../items/result.schema';
import type { ExportItem, ExportTool } from '../format';
import { type ObjectAtFrame, objectsAt } from './objects-at';

export type CuboidAtFrame = ObjectAtFrame & { shape: CuboidShape };

/** The cuboids in the scene at a frame. */
export const cuboidsAt = (item: ExportItem, frame: number, tools: ExportTool[]): CuboidAtFrame[] => objectsAt(item, frame, tools).filter((o): o is CuboidAtFrame => o.shape.type === 'cuboid');

export const camerasOf = (item: ExportItem): SensorCamera[] => item.sensors?.cameras ?? [];

/**
 * A camera for an item without one: the LiDAR's axes turned into a camera's (x forward becomes z, y left becomes −x,
 * z up becomes −y), a unit pinhole, so camera-frame formats still say where a cuboid is.
 */
export const axesCamera: CameraCalibration = {
  name: 'lidar',
  width: 1,
  height: 1,
  intrinsics: { fx: 1, fy: 1, cx: 0, cy: 0, skew: 0 },
  distortion: { model: 'none', coeffs: [] },
  lidarToCamera: [0, -1, 0, 0, 0, 0, -1, 0, 1, 0, 0, 0, 0, 0, 0, 1],
};

/** The 2D box the camera shows of a cuboid at a frame: the one drawn on its image, else the projection's; null where it is out of view. */
export function cameraBoxOf(object: CuboidAtFrame, frame: number, camera: CameraCalibration): [number, number, number, number] | null {
  const drawn: BoxShape | undefined = cameraBoxesAt(object.object, frame)[camera.name];
  if (drawn) return [drawn.x, drawn.y, drawn.width, drawn.height];
  return projectCuboid(camera, object.shape).box;
}

/**
 * The file beside KITTI labels that tells the 2D boxes drawn on the camera from the projected ones (a label line holds
 * either): the camera's name and, by label file stem, the lines (from 0, blank lines not counted) whose box was drawn.
 */
export interface DrawnBoxes {
  camera: string;
  lines: Record<string, number[]>;
}

/** Whether the 2D box KITTI writes for a cuboid at a frame is one drawn on the camera's image. */
export const drawnOn = (object: CuboidAtFrame, frame: number, camera: CameraCalibration): boolean => camera !== axesCamera && !!cameraBoxesAt(object.object, frame)[camera.name];

/** The drawn-boxes file's content, or null where no box was drawn. */
export const drawnBoxesFile = (drawn: DrawnBoxes): string | null => (Object.values(drawn.lines).some((lines) => lines.length > 0) ? `${JSON.stringify(drawn)}\n` : null);

/** Reads a drawn-boxes file: for a label file's stem and a line, the camera whose box the line holds, or null. */
export function readDrawnBoxes(content: Buffer | undefined): (stem: string, line: number) => string | null {
  let drawn: Partial<DrawnBoxes> = {};
  try {
    const parsed: unknown = content ? JSON.parse(content.toString('utf8')) : {};
    if (parsed && typeof parsed === 'object') drawn = parsed as Partial<DrawnBoxes>;
  } catch {
    drawn = {};
  }
  const { camera, lines } = drawn;
  return (stem, line) => (typeof camera === 'string' && camera && lines && typeof lines === 'object' && Array.isArray(lines[stem]) && lines[stem].includes(line) ? camera : null);
}

/** The 2D box of a KITTI line's left, top, right and bottom as a camera box, or null where it is empty or not finite. */
export function kittiBox(fields: string[]): BoxShape | null {
  const [left, top, right, bottom] = fields.map(Number);
  if (![left, top, right, bottom].every(Number.isFinite) || right <= left || bottom <= top) return null;
  return { type: 'box', x: left, y: top, width: right - left, height: bottom - top };
}

/** A 32-hex token that is the same for the same text on every export (FNV-1a, four seeds). */
export function tokenOf(text: string): string {
  let out = '';
  for (const seed of [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b]) {
    let hash = seed >>> 0;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
    out += hash.toString(16).padStart(8, '0');
  }
  return out;
}

/** A number to the given decimals, written without trailing noise. */
export const fixed = (value: number, decimals: number): string => (Object.is(Number(value.toFixed(decimals)), -0) ? (0).toFixed(decimals) : value.toFixed(decimals));

/** A frame's number as KITTI names its files. */
export const frameName = (frame: number): string => String(frame).padStart(6, '0');
