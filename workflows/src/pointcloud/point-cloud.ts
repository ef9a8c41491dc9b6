// A frame's cloud as the platform keeps it: every source format (PCD, KITTI .bin, nuScenes .pcd.bin, PLY) is
// normalized once at import into these typed arrays, and stored as one blob the editor loads as it is.
//
// Blob layout, little-endian, every section starting on a 4-byte boundary:
//   0  "APC1"                      magic
//   4  uint32 count                points
//   8  uint32 flags                1: intensity present, 2: colours present
//  12  float32 × 6                 bounds: min x, y, z, max x, y, z
//  36  float32 × 3·count           positions x, y, z in metres
//      float32 × count             intensity (flag 1), as the source gave it
//      uint8 × 3·count, padded     colours r, g, b (flag 2)

export interface PointCloud {
  count: number;
  /** x, y, z of each point in metres, in the LiDAR frame. */
  positions: Float32Array;
  /** Reflectance as the source gave it, or null where it had none. */
  intensity: Float32Array | null;
  /** r, g, b of each point, or null where the source had no colour. */
  colors: Uint8Array | null;
  bounds: { min: [number, number, number]; max: [number, number, number] };
}

export const pointCloudMagic = 'APC1';
export const pointCloudHeaderBytes = 36;
export const pointCloudExtension = 'apc';
export const pointCloudMediaType = 'application/vnd.annot.point-cloud';

const padded = (bytes: number): number => (bytes + 3) & ~3;

/**
 * The smallest box around the points; a cloud of none is bounded at the origin. Math.min and Math.max rather than
 * comparisons, as the parsers' own bounds are found (and so -0 bounds below 0 either way).
 */
export function cloudBounds(positions: Float32Array, count: number): PointCloud['bounds'] {
  if (count === 0) return { min: [0, 0, 0], max: [0, 0, 0] };
  let minX = Infinity, minY = Infinity, minZ = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  for (let i3 = 0; i3 < count * 3; i3 += 3) {
    minX = Math.min(minX, positions[i3]);
    maxX = Math.max(maxX, positions[i3]);
    minY = Math.min(minY, positions[i3 + 1]);
    maxY = Math.max(maxY, positions[i3 + 1]);
    minZ = Math.min(minZ, positions[i3 + 2]);
    maxZ = Math.max(maxZ, positions[i3 + 2]);
  }
  return { min: [minX, minY, minZ], max: [maxX, maxY, maxZ] };
}

/** The cloud as one blob. */
export function encodePointCloud(cloud: PointCloud): Uint8Array {
  const { count } = cloud;
  const size = pointCloudHeaderBytes + count * 12 + (cloud.intensity ? count * 4 : 0) + (cloud.colors ? padded(count * 3) : 0);
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = pointCloudMagic.charCodeAt(i);
  view.setUint32(4, count, true);
  view.setUint32(8, (cloud.intensity ? 1 : 0) | (cloud.colors ? 2 : 0), true);
  [...cloud.bounds.min, ...cloud.bounds.max].forEach((value, i) => view.setFloat32(12 + i * 4, value, true));
  let offset = pointCloudHeaderBytes;
  bytes.set(new Uint8Array(cloud.positions.buffer, cloud.positions.byteOffset, count * 12), offset);
  offset += count * 12;
  if (cloud.intensity) {
    bytes.set(new Uint8Array(cloud.intensity.buffer, cloud.intensity.byteOffset, count * 4), offset);
    offset += count * 4;
  }
  if (cloud.colors) bytes.set(cloud.colors.subarray(0, count * 3), offset);
  return bytes;
}

/**
 * The cloud a blob holds, its arrays viewing the blob's own memory where it is aligned (no copy), or null where the
 * bytes are not a blob of this layout.
 */
export function decodePointCloud(bytes: Uint8Array): PointCloud | null {
  if (bytes.byteLength < pointCloudHeaderBytes) return null;
  for (let i = 0; i < 4; i++) if (bytes[i] !== pointCloudMagic.charCodeAt(i)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(4, true);
  const flags = view.getUint32(8, true);
  const size = pointCloudHeaderBytes + count * 12 + (flags & 1 ? count * 4 : 0) + (flags & 2 ? padded(count * 3) : 0);
  if (bytes.byteLength < size) return null;
  const floats = (offset: number, length: number): Float32Array =>
    (bytes.byteOffset + offset) % 4 === 0 ? new Float32Array(bytes.buffer, bytes.byteOffset + offset, length) : new Float32Array(bytes.slice(offset, offset + length * 4).buffer);
  const bound = (i: number) => view.getFloat32(12 + i * 4, true);
  let offset = pointCloudHeaderBytes;
  const positions = floats(offset, count * 3);
  offset += count * 12;
  const intensity = flags & 1 ? floats(offset, count) : null;
  if (flags & 1) offset += count * 4;
  const colors = flags & 2 ? bytes.subarray(offset, offset + count * 3) : null;
  return { count, positions, intensity, colors, bounds: { min: [bound(0), bound(1), bound(2)], max: [bound(3), bound(4), bound(5)] } };
}
