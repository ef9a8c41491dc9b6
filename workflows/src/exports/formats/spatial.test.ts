// The point-cloud formats as a reader of each sees them, and the round trip each must survive: a LiDAR sequence with
// two cuboid tracks (one turning across ±π, leaving and coming back, one with boxes drawn on a camera) and a segment
// track, on a rig of two cameras with ego poses, exported, imported back into the same item, and the same tracks
// with the same ids at every frame, within the format's precision.
import { describe, expect, it } from 'vitest';
import { toolInput } from '../../catalog/tool.schemas';
import type { ItemSensors } from '../../fusion/calibration';
import { cameraBoxesAt, frameAttributesAt, shapeAt, wrapAngle } from '../../items/interpolation';
import type { BoxShape, CuboidShape, Keyframe, ResultDocument, ResultObject, Shape } from '../../items/result.schema';
import { type ExportContext, type ExportFormat, type ExportTool, importDetails } from '../format';
import { matchImport } from '../import-matching';
import { annotationDecoders, exportEncoders } from './index';
import { nuscenesFolder } from './nuscenes';
import { pointLabelsClassesPath } from './point-labels';
import { semanticClassesPath } from './kitti-3d';
import { encodeAll, item, text } from './round-trip.test-support';

const car: ExportTool = {
  toolId: '00000000-0000-4000-8000-000000000011',
  toolVersion: 1,
  definition: toolInput.parse({
    name: 'Car',
    templateType: 'cuboid',
    attributes: [
      { name: 'category', displayName: 'Category', exportName: 'category', type: 'single', instanceAttribute: true, options: [{ name: 'sedan' }, { name: 'van' }] },
      { name: 'moving', displayName: 'Moving', exportName: 'moving', type: 'single', frameAttribute: true, options: [{ name: 'yes' }, { name: 'no' }] },
    ],
  }),
};
const road: ExportTool = { toolId: '00000000-0000-4000-8000-000000000012', toolVersion: 1, definition: toolInput.parse({ name: 'Road', templateType: 'segment' }) };
const context: ExportContext = { projectTitle: 'Streets in 3D', tools: [car, road], rule: null, exportedAt: '2026-11-26T00:00:00.000Z' };
const frameCount = 20;

/** Two cameras of a rig slightly tilted, as real ones are: a pinhole forward and a radtan one to the left. */
const sensors: ItemSensors = {
  cameras: [
    { name: 'front', width: 1280, height: 720, intrinsics: { fx: 900, fy: 900, cx: 640, cy: 360, skew: 0 }, distortion: { model: 'none', coeffs: [] }, lidarToCamera: [0.0079, -0.99997, -0.0008, -0.01, -0.0028, 0.0008, -0.999996, -0.05, 0.99996, 0.0079, -0.0028, -0.29, 0, 0, 0, 1], images: Array.from({ length: frameCount }, (_, i) => `${String(i).padStart(4, '0')}.jpg`) },
    { name: 'left', width: 1280, height: 720, intrinsics: { fx: 700, fy: 700, cx: 640, cy: 360, skew: 0 }, distortion: { model: 'radtan', coeffs: [-0.2, 0.05, 0.001, -0.001, 0] }, lidarToCamera: [1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, -0.5, 0, 0, 0, 1], images: Array.from({ length: frameCount }, (_, i) => `${String(i).padStart(4, '0')}.jpg`) },
  ],
  egoPoses: Array.from({ length: frameCount }, (_, i) => (i % 7 === 3 ? null : { translation: [100 + i * 1.5, 200 - i * 0.2, 1.8], rotation: [Math.cos(0.3 + i * 0.01), 0, 0, Math.sin(0.3 + i * 0.01)] })),
};

const key = (frame: number, shape: Shape | null, attributes: Keyframe['attributes'] = {}, over: Partial<Keyframe> = {}): Keyframe => ({ frame, shape, attributes, outside: shape === null, source: 'drawn', ...over });
const cuboid = (x: number, y: number, yaw: number, length = 4.5): CuboidShape => ({ type: 'cuboid', x, y, z: -0.9, length, width: 1.9, height: 1.6, yaw });
const object = (id: string, tool: ExportTool, attributes: ResultObject['attributes'], keyframes: Keyframe[]): ResultObject => ({ id, toolId: tool.toolId, toolVersion: 1, templateType: tool.definition.templateType, className: null, attributes, group: null, keyframes });
const segment = (counts: number[]): Shape => ({ type: 'segment', pointCount: 1000, counts });
const box = (x: number, y: number, width: number, height: number): BoxShape => ({ type: 'box', x, y, width, height });

