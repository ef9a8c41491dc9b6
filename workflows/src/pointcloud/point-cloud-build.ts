// The last step of every parser: trim the arrays to the points kept, refuse a cloud of none, and bound it.
import { cloudBounds, type PointCloud } from './point-cloud';
import { PointCloudError } from './point-cloud-error';

/** Arrays sized for `total` points of which the first `kept` were written (the others had a non-finite coordinate). */
export interface CloudArrays {
  positions: Float32Array;
  intensity: Float32Array | null;
  colors: Uint8Array | null;
}

/** `bounds` where the parser tracked them as it read, else they are found here. */
export function buildCloud(arrays: CloudArrays, kept: number, total: number, bounds?: PointCloud['bounds']): PointCloud {
  if (kept === 0) throw new PointCloudError('pointcloud.empty');
  const trim = kept < total;
  const positions = trim ? arrays.positions.slice(0, kept * 3) : arrays.positions;
  const intensity = arrays.intensity && trim ? arrays.intensity.slice(0, kept) : arrays.intensity;
  const colors = arrays.colors && trim ? arrays.colors.slice(0, kept * 3) : arrays.colors;
  return { count: kept, positions, intensity, colors, bounds: bounds ?? cloudBounds(positions, kept) };
}

/** One line of a text header, read as Latin-1 (headers are ASCII), with its line ending removed. */
export function headerLine(bytes: Uint8Array, start: number, end: number): string {
  let line = '';
  for (let i = start; i < end; i++) line += String.fromCharCode(bytes[i]);
  return line.replace(/\r$/, '');
}

/** The text of bytes as UTF-8 (ASCII bodies decode the same). */
export function bodyText(bytes: Uint8Array, start: number): string {
  return new TextDecoder().decode(bytes.subarray(start));
}
