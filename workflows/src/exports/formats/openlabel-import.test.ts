// OpenLABEL as the ASAM tools ship it: a KITTI tracking sequence's layout (cuboids of nine values in the left camera's
// frame, camera boxes named by coordinate system, num values, don't-care entries of negative size, the ego car as static
// object data in the vehicle's frame), transforms given as quaternion and translation, and malformed documents.
import { describe, expect, it } from 'vitest';
import { importDetails, importReasons, importWarnings, type ImportedFile } from '../format';
import { messageRef } from '../../i18n/message-ref';
import { annotationDecoders } from './index';

const decode = (document: unknown, path = 'openlabel/0000.json') => annotationDecoders.openlabel([{ path, content: Buffer.from(JSON.stringify(document)) }] as ImportedFile[], { rule: null, sizeOf: () => null });

/** The camera 0.27 m ahead of the LiDAR and 0.08 m below it, looking along the LiDAR's x (its z), its x to the LiDAR's −y. */
const cameraToLidar = [0, 0, 1, 0.27, -1, 0, 0, 0, 0, -1, 0, -0.08, 0, 0, 0, 1];

/** Three frames of a KITTI tracking sequence as the ASAM converter writes it, on the camera above. */
const kittiTracking = {
  openlabel: {
    metadata: { schema_version: '1.0.0' },
    streams: { VELO_TOP: { uri: '', type: 'lidar' }, CAM_LEFT: { uri: '', type: 'camera' } },
    coordinate_systems: {
      odom: { type: 'scene_cs', parent: '', children: ['vehicle-iso8855'] },
      'vehicle-iso8855': { type: 'local_cs', parent: 'odom', children: ['VELO_TOP'] },
      VELO_TOP: { type: 'sensor_cs', parent: 'vehicle-iso8855', children: ['CAM_LEFT'], pose_wrt_parent: { matrix4x4: [1, 0, 0, 0.76, 0, 1, 0, 0, 0, 0, 1, 1.73, 0, 0, 0, 1] } },
      CAM_LEFT: { type: 'sensor_cs', parent: 'VELO_TOP', children: [], pose_wrt_parent: { matrix4x4: cameraToLidar } },
    },
    frame_intervals: [{ frame_start: 0, frame_end: 2 }],
    objects: {
      '-1': { name: 'DontCare', type: 'DontCare', frame_intervals: [{ frame_start: 0, frame_end: 0 }] },
      '0': { name: 'Van0', type: 'Van', frame_intervals: [{ frame_start: 0, frame_end: 1 }] },
      '-2': { name: 'Egocar', type: 'Egocar', object_data: { cuboid: [{ name: 'box3D', coordinate_system: 'vehicle-iso8855', val: [1.35, 0, 0.736, 0, 0, 0, 4.765, 1.82, 1.47] }] } },
    },
    frames: {
      '0': {
        frame_properties: { transforms: { 'vehicle-iso8855_to_odom': { src: 'vehicle-iso8855', dst: 'odom', transform_src_to_dst: { matrix4x4: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] } } } },
        objects: {
          '-1': { object_data: { bbox: [{ name: 'box2D0_left', coordinate_system: 'CAM_LEFT', val: [232.4, 203.5, 26.2, 30.1] }], cuboid: [{ name: 'box3D', coordinate_system: 'CAM_LEFT', val: [-10, 499, -1, 0, -1, 0, -1000, -1000, -1000] }] } },
          '0': {
            object_data: {
              bbox: [{ name: 'box2D_left', coordinate_system: 'CAM_LEFT', val: [375.98, 227.06, 158.48, 130.62] }],
              cuboid: [{ name: 'box3D', coordinate_system: 'CAM_LEFT', val: [2, 1, 10, 0, -Math.PI / 2, 0, 4.43, 2, 1.82] }],
              num: [{ name: 'truncated', val: 0 }, { name: 'occluded', val: 1 }, { name: 'alpha', val: -1.79 }],
            },
          },
        },
      },
      '1': { objects: { '0': { object_data: { cuboid: [{ name: 'box3D', coordinate_system: 'CAM_LEFT', val: [2, 1, 11, 0, -Math.PI / 2, 0, 4.43, 2, 1.82] }], num: [{ name: 'occluded', val: 0 }] } } } },
      '2': { objects: {} },
    },
  },
};

