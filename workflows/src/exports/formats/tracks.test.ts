// The track formats as a reader of each sees them, and the round trip every one of them must survive: a sequence
// with two tracks, outside spans, frame values and own values exported, imported back into the same item, and the
// same tracks with the same ids at every frame.
import { describe, expect, it } from 'vitest';
import { toolInput } from '../../catalog/tool.schemas';
import { frameAttributesAt, shapeAt } from '../../items/interpolation';
import type { Keyframe, ResultDocument, ResultObject, Shape } from '../../items/result.schema';
import type { ExportContext, ExportFormat, ExportTool } from '../format';
import { importReasons } from '../format';
import { matchImport } from '../import-matching';
import { cocoVideoDocumentPath } from './coco-video';
import { annotationDecoders, exportEncoders } from './index';
import { encodeAll, item, text } from './round-trip.test-support';

const vehicle: ExportTool = {
  toolId: '00000000-0000-4000-8000-000000000001',
  toolVersion: 1,
  definition: toolInput.parse({
    name: 'Vehicle',
    templateType: 'box',
    attributes: [
      { name: 'category', displayName: 'Category', exportName: 'category', type: 'single', instanceAttribute: true, options: [{ name: 'car' }, { name: 'bus' }] },
      { name: 'occluded', displayName: 'Occluded', exportName: 'occluded', type: 'single', frameAttribute: true, options: [{ name: 'yes' }, { name: 'no' }] },
    ],
  }),
};
const context: ExportContext = { projectTitle: 'Urban streets', tools: [vehicle], rule: null, exportedAt: '2026-11-26T00:00:00.000Z' };
const frameCount = 40;

const key = (frame: number, shape: Shape | null, attributes: Keyframe['attributes'] = {}): Keyframe => ({ frame, shape, attributes, outside: shape === null, source: 'drawn' });
const box = (x: number, y: number, width = 40, height = 30): Shape => ({ type: 'box', x, y, width, height });
const track = (id: string, attributes: ResultObject['attributes'], keyframes: Keyframe[]): ResultObject => ({ id, toolId: vehicle.toolId, toolVersion: 1, templateType: 'box', className: null, attributes, group: null, keyframes });

/** Two tracks: one that leaves the scene and comes back, one that appears late and changes its frame value twice. */
const sequence: ResultDocument = {
  frameCount,
  attributes: {},
  objects: [
    track('2b5f0c1e-8d7a-4c55-9a51-3a1e2f9d7c10', { category: 'car' }, [key(0, box(10, 20), { occluded: 'no' }), key(10, box(110, 70)), key(15, null), key(20, box(200, 100), { occluded: 'yes' }), key(30, box(260, 160))]),
    track('7', { category: 'bus' }, [key(5, box(400, 300, 80, 60), { occluded: 'yes' }), key(25, box(300, 200, 100, 70), { occluded: 'no' }), key(33, null)]),
  ],
};
const drive = item({ fileName: 'drive_0001', mediaPath: 'images/Week 1/drive_0001', frames: Array.from({ length: frameCount }, (_, i) => ({ mediaPath: `images/Week 1/drive_0001/${String(i).padStart(4, '0')}.png`, width: 640, height: 480, timestamp: i / 10 })), result: sequence });
const target = { itemId: drive.itemId, fileName: 'drive_0001', width: 640, height: 480, waiting: true, frameCount };

const trackFormats: ExportFormat[] = ['mot', 'kitti_tracking', 'coco_video', 'openlabel'];

/** What a person sees of a track at every frame: its shape (to the hundredth of a pixel) and its frame values. */
const seen = (object: ResultObject) =>
  Array.from({ length: frameCount }, (_, frame) => {
    const shape = shapeAt(object, frame);
    return { frame, shape: shape && shape.type === 'box' ? [shape.x, shape.y, shape.width, shape.height].map((v) => Number(v.toFixed(2))) : shape, values: shape ? frameAttributesAt(object, frame) : null };
  });

