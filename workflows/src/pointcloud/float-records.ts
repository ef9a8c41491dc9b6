// Clouds stored as bare little-endian float32 records with x, y, z first and the reflectance fourth: KITTI's
// velodyne .bin (4 floats a point) and nuScenes' .pcd.bin (5: the fifth is the laser ring, not kept).
import type { PointCloud } from './point-cloud';
import { buildCloud, type ParseOptions, positionsBehindRows } from './point-cloud-build';
import { PointCloudError } from './point-cloud-error';

export function parseFloatRecords(bytes: Uint8Array, floatsPerPoint: number, options: ParseOptions = {}): PointCloud {
  const recordBytes = floatsPerPoint * 4;
  if (bytes.length % recordBytes !== 0) {
    throw new PointCloudError('pointcloud.truncated', { expected: Math.ceil(bytes.length / recordBytes) * recordBytes, actual: bytes.length });
  }
  const total = bytes.length / recordBytes;
  if (total === 0) throw new PointCloudError('pointcloud.empty');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const inPlace = options.reuseInput === true ? positionsBehindRows(bytes, 0, recordBytes, total) : null;
  const positions = inPlace ?? new Float32Array(total * 3);
  const intensity = new Float32Array(total);
  let kept = 0;
  for (let i = 0, o = 0; i < total; i++, o += recordBytes) {
    // The whole record is read before any of it is written: positions may be written over the records.
    const px = view.getFloat32(o, true);
    const py = view.getFloat32(o + 4, true);
    const pz = view.getFloat32(o + 8, true);
    const reflectance = view.getFloat32(o + 12, true);
    if (px - px !== 0 || py - py !== 0 || pz - pz !== 0) continue;
    const k3 = kept * 3;
    positions[k3] = px;
    positions[k3 + 1] = py;
    positions[k3 + 2] = pz;
    intensity[kept] = reflectance;
    kept++;
  }
  return buildCloud({ positions, intensity, colors: null }, kept, total, undefined, inPlace !== null);
}
