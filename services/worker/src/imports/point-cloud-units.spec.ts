import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { SourceFile } from './import-source';
import { frameStem, planPointClouds } from './point-cloud-units';

const file = (name: string): SourceFile => ({ name, size: 1, location: `root/${name}`, read: async () => Buffer.from('x'), stream: async () => Readable.from([Buffer.from('x')]) });
const names = (files: SourceFile[]) => files.map((f) => f.name);

describe('planPointClouds', () => {
  it('makes each folder above lidar/ one item with its clouds, cameras, calibration, poses and times', () => {
    const plan = planPointClouds(
      [
        'drive/lidar/000001.bin',
        'drive/lidar/000000.bin',
        'drive/cameras/front/000000.png',
        'drive/cameras/left/000000.png',
        'drive/calib/front.txt',
        'drive/ego_poses.json',
        'drive/timestamps.txt',
        'upload/scene/lidar/a.pcd',
      ].map(file),
      'street',
    );
    expect(plan.refused).toEqual([]);
    const [drive, scene] = plan.units;
    expect(drive.name).toBe('drive');
    expect(names(drive.clouds)).toEqual(['drive/lidar/000000.bin', 'drive/lidar/000001.bin']);
    expect([...drive.cameras.keys()]).toEqual(['front', 'left']);
    expect(names(drive.calib)).toEqual(['drive/calib/front.txt']);
    expect([drive.egoPoses?.name, drive.timestamps?.name]).toEqual(['drive/ego_poses.json', 'drive/timestamps.txt']);
    // A folder that wraps the items is part of the item's name.
    expect(scene.name).toBe('upload/scene');
  });

  it('names the item at the upload\'s root after the upload, and refuses files outside the layout', () => {
    const plan = planPointClouds(['lidar/0.pcd', 'notes.txt', 'lidar/deep/1.pcd', 'cameras/front.png'].map(file), 'street');
    expect(plan.units.map((unit) => [unit.name, names(unit.clouds)])).toEqual([['street', ['lidar/0.pcd']]]);
    expect(plan.refused).toEqual(['notes.txt', 'lidar/deep/1.pcd', 'cameras/front.png'].map((name) => ({ name, reasonKey: 'batches.reason_not_in_layout' })));
  });
});

describe('frameStem', () => {
  it('drops every extension, so a nuScenes sweep and its image share a name', () => {
    expect(frameStem('drive/lidar/000001.pcd.bin')).toBe('000001');
    expect(frameStem('drive/cameras/front/000001.jpg')).toBe('000001');
  });
});