const scene: ResultDocument = {
  frameCount,
  attributes: {},
  objects: [
    object('9a1f0c1e-8d7a-4c55-9a51-3a1e2f9d7c10', car, { category: 'sedan' }, [
      key(0, cuboid(12, 3, 3.0), { moving: 'yes' }, { cameraBoxes: { front: box(600, 320, 80, 60), left: box(100, 300, 50, 40) } }),
      key(10, cuboid(22, 1, -3.0), {}, { cameraBoxes: { front: box(650, 330, 90, 70) } }),
      key(14, null),
      key(16, cuboid(30, -2, -2.5), { moving: 'no' }),
    ]),
    object('4', car, { category: 'van' }, [key(2, cuboid(15, -4, 0.2, 5.2), {}, { cameraBoxes: { front: { type: 'box', x: 700, y: 300, width: 120, height: 90 } } }), key(19, cuboid(8, -4, 0.4, 5.2))]),
    object('road-1', road, {}, [key(0, segment([100, 300, 600])), key(12, segment([50, 400, 550]))]),
    object('road-2', road, {}, [key(0, segment([700, 200, 100]))]),
  ],
};
const drive = item({
  fileName: 'drive_0001',
  mediaPath: 'images/Week 1/drive_0001',
  frames: Array.from({ length: frameCount }, (_, i) => ({ mediaPath: `images/Week 1/drive_0001/${String(i).padStart(4, '0')}.pcd`, width: null, height: null, timestamp: i / 10 })),
  sensors,
  result: scene,
});
const target = { itemId: drive.itemId, fileName: 'drive_0001', width: null, height: null, waiting: true, frameCount };

/** What a person sees of a track at every frame, to a format's precision: centre and size in metres, yaw, frame values. */
const seen = (track: ResultObject, decimals: number) =>
  Array.from({ length: frameCount }, (_, frame) => {
    const shape = shapeAt(track, frame);
    if (!shape || shape.type !== 'cuboid') return { frame, shape };
    return { frame, shape: [shape.x, shape.y, shape.z, shape.length, shape.width, shape.height].map((v) => Number(v.toFixed(decimals))), values: frameAttributesAt(track, frame) };
  });
const yawsAt = (track: ResultObject) => Array.from({ length: frameCount }, (_, frame) => (shapeAt(track, frame) as CuboidShape | null)?.yaw ?? null);

const cuboidFormats: [ExportFormat, number][] = [
  ['kitti_3d', 2],
  ['kitti_tracking', 2],
  ['nuscenes', 6],
  ['openlabel', 6],
];

/** The formats that carry 2D boxes drawn on the cameras, and on which: KITTI's lines hold the first camera's. */
const cameraBoxFormats = new Map<ExportFormat, string[]>([
  ['openlabel', ['front', 'left']],
  ['kitti_3d', ['front']],
  ['kitti_tracking', ['front']],
]);

