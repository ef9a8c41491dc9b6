// Every OpenLABEL document an export writes, of a picture and of a sequence with every shape, validates against the
// published ASAM OpenLABEL 1.0.0 JSON schema; a document that breaks the schema is caught by the same check.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { exportEncoders } from '@annot/workflows';
import { context, encodeAll, item } from '../../workflows/src/exports/formats/round-trip.test-support';

const schema = JSON.parse(readFileSync(path.join(__dirname, '../fixtures/openlabel/openlabel_json_schema-v1.0.0.json'), 'utf8'));
const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);

describe('OpenLABEL exports against the published schema', () => {
  it('validates a picture with a box, a polygon and a line, and a three-frame sequence with a turned box leaving and coming back', () => {
    const picture = item();
    const sequence = item({
      fileName: 'frames/seq.png',
      mediaPath: 'images/Week 1/frames/seq.png',
      result: {
        frameCount: 3,
        attributes: {},
        objects: [
          {
            ...picture.result.objects[0],
            keyframes: [
              { frame: 0, shape: { type: 'box', x: 10, y: 10, width: 20, height: 20 }, attributes: { moving: 'yes' }, outside: false, source: 'drawn' },
              { frame: 2, shape: { type: 'box', x: 30, y: 10, width: 20, height: 20 }, attributes: {}, outside: false, source: 'drawn' },
            ],
          },
          { ...picture.result.objects[2], keyframes: [{ frame: 1, shape: { type: 'point', x: 5, y: 6 }, attributes: {}, outside: false, source: 'drawn' }], templateType: 'point' },
          {
            ...picture.result.objects[0],
            id: 'turned-1',
            keyframes: [
              { frame: 0, shape: { type: 'box', x: 1, y: 1, width: 8, height: 4, rotation: 0.3 }, attributes: {}, outside: false, source: 'drawn' },
              { frame: 1, shape: null, attributes: {}, outside: true, source: 'drawn' },
              { frame: 2, shape: { type: 'box', x: 2, y: 1, width: 8, height: 4, rotation: -0.3 }, attributes: {}, outside: false, source: 'drawn' },
            ],
          },
        ],
      },
    });
    for (const file of encodeAll(exportEncoders.openlabel, [picture, sequence], context)) {
      const document = JSON.parse(file.content.toString('utf8'));
      expect(validate(document), `${file.path}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('validates a LiDAR sequence with cuboids, a camera box, two cameras as streams and coordinate systems', () => {
    const cuboid = (x: number, yaw: number) => ({ type: 'cuboid' as const, x, y: 2, z: -1, length: 4.5, width: 1.9, height: 1.6, yaw });
    const images = ['0000.jpg', '0001.jpg', '0002.jpg'];
    const cloud = item({
      fileName: 'drive_0001',
      mediaPath: 'images/Week 1/drive_0001',
      frames: [0, 1, 2].map((i) => ({ mediaPath: `images/Week 1/drive_0001/000${i}.pcd`, width: null, height: null, timestamp: i / 10 })),
      sensors: {
        cameras: [
          { name: 'front', width: 1280, height: 720, intrinsics: { fx: 900, fy: 900, cx: 640, cy: 360, skew: 0 }, distortion: { model: 'radtan', coeffs: [-0.2, 0.05, 0.001, -0.001] }, lidarToCamera: [0, -1, 0, 0, 0, 0, -1, 0, 1, 0, 0, 0, 0, 0, 0, 1], images },
          { name: 'rear', width: 1280, height: 720, intrinsics: { fx: 500, fy: 500, cx: 640, cy: 360, skew: 0 }, distortion: { model: 'fisheye', coeffs: [0.05, -0.01, 0.003, -0.0005] }, lidarToCamera: [0, 1, 0, 0, 0, 0, -1, 0, -1, 0, 0, 0, 0, 0, 0, 1], images },
        ],
        egoPoses: [],
      },
      result: {
        frameCount: 3,
        attributes: {},
        objects: [
          {
            ...item().result.objects[0],
            templateType: 'cuboid',
            keyframes: [
              { frame: 0, shape: cuboid(10, 3.1), attributes: { moving: 'yes' }, outside: false, source: 'drawn', cameraBoxes: { front: { type: 'box', x: 600, y: 300, width: 80, height: 60 } } },
              { frame: 2, shape: { ...cuboid(14, -3.1), pitch: 0.05 }, attributes: {}, outside: false, source: 'drawn' },
            ],
          },
        ],
      },
    });
    const [file] = encodeAll(exportEncoders.openlabel, [cloud], context);
    const document = JSON.parse(file.content.toString('utf8'));
    expect(document.openlabel.frames['1'].objects['0'].object_data.cuboid[0].val).toHaveLength(10);
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
  });

  it('would catch a document that breaks the schema', () => {
    const [file] = encodeAll(exportEncoders.openlabel, [item()], context);
    const document = JSON.parse(file.content.toString('utf8'));
    document.openlabel.frames['0'].objects['0'].object_data.bbox[0].val = [1, 2, 3];
    expect(validate(document)).toBe(false);
  });
});
