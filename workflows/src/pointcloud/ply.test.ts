import { describe, expect, it } from 'vitest';
import { parsePly } from './ply';
import { PointCloudError } from './point-cloud-error';
import { type PlyElementSpec, writePly } from './point-cloud-files.test-support';

const encodings = ['ascii', 'binary_little_endian', 'binary_big_endian'] as const;

// A camera element before the vertices (with a list), vertices with a list property between their fields, and faces after.
const elements: PlyElementSpec[] = [
  { name: 'camera', properties: [{ name: 'id', type: 'int' }, { name: 'tags', type: 'ushort', listCountType: 'uchar' }], rows: [[1, [4, 5, 6]], [2, []]] },
  {
    name: 'vertex',
    properties: [
      { name: 'x', type: 'float' },
      { name: 'y', type: 'double' },
      { name: 'z', type: 'float' },
      { name: 'neighbours', type: 'int', listCountType: 'uchar' },
      { name: 'scalar_intensity', type: 'float' },
      { name: 'red', type: 'uchar' },
      { name: 'green', type: 'uchar' },
      { name: 'blue', type: 'uchar' },
      { name: 'confidence', type: 'short' },
    ],
    rows: [
      [1.5, -2.25, 0.5, [1, 2], 12.5, 255, 0, 10, -4],
      [2.5, 100.125, -1, [], 0.25, 1, 2, 3, 9],
      [3.5, 0, 7.75, [0, 0, 0], 99, 30, 60, 90, 1],
    ],
  },
  { name: 'face', properties: [{ name: 'vertex_indices', type: 'int', listCountType: 'uchar' }], rows: [[[0, 1, 2]]] },
];

describe('parsePly', () => {
  it.each(encodings)('reads the vertices of %s data with intensity and colour, past other elements and lists', (encoding) => {
    const cloud = parsePly(writePly(elements, encoding));
    expect(cloud.count).toBe(3);
    expect([...cloud.positions]).toEqual([1.5, -2.25, 0.5, 2.5, 100.125, -1, 3.5, 0, 7.75]);
    expect([...cloud.intensity!]).toEqual([12.5, 0.25, 99]);
    expect([...cloud.colors!]).toEqual([255, 0, 10, 1, 2, 3, 30, 60, 90]);
    expect(cloud.bounds).toEqual({ min: [1.5, -2.25, -1], max: [3.5, 100.125, 7.75] });
  });

  it('reads a vertex element without intensity or colour as positions only', () => {
    const cloud = parsePly(writePly([{ name: 'vertex', properties: ['x', 'y', 'z'].map((name) => ({ name, type: 'float' })), rows: [[1, 2, 3]] }], 'binary_little_endian'));
    expect(cloud).toMatchObject({ count: 1, intensity: null, colors: null });
  });

  it('refuses truncated binary data and a file without y', () => {
    const bytes = writePly(elements, 'binary_big_endian');
    const key = (read: () => unknown) => {
      try {
        read();
      } catch (error) {
        return error instanceof PointCloudError ? [error.messageKey, error.params] : error;
      }
    };
    // The faces after the vertices (13 bytes) are not read; cutting 5 more bytes ends the file before the last red.
    expect(key(() => parsePly(bytes.subarray(0, bytes.length - 18)))).toEqual(['pointcloud.truncated', { expected: bytes.length - 17, actual: bytes.length - 18 }]);
    const noY = writePly([{ name: 'vertex', properties: ['x', 'z'].map((name) => ({ name, type: 'float' })), rows: [[1, 2]] }], 'ascii');
    const ascii = new TextDecoder().decode(writePly(elements.slice(0, 2), 'ascii')).trimEnd().split('\n').slice(0, -1).join('\n');
    expect(key(() => parsePly(new TextEncoder().encode(ascii)))).toEqual(['pointcloud.rows_missing', { expected: 3, actual: 2 }]);
    expect(key(() => parsePly(noY))).toEqual(['pointcloud.field_missing', { field: 'y' }]);
    expect(key(() => parsePly(new TextEncoder().encode('ply\nformat ascii 1.0\nelement vertex 1\n')))).toEqual(['pointcloud.header_invalid', { keyword: 'end_header' }]);
    const half = new TextEncoder().encode('ply\nformat ascii 1.0\nelement vertex 1\nproperty half x\nend_header\n1\n');
    expect(key(() => parsePly(half))).toEqual(['pointcloud.type_unsupported', { field: 'x', type: 'half' }]);
  });
});