describe('track formats', () => {
  for (const format of trackFormats) {
    describe(format, () => {
      const files = encodeAll(exportEncoders[format], [drive], context);
      const decoded = annotationDecoders[format](files, { rule: null, sizeOf: () => ({ width: 640, height: 480 }) });
      const matched = matchImport(decoded, [target], context.tools);

      it('imports its own export into the sequence item without a refusal', () => {
        expect(decoded.refusals).toEqual([]);
        expect(matched.refusals).toEqual([]);
        expect(matched.items.map((i) => i.target.itemId)).toEqual([drive.itemId]);
        expect(matched.items[0].result.frameCount).toBe(frameCount);
      });

      it('gives back the same tracks with the same ids, own values once, and the same shape and frame values at every frame', () => {
        const objects = matched.items[0].result.objects;
        expect(objects.map((o) => [o.id, o.attributes])).toEqual(sequence.objects.map((o) => [o.id, o.attributes]));
        objects.forEach((object, i) => expect(seen(object)).toEqual(seen(sequence.objects[i])));
      });

      it('stores keyframes, not frames: no more keyframes than were drawn', () => {
        const objects = matched.items[0].result.objects;
        objects.forEach((object, i) => expect(object.keyframes.length).toBeLessThanOrEqual(sequence.objects[i].keyframes.length + 1));
      });
    });
  }
});

describe('MOT', () => {
  const files = encodeAll(exportEncoders.mot, [drive], context);
  const lines = text(files, 'mot/Week 1/drive_0001/gt/gt.txt').trim().split('\n');

  it('writes one line per box and frame, frames from 1, ids as whole numbers, the class by its line in labels.txt', () => {
    expect(lines[0]).toBe('1,8,10,20,40,30,1,1,1');
    expect(lines[1]).toBe('2,8,20,25,40,30,1,1,1');
    // The bus keeps its numeric id 7; the other track is numbered after it.
    expect(lines.filter((l) => l.split(',')[1] === '7')).toHaveLength(33 - 5);
    expect(lines.filter((l) => l.split(',')[1] === '8')).toHaveLength(15 + 20);
    expect(text(files, 'mot/Week 1/drive_0001/gt/labels.txt')).toBe('Vehicle\n');
  });

  it('reads a file of another tool without tracks.json: the numbers become the ids', () => {
    const upload = [
      { path: 'MOT17-02/gt/gt.txt', content: Buffer.from('1,3,10,10,20,20,1,1,1\n2,3,12,10,20,20,1,1,1\n') },
      { path: 'MOT17-02/gt/labels.txt', content: Buffer.from('Vehicle\n') },
    ];
    const { items, refusals } = annotationDecoders.mot(upload, { rule: null, sizeOf: () => null });
    expect(refusals).toEqual([]);
    expect(items[0]).toMatchObject({ fileName: 'MOT17-02' });
    expect(items[0].objects.map((o) => [o.id, o.frame, o.className])).toEqual([
      ['3', 0, 'Vehicle'],
      ['3', 1, 'Vehicle'],
    ]);
  });

  it('refuses a short line, a box without size and an unknown class, each by its line', () => {
    const upload = [{ path: 'a/gt/gt.txt', content: Buffer.from('1,3,10\n1,3,10,10,0,20,1,1,1\n1,4,10,10,5,5,1,9,1\n') }, { path: 'a/gt/labels.txt', content: Buffer.from('Vehicle\n') }];
    const { refusals } = annotationDecoders.mot(upload, { rule: null, sizeOf: () => null });
    expect(refusals.map((r) => [r.source, r.reasonKey])).toEqual([
      ['a/gt/gt.txt:1', importReasons.malformed],
      ['a/gt/gt.txt:2', importReasons.wrongGeometry],
      ['a/gt/gt.txt:3', importReasons.unknownClass],
    ]);
  });
});

