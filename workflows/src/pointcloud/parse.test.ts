import { describe, expect, it } from 'vitest';
import { isPointCloudFile, parsePointCloud, pointCloudExtensions } from './parse';
import { PointCloudError } from './point-cloud-error';
import { writePcd } from './pcd-write';
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

describe(isPointCloudFile.name, () => {
  it('knows the extensions it reads, .pcd.bin before .bin', () => {
    expect(pointCloudExtensions).toEqual(['.pcd.bin', '.bin', '.pcd', '.ply']);
    expect(['a.pcd', 'b.PCD.bin', 'c.bin', 'd.ply', 'e.jpg', 'f.pcd.json'].map(isPointCloudFile)).toEqual([true, true, true, true, false, false]);
  });
});