describe('point-cloud formats', () => {
  for (const [format, decimals] of cuboidFormats) {
    describe(format, () => {
      const files = encodeAll(exportEncoders[format], [drive], context);
      const decoded = annotationDecoders[format](files, { rule: null, sizeOf: () => null });
      const matched = matchImport(decoded, [target], context.tools);
      const cars = scene.objects.filter((o) => o.templateType === 'cuboid');

      it('imports its own export into the LiDAR sequence without a refusal', () => {
        expect(decoded.refusals).toEqual([]);
        expect(matched.refusals).toEqual([]);
        expect(matched.items.map((i) => i.target.itemId)).toEqual([drive.itemId]);
      });

      it('gives back the same cuboid tracks with the same ids and values, the same cuboid at every frame', () => {
        const objects = matched.items[0].result.objects;
        expect(objects.map((o) => [o.id, o.attributes])).toEqual(cars.map((o) => [o.id, o.attributes]));
        objects.forEach((o, i) => {
          expect(seen(o, decimals)).toEqual(seen(cars[i], decimals));
          yawsAt(o).forEach((yaw, frame) => {
            const drawn = yawsAt(cars[i])[frame];
            if (yaw === null || drawn === null) expect(yaw).toBe(drawn);
            else expect(Math.abs(wrapAngle(yaw - drawn)), `frame ${frame}`).toBeLessThan(format.startsWith('kitti') ? 2e-3 : 1e-9);
          });
        });
      });

      const boxCameras = cameraBoxFormats.get(format);
      if (boxCameras) {
        it(`gives back the 2D boxes drawn on ${boxCameras.join(' and ')}, the same at every frame`, () => {
          const objects = matched.items[0].result.objects;
          const boxesSeen = (track: ResultObject) =>
            Array.from({ length: frameCount }, (_, frame) =>
              Object.entries(cameraBoxesAt(track, frame))
                .filter(([camera]) => boxCameras.includes(camera))
                .map(([camera, b]) => [camera, ...[b.x, b.y, b.width, b.height].map((v) => Number(v.toFixed(3)))]),
            );
          objects.forEach((o, i) => expect(boxesSeen(o)).toEqual(boxesSeen(cars[i])));
          expect(boxesSeen(objects[0])[5]).toEqual([['front', 625, 325, 85, 65], ['left', 100, 300, 50, 40]].filter(([camera]) => boxCameras.includes(camera as string)));
        });
      }

      it('stores keyframes, not frames', () => {
        matched.items[0].result.objects.forEach((o, i) => expect(o.keyframes.length).toBeLessThanOrEqual(cars[i].keyframes.length + 1));
      });
    });
  }

  describe('point_labels', () => {
    const files = encodeAll(exportEncoders.point_labels, [drive], context);
    const decoded = annotationDecoders.point_labels(files, { rule: null, sizeOf: () => null });
    const matched = matchImport(decoded, [target], context.tools);

    it('writes one little-endian uint16 class index per point for every frame with a segment, and names the classes', () => {
      expect(JSON.parse(text(files, pointLabelsClassesPath))).toEqual({ '0': 'unlabelled', '1': 'Road' });
      const first = files.find((f) => f.path === 'point_labels/Week 1/drive_0001/000000.bin')!.content;
      expect(first.length).toBe(2000);
      expect([99, 100, 399, 400, 700, 899, 900].map((p) => first.readUInt16LE(2 * p))).toEqual([0, 1, 1, 0, 1, 1, 0]);
      expect(files.filter((f) => /\/\d+\.bin$/.test(f.path))).toHaveLength(frameCount);
    });

    it('writes beside it the instance of each point, so two roads stay two', () => {
      const first = files.find((f) => f.path === 'point_labels/Week 1/drive_0001/000000.instance.bin')!.content;
      expect(first.length).toBe(2000);
      expect([99, 100, 399, 400, 700, 899, 900].map((p) => first.readUInt16LE(2 * p))).toEqual([0, 1, 1, 0, 2, 2, 0]);
      expect(files.filter((f) => f.path.endsWith('.instance.bin'))).toHaveLength(frameCount);
    });

    it('reads back each segment track with its id, held where it was drawn', () => {
      expect(decoded.refusals).toEqual([]);
      expect(matched.refusals).toEqual([]);
      expect(matched.items[0].result.objects.map((track) => [track.id, track.keyframes.map((k) => [k.frame, k.shape])])).toEqual([
        ['road-1', [[0, segment([100, 300, 600])], [12, segment([50, 400, 550])]]],
        ['road-2', [[0, segment([700, 200, 100])]]],
      ]);
    });

    it('reads files without instances as one segment track per class', () => {
      const withoutInstances = files.filter((f) => !f.path.endsWith('.instance.bin') && !f.path.endsWith('tracks.json'));
      const classTracks = matchImport(annotationDecoders.point_labels(withoutInstances, { rule: null, sizeOf: () => null }), [target], context.tools);
      expect(classTracks.refusals).toEqual([]);
      expect(classTracks.items[0].result.objects.map((track) => [track.id, track.keyframes[0].shape])).toEqual([['1', segment([100, 300, 300, 200, 100])]]);
    });

    it('refuses an instance that spans two classes', () => {
      const twoClasses = files.map((f) => {
        if (f.path !== 'point_labels/Week 1/drive_0001/000003.bin') return f;
        const content = Buffer.from(f.content);
        content.writeUInt16LE(0, 2 * 150);
        return { ...f, content };
      });
      const refused = annotationDecoders.point_labels(twoClasses, { rule: null, sizeOf: () => null }).refusals;
      expect(refused).toEqual([{ source: 'point_labels/Week 1/drive_0001/000003.instance.bin instance 1', reasonKey: expect.any(String), params: { format: 'point labels', detail: importDetails.pointLabelsClass } }]);
    });
  });
});