describe('KITTI tracking', () => {
  const files = encodeAll(exportEncoders.kitti_tracking, [drive], context);

  it('writes the devkit’s 17 fields: frame from 0, track id, type, the 2D box, 3D fields unknown', () => {
    const first = text(files, 'label_02/Week 1/drive_0001.txt').split('\n')[0];
    expect(first).toBe('0 8 Vehicle 0 0 -10 10.00 20.00 50.00 50.00 -1 -1 -1 -1000 -1000 -1000 -10');
  });

  it('writes the right and bottom edges as the rounded corner plus the rounded size, so a size reads back rounded once', () => {
    const uneven = item({ fileName: 'drive_0002', mediaPath: 'images/Week 1/drive_0002', frames: [], result: { frameCount: 1, attributes: {}, objects: [track('7', { category: 'car' }, [key(0, box(10.004, 20.004, 40.004, 30.004))])] } });
    const line = text(encodeAll(exportEncoders.kitti_tracking, [uneven], context), 'label_02/Week 1/drive_0002.txt').split(' ');
    expect(line.slice(6, 10)).toEqual(['10.00', '20.00', '50.00', '50.00']);
  });

  it('leaves DontCare regions out on import', () => {
    const upload = [{ path: 'label_02/0000.txt', content: Buffer.from('0 -1 DontCare -1 -1 -10 1 1 5 5 -1 -1 -1 -1000 -1000 -1000 -10\n0 0 Vehicle 0 0 -10 1 1 5 5 -1 -1 -1 -1000 -1000 -1000 -10\n') }];
    const { items, refusals } = annotationDecoders.kitti_tracking(upload, { rule: null, sizeOf: () => null });
    expect(refusals).toEqual([]);
    expect(items[0].objects.map((o) => [o.id, o.className, o.frame])).toEqual([['0', 'Vehicle', 0]]);
  });
});

describe('COCO video', () => {
  const document = JSON.parse(text(encodeAll(exportEncoders.coco_video, [drive], context), cocoVideoDocumentPath));

  it('lists the item as a video, its frames as images with video_id and frame_id, each track once, one annotation per frame in the scene', () => {
    expect(Object.keys(document)).toEqual(['info', 'licenses', 'videos', 'images', 'tracks', 'annotations', 'categories']);
    expect(document.videos).toEqual([{ id: 1, name: 'images/Week 1/drive_0001', width: 640, height: 480, length: frameCount, valid: true }]);
    expect(document.images[3]).toEqual({ id: 4, video_id: 1, frame_id: 3, file_name: 'images/Week 1/drive_0001/0003.png', width: 640, height: 480 });
    expect(document.tracks.map((t: { instance_id: string; attributes: object }) => [t.instance_id, t.attributes])).toEqual([
      ['2b5f0c1e-8d7a-4c55-9a51-3a1e2f9d7c10', { category: 'car' }],
      ['7', { category: 'bus' }],
    ]);
    expect(document.annotations[0]).toMatchObject({ image_id: 1, video_id: 1, track_id: 1, instance_id: '2b5f0c1e-8d7a-4c55-9a51-3a1e2f9d7c10', bbox: [10, 20, 40, 30], attributes: { occluded: 'no' } });
    expect(document.annotations).toHaveLength(35 + 28);
  });
});

describe('OpenLABEL', () => {
  const files = encodeAll(exportEncoders.openlabel, [drive], context);
  const root = JSON.parse(text(files, 'openlabel/Week 1/drive_0001.json')).openlabel;

  it('gives each object the frame intervals where it is in the scene, and each frame its objects', () => {
    expect(root.objects['0']).toMatchObject({ name: '2b5f0c1e-8d7a-4c55-9a51-3a1e2f9d7c10', type: 'Vehicle', frame_intervals: [{ frame_start: 0, frame_end: 14 }, { frame_start: 20, frame_end: 39 }] });
    expect(root.objects['1'].frame_intervals).toEqual([{ frame_start: 5, frame_end: 32 }]);
    expect(Object.keys(root.frames['15'].objects)).toEqual(['1']);
    expect(root.frames['3'].frame_properties.streams.camera.uri).toBe('images/Week 1/drive_0001/0003.png');
  });

  it('writes a turned box as an rbbox and reads it back turned', () => {
    const turned = item({ result: { frameCount: 1, attributes: {}, objects: [track('t', {}, [key(0, { type: 'box', x: 0, y: 0, width: 10, height: 20, rotation: 0.5 })])] } });
    const encoded = encodeAll(exportEncoders.openlabel, [turned], context);
    expect(JSON.parse(text(encoded, 'openlabel/Week 1/frames/0001.json')).openlabel.frames['0'].objects['0'].object_data.rbbox[0].val).toEqual([5, 10, 10, 20, 0.5]);
    expect(annotationDecoders.openlabel(encoded, { rule: null, sizeOf: () => null }).items[0].objects[0].shape).toEqual({ type: 'box', x: 0, y: 0, width: 10, height: 20, rotation: 0.5 });
  });
});