const near = (actual: object, expected: Record<string, number | string>) => {
  for (const [key, value] of Object.entries(expected)) {
    const got = (actual as Record<string, unknown>)[key];
    if (typeof value === 'number') expect(got, key).toBeCloseTo(value, 9);
    else expect(got, key).toBe(value);
  }
};

describe('OpenLABEL as a KITTI tracking conversion ships it', () => {
  const { items, refusals, warnings } = decode(kittiTracking);
  const objects = items[0].objects;

  it('names the item after the document where the streams give no uri, and reads its frames', () => {
    expect(refusals).toEqual([]);
    expect(items[0]).toMatchObject({ fileName: '0000', frameCount: 3 });
  });

  it("moves a camera's cuboid into the LiDAR frame, upright, with its camera box and its num values", () => {
    const van = objects.filter((o) => o.className === 'Van');
    expect(van.map((o) => o.frame)).toEqual([0, 1]);
    near(van[0].shape, { type: 'cuboid', x: 10.27, y: -2, z: -1.08, length: 4.43, width: 1.82, height: 2, yaw: 0 });
    near(van[1].shape, { x: 11.27 });
    expect(van[0].cameraBoxes).toEqual({ CAM_LEFT: { type: 'box', x: 375.98 - 79.24, y: 227.06 - 65.31, width: 158.48, height: 130.62 } });
    expect(van[0].attributes).toEqual({ truncated: '0', occluded: '1', alpha: '-1.79' });
    expect(van[1].attributes).toEqual({ occluded: '0' });
    expect(van.every((o) => o.id === 'Van0')).toBe(true);
  });

  it('places static object data, the ego car in the vehicle frame, at every frame of the item, through the parents', () => {
    const ego = objects.filter((o) => o.className === 'Egocar');
    expect(ego.map((o) => o.frame)).toEqual([0, 1, 2]);
    expect(ego[0].source).toBe('openlabel/0000.json objects[-2]');
    near(ego[2].shape, { type: 'cuboid', x: 1.35 - 0.76, y: 0, z: 0.736 - 1.73, length: 4.765, width: 1.82, height: 1.47, yaw: 0 });
  });

  it('skips a cuboid of negative sizes with a warning where it is read', () => {
    expect(objects.some((o) => o.className === 'DontCare')).toBe(false);
    expect(warnings).toEqual([{ source: 'openlabel/0000.json frames[0].objects[-1]', reasonKey: importWarnings.negativeSize, params: { value: 'cuboid' } }]);
  });
});