describe('KITTI 3D', () => {
  const files = encodeAll(exportEncoders.kitti_3d, [drive], context);

  it('writes the devkit’s 15 fields per cuboid and frame, the 2D box drawn on the first camera where there is one, and a calib per frame', () => {
    const lines = text(files, 'kitti_3d/Week 1/drive_0001/label_2/000002.txt').trim().split('\n');
    expect(lines).toHaveLength(2);
    const van = lines[1].split(' ');
    expect(van).toHaveLength(15);
    expect(van.slice(0, 3)).toEqual(['Car', '0', '0']);
    expect(van.slice(4, 8)).toEqual(['700.00', '300.00', '820.00', '390.00']);
    expect(van.slice(8, 11)).toEqual(['1.6000', '1.9000', '5.2000']);
    expect(text(files, 'kitti_3d/Week 1/drive_0001/calib/000002.txt')).toMatch(/^P0: 9\.000000000000e\+2 0\.000000000000e\+0 6\.400000000000e\+2/);
  });

  it('writes SemanticKITTI labels per frame with segments: the class in the lower 16 bits, the instance in the upper, so two roads stay two', () => {
    expect(JSON.parse(text(files, semanticClassesPath))).toEqual({ '0': 'unlabelled', '1': 'Road' });
    const first = files.find((f) => f.path === 'kitti_3d/Week 1/drive_0001/labels/000000.label')!.content;
    expect(first.length).toBe(4000);
    const tracks = JSON.parse(text(files, 'kitti_3d/Week 1/drive_0001/tracks.json'));
    const numberOf = (id: string) => Number(Object.entries(tracks).find(([, track]) => (track as { id: string }).id === id)![0]);
    const [one, two] = [numberOf('road-1'), numberOf('road-2')];
    expect(one).not.toBe(two);
    expect([99, 100, 399, 400, 700, 899, 900].map((p) => first.readUInt32LE(4 * p))).toEqual([0, (one << 16) | 1, (one << 16) | 1, 0, (two << 16) | 1, (two << 16) | 1, 0]);
    expect(files.filter((f) => f.path.endsWith('.label'))).toHaveLength(frameCount);
  });

  it('writes the 2D boxes drawn on each camera as its own KITTI tracking 2D file, with the cuboid track’s number', () => {
    const front = text(files, 'kitti_3d/Week 1/drive_0001/camera_boxes/front.txt').trim().split('\n');
    const left = text(files, 'kitti_3d/Week 1/drive_0001/camera_boxes/left.txt').trim().split('\n');
    // The first car's front box from frame 0 to its gap at 14, blended between its keyframes; the van's from 2 until
    // its last keyframe, at 19, which holds none.
    expect(front.filter((line) => line.split(' ')[1] === front[0].split(' ')[1])).toHaveLength(14);
    expect(front).toHaveLength(14 + 17);
    expect(front.find((line) => line.startsWith('5 '))!.split(' ')).toEqual(['5', front[0].split(' ')[1], 'Car', '0', '0', '-10', '625.00', '325.00', '710.00', '390.00', '-1', '-1', '-1', '-1000', '-1000', '-1000', '-10']);
    expect(front.find((line) => line.startsWith('2 ') && line.includes('700.00'))).toBe('2 4 Car 0 0 -10 700.00 300.00 820.00 390.00 -1 -1 -1 -1000 -1000 -1000 -10');
    expect(left[0]).toBe(`0 ${front[0].split(' ')[1]} Car 0 0 -10 100.00 300.00 150.00 340.00 -1 -1 -1 -1000 -1000 -1000 -10`);
  });
});

