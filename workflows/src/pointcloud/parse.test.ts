import { describe, expect, it } from 'vitest';
import { isPointCloudFile, ParseScratch, parsePointCloud, pointCloudExtensions } from './parse';
import { PointCloudError } from './point-cloud-error';
import { packRgb, type PcdFieldSpec, writePcd } from './pcd-write';
import { writeFloatRecords, writePly } from './point-cloud-files.test-support';

describe(parsePointCloud.name, () => {
  it('reads a KITTI scan as x, y, z and reflectance', () => {
    const cloud = parsePointCloud('000042.bin', writeFloatRecords([[1, 2, 3, 0.5], [-4, 5.5, -0.25, 0.125]]));
    expect(cloud).toMatchObject({ count: 2, colors: null, bounds: { min: [-4, 2, -0.25], max: [1, 5.5, 3] } });
    expect([...cloud.positions]).toEqual([1, 2, 3, -4, 5.5, -0.25]);
    expect([...cloud.intensity!]).toEqual([0.5, 0.125]);
  });

  it('reads a nuScenes sweep (.pcd.bin) as x, y, z and intensity, without its ring', () => {
    const cloud = parsePointCloud('n008__LIDAR_TOP__1533151603547590.PCD.BIN', writeFloatRecords([[1, 2, 3, 40, 7], [4, 5, 6, 255, 31], [NaN, 0, 0, 1, 1]]));
    expect(cloud.count).toBe(2);
    expect([...cloud.positions]).toEqual([1, 2, 3, 4, 5, 6]);
    expect([...cloud.intensity!]).toEqual([40, 255]);
  });

  it('refuses a scan whose length is not a whole number of points', () => {
    const bytes = writeFloatRecords([[1, 2, 3, 4, 5]]);
    expect(() => parsePointCloud('scan.bin', bytes.subarray(0, 18))).toThrow(
      expect.objectContaining({ messageKey: 'pointcloud.truncated', params: { expected: 32, actual: 18 } }),
    );
    expect(() => parsePointCloud('sweep.pcd.bin', new Uint8Array(0))).toThrow(expect.objectContaining({ messageKey: 'pointcloud.empty' }));
  });

  it('chooses PCD and PLY by extension', () => {
    const pcd = writePcd(['x', 'y', 'z'].map((name) => ({ name, type: 'F', size: 4 })), 2, (p, f) => p * 3 + f, 'binary');
    expect([...parsePointCloud('frames/0001.pcd', pcd).positions]).toEqual([0, 1, 2, 3, 4, 5]);
    const ply = writePly([{ name: 'vertex', properties: ['x', 'y', 'z'].map((name) => ({ name, type: 'float' })), rows: [[1, 2, 3]] }], 'ascii');
    expect([...parsePointCloud('0001.PLY', ply).positions]).toEqual([1, 2, 3]);
  });

  it('refuses a file of another kind, naming it', () => {
    const error = (() => {
      try {
        parsePointCloud('scans/0001.las', new Uint8Array(4));
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(PointCloudError);
    expect(error).toMatchObject({ messageKey: 'pointcloud.format_unknown', params: { file: '0001.las' } });
  });
});

describe('parsePointCloud with reuseInput', () => {
  const floats = (names: string[]): PcdFieldSpec[] => names.map((name) => ({ name, type: 'F', size: 4 }));
  // Every fourth point has a non-finite coordinate and is dropped; coordinates, intensity and colour vary by point.
  const value = (p: number, f: number): number => {
    if (p % 4 === 2 && f === (p % 3)) return p % 8 === 2 ? NaN : -Infinity;
    return f < 3 ? Math.fround(p * 0.5 - f * 7.25) : f === 3 ? p % 250 : packRgb(p % 256, (p * 3) % 256, 200);
  };
  const layouts: [name: string, fields: PcdFieldSpec[]][] = [
    ['x y z', floats(['x', 'y', 'z'])],
    ['x y z intensity', floats(['x', 'y', 'z', 'intensity'])],
    ['x y z intensity rgb', floats(['x', 'y', 'z', 'intensity', 'rgb'])],
    ['intensity first, a U1 field, F8 z', [{ name: 'intensity', type: 'F', size: 4 }, { name: 'ring', type: 'U', size: 1 }, ...floats(['x', 'y']), { name: 'z', type: 'F', size: 8 }]],
  ];
  const files: [name: string, bytes: Uint8Array][] = [
    ...layouts.flatMap(([name, fields]) =>
      (['ascii', 'binary', 'binary_compressed'] as const).map((encoding): [string, Uint8Array] => {
        const fieldValue = (p: number, f: number) => value(p, fields[f].name === 'intensity' ? 3 : fields[f].name === 'rgb' ? 4 : fields[f].name === 'ring' ? 3 : 'xyz'.indexOf(fields[f].name));
        return [`${name}, ${encoding}.pcd`, writePcd(fields, 37, fieldValue, encoding)];
      }),
    ),
    ['KITTI.bin', writeFloatRecords(Array.from({ length: 37 }, (_, p) => [0, 1, 2, 3].map((f) => value(p, f))))],
    ['nuScenes.pcd.bin', writeFloatRecords(Array.from({ length: 37 }, (_, p) => [0, 1, 2, 3, 3].map((f) => value(p, f))))],
  ];

  /** The file's bytes at `offset` in a buffer of their own, with a byte either side that no parse may touch. */
  const placed = (bytes: Uint8Array, offset: number): Uint8Array => {
    const host = new Uint8Array(bytes.length + offset + 1).fill(0xa5);
    host.set(bytes, offset);
    return host.subarray(offset, offset + bytes.length);
  };

  it.each(files)('gives the cloud the copying parse gives of %s, at any offset in its buffer', (name, bytes) => {
    const copied = parsePointCloud(name, bytes);
    expect(copied.count).toBe(28);
    for (const offset of [0, 1, 2, 3, 4]) {
      const own = placed(bytes, offset);
      expect(parsePointCloud(name, own, { reuseInput: true })).toEqual(copied);
      const host = new Uint8Array(own.buffer);
      expect([...host.subarray(0, offset), host[host.length - 1]]).toEqual(Array(offset + 1).fill(0xa5));
    }
  });

  it.each(files.filter(([name]) => !name.includes('ascii')))('writes the positions of %s over its bytes, not into fresh memory', (name, bytes) => {
    const own = placed(bytes, 3);
    expect(parsePointCloud(name, own, { reuseInput: true }).positions.buffer).toBe(own.buffer);
  });

  it.each(files)('leaves the bytes of %s as they were without it', (name, bytes) => {
    const given = placed(bytes, 1);
    parsePointCloud(name, given);
    parsePointCloud(name, given, { scratch: new ParseScratch() });
    expect(given).toEqual(bytes);
  });

  it('keeps each cloud its own when parses share a scratch', () => {
    const scratch = new ParseScratch();
    const [first, second] = [files[5], files[8]].map(([name, bytes]) => [name, bytes, parsePointCloud(name, bytes)] as const);
    const clouds = [first, second].map(([name, bytes]) => parsePointCloud(name, bytes.slice(), { reuseInput: true, scratch }));
    expect(clouds).toEqual([first[2], second[2]]);
  });
});

describe(isPointCloudFile.name, () => {
  it('knows the extensions it reads, .pcd.bin before .bin', () => {
    expect(pointCloudExtensions).toEqual(['.pcd.bin', '.bin', '.pcd', '.ply']);
    expect(['a.pcd', 'b.PCD.bin', 'c.bin', 'd.ply', 'e.jpg', 'f.pcd.json'].map(isPointCloudFile)).toEqual([true, true, true, true, false, false]);
  });
});