describe('OpenLABEL transforms and camera boxes', () => {
  it('follows a transform given as quaternion and translation, either way round', () => {
    const [x, y, z, w] = [-0.5, 0.5, -0.5, 0.5];
    for (const transform of [
      { src: 'cam', dst: 'lidar', transform_src_to_dst: { quaternion: [x, y, z, w], translation: [0.27, 0, -0.08] } },
      { src: 'lidar', dst: 'cam', transform_src_to_dst: { matrix4x4: [0, -1, 0, 0, 0, 0, -1, -0.08, 1, 0, 0, -0.27, 0, 0, 0, 1] } },
    ]) {
      const document = {
        openlabel: {
          metadata: { schema_version: '1.0.0' },
          streams: { lidar: { type: 'lidar', uri: 'drive/lidar' } },
          coordinate_systems: { lidar: { type: 'sensor_cs', parent: '' }, cam: { type: 'sensor_cs', parent: '' } },
          transforms: { t: transform },
          objects: { '0': { name: 'a', type: 'Car', coordinate_system: 'cam' } },
          frames: { '0': { objects: { '0': { object_data: { cuboid: [{ name: 'box', val: [2, 1, 10, 0, -Math.PI / 2, 0, 4, 1.5, 1.8] }], bbox: [{ name: 'cam', stream: 'cam', val: [10, 20, 4, 6] }] } } } } },
        },
      };
      const { items, refusals } = decode(document);
      expect(refusals).toEqual([]);
      expect(items[0].fileName).toBe('drive/lidar');
      near(items[0].objects[0].shape, { x: 10.27, y: -2, z: -1.08, yaw: 0, height: 1.5 });
      expect(items[0].objects[0].cameraBoxes).toEqual({ cam: { type: 'box', x: 8, y: 17, width: 4, height: 6 } });
    }
  });

  it('refuses a cuboid no transform leads from, and a broken transform, with where and why', () => {
    const document = (transforms: object) => ({
      openlabel: {
        streams: { VELO: { type: 'lidar' } },
        coordinate_systems: { VELO: { type: 'sensor_cs', parent: '' }, radar: { type: 'sensor_cs', parent: '' } },
        transforms,
        objects: { '7': { name: 'a', type: 'Car' } },
        frames: { '0': { objects: { '7': { object_data: { cuboid: [{ name: 'box', coordinate_system: 'radar', val: [1, 2, 3, 0, 0, 0, 4, 2, 1.5] }] } } } } },
      },
    });
    expect(decode(document({})).refusals).toEqual([
      { source: 'openlabel/0000.json frames[0].objects[7]', reasonKey: importReasons.wrongGeometry, params: { detail: messageRef(importDetails.transformMissing, { from: 'radar', to: 'VELO' }) } },
    ]);
    expect(decode(document({ t: { src: 'radar', dst: 'VELO', transform_src_to_dst: { matrix4x4: [1, 0] } } })).refusals[0].params).toEqual({ detail: messageRef(importDetails.transformBroken, { from: 'radar', to: 'VELO', reason: messageRef('coordinates.matrix_values') }) });
  });

  it('refuses frame intervals that run backwards or past the frames an item holds, before reading their frames', () => {
    const picture = (intervals: object) => ({ openlabel: { frame_intervals: intervals, objects: { '0': { name: 'a', type: 'Car', frame_intervals: [{ frame_start: 0, frame_end: 1e12 }], object_data: { bbox: [{ name: 'b', val: [5, 5, 2, 2] }] } } } } });
    expect(decode(picture([{ frame_start: 3, frame_end: 1 }])).refusals.map((r) => r.source)).toEqual(['openlabel/0000.json frame_intervals']);
    const far = decode(picture([{ frame_start: 0, frame_end: 4 }]));
    expect(far.refusals.map((r) => [r.source, r.params?.detail])).toEqual([['openlabel/0000.json objects[0].frame_intervals', messageRef(importDetails.frameIntervalEnd, { last: 99999 })]]);
  });

  it('refuses a document without its root, a frame not named by its number, an object without a type', () => {
    expect(decode({ frames: {} }).refusals).toEqual([{ source: 'openlabel/0000.json', reasonKey: importReasons.malformed, params: { format: 'OpenLABEL', detail: importDetails.openlabelRoot } }]);
    const odd = decode({ openlabel: { objects: { '1': { name: 'x' } }, frames: { first: { objects: {} }, '0': { objects: { '1': { object_data: { bbox: [{ name: 'b', val: [5, 5, 2, 2] }] } } } } } } });
    expect(odd.refusals.map((r) => [r.source, r.params?.detail])).toEqual([
      ['openlabel/0000.json frames[first]', importDetails.frameNames],
      ['openlabel/0000.json frames[0].objects[1]', messageRef(importDetails.objectType, { object: '1' })],
    ]);
  });
});