describe('nuScenes', () => {
  const files = encodeAll(exportEncoders.nuscenes, [drive], context);
  const table = (name: string) => JSON.parse(text(files, `${nuscenesFolder}/${name}.json`));

  it('writes a scene of samples, an instance per track, and annotations in the global frame with size w l h and rotation w first', () => {
    expect(table('scene')).toHaveLength(1);
    expect(table('sample')).toHaveLength(frameCount);
    expect(table('instance').map((i: { track_id: string; nbr_annotations: number }) => [i.track_id, i.nbr_annotations])).toEqual([
      ['9a1f0c1e-8d7a-4c55-9a51-3a1e2f9d7c10', 14 + 4],
      ['4', 18],
    ]);
    const first = table('sample_annotation')[0];
    expect(first.size).toEqual([1.9, 4.5, 1.6]);
    // Frame 0's ego pose: turned 0.6 rad about z, at (100, 200, 1.8).
    const [c, s] = [Math.cos(0.6), Math.sin(0.6)];
    [100 + c * 12 - s * 3, 200 + s * 12 + c * 3, 1.8 - 0.9].forEach((v, i) => expect(first.translation[i]).toBeCloseTo(v, 9));
    [Math.cos(1.8), 0, 0, Math.sin(1.8)].forEach((v, i) => expect(first.rotation[i]).toBeCloseTo(v, 9));
    expect(table('sensor').map((s: { channel: string }) => s.channel)).toEqual(['LIDAR_TOP', 'front', 'left']);
    expect(table('calibrated_sensor')[1].camera_intrinsic).toEqual([
      [900, 0, 640],
      [0, 900, 360],
      [0, 0, 1],
    ]);
  });

  it('labels each LiDAR sample’s points as lidarseg and panoptic do, two roads two instances of one category', () => {
    const road = table('category').find((c: { name: string }) => c.name === 'Road');
    expect(road.index).toBe(1);
    const lidar = table('sample_data').find((d: { sample_token: string; calibrated_sensor_token: string }) => d.sample_token === table('sample')[0].token && d.calibrated_sensor_token === table('calibrated_sensor')[0].token);
    const seg = table('lidarseg').find((row: { sample_data_token: string }) => row.sample_data_token === lidar.token);
    const pan = table('panoptic').find((row: { sample_data_token: string }) => row.sample_data_token === lidar.token);
    expect(table('lidarseg')).toHaveLength(frameCount);
    const classes = files.find((f) => f.path === seg.filename)!.content;
    expect(classes.length).toBe(1000);
    expect([99, 100, 700, 900].map((p) => classes[p])).toEqual([0, 1, 1, 0]);
    const panoptic = files.find((f) => f.path === pan.filename)!.content;
    expect([99, 100, 399, 700, 899, 900].map((p) => panoptic.readUInt16LE(2 * p))).toEqual([0, 1001, 1001, 1002, 1002, 0]);
  });
});

describe('OpenLABEL with cuboids', () => {
  const files = encodeAll(exportEncoders.openlabel, [drive], context);
  const root = JSON.parse(text(files, 'openlabel/Week 1/drive_0001.json')).openlabel;

  it('writes cuboids in the lidar frame as ten values, each camera as a stream under the lidar, and the drawn 2D boxes on their camera', () => {
    const van = root.frames['2'].objects['1'].object_data;
    expect(van.cuboid[0].coordinate_system).toBe('lidar');
    expect(van.cuboid[0].val).toHaveLength(10);
    expect(van.cuboid[0].val.slice(7)).toEqual([5.2, 1.9, 1.6]);
    expect(van.bbox).toEqual([{ name: 'front', stream: 'front', val: [760, 345, 120, 90] }]);
    expect(root.streams.lidar.type).toBe('lidar');
    expect(root.streams.left.stream_properties.intrinsics_pinhole.distortion_coeffs_1xN).toEqual([-0.2, 0.05, 0.001, -0.001, 0]);
    expect(root.streams.front.stream_properties.intrinsics_pinhole.camera_matrix_3x4).toEqual([900, 0, 640, 0, 0, 900, 360, 0, 0, 0, 1, 0]);
    expect(root.coordinate_systems.left).toMatchObject({ type: 'sensor_cs', parent: 'lidar' });
    expect(root.coordinate_systems.left.pose_wrt_parent.matrix4x4).toHaveLength(16);
    expect(root.frames['5'].frame_properties.streams.front.uri).toBe('images/Week 1/drive_0001/cameras/front/0005.jpg');
  });
});

describe('picture and track formats on a point-cloud item', () => {
  it('write only planar shapes: cuboids and segments are left to the point-cloud formats', () => {
    for (const format of ['coco', 'mot', 'coco_video', 'yolo'] as const) {
      const encoder = exportEncoders[format](context);
      expect(encoder.item(drive).objects, format).toBe(0);
    }
  });
});
