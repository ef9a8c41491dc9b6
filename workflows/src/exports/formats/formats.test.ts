// Every format: what its files hold by its documented structure, and a round trip (export, then import the same
// files) that gives back the classes and shapes within the format's precision.
import { describe, expect, it } from 'vitest';
import { importReasons } from '../format';
import { annotationDecoders, exportEncoders } from './index';
import { context, encodeAll, item, sizeOf, text } from './round-trip.test-support';

const decodeContext = { rule: null, sizeOf };

describe('COCO', () => {
  const files = encodeAll(exportEncoders.coco, [item(), item({ itemId: 'x', fileName: 'frames/0002.png', index: 2, mediaPath: 'images/Week 1/frames/0002.png', result: { frameCount: 1, objects: [], attributes: {} } })]);
  const coco = JSON.parse(text(files, 'annotations/instances.json'));

  it('writes one document with images, annotations and categories from the tools', () => {
    expect(coco.images).toEqual([
      { id: 1, file_name: 'images/Week 1/frames/0001.png', width: 640, height: 480, valid: true },
      { id: 2, file_name: 'images/Week 1/frames/0002.png', width: 640, height: 480, valid: true },
    ]);
    expect(coco.categories).toEqual([
      { id: 1, name: 'Vehicle', supercategory: 'box' },
      { id: 2, name: 'Drivable area', supercategory: 'polygon' },
      { id: 3, name: 'Lane', supercategory: 'line' },
    ]);
    // The lane has no COCO form and is left out.
    expect(coco.annotations).toHaveLength(2);
    expect(coco.annotations[0]).toEqual({ id: 1, image_id: 1, category_id: 1, bbox: [100.25, 50.5, 120, 80], area: 9600, segmentation: [], iscrowd: 0, attributes: { category: 'car', lights: ['brake', 'left'], track_id: 'car-1' } });
    expect(coco.annotations[1]).toMatchObject({ category_id: 2, bbox: [10, 240, 620, 160], area: 49600, segmentation: [[10, 400, 630, 400, 320, 240]] });
  });

  it('reads its own document back', () => {
    const { items, refusals } = annotationDecoders.coco(files, decodeContext);
    expect(refusals).toEqual([]);
    expect(items[0].fileName).toBe('images/Week 1/frames/0001.png');
    expect(items[0].objects.map((o) => [o.className, o.shape, o.id, o.attributes])).toEqual([
      ['Vehicle', { type: 'box', x: 100.25, y: 50.5, width: 120, height: 80 }, 'car-1', { category: 'car', lights: ['brake', 'left'] }],
      ['Drivable area', { type: 'polygon', points: [{ x: 10, y: 400 }, { x: 630, y: 400 }, { x: 320, y: 240 }] }, 'road-1', {}],
    ]);
  });

  it('refuses an annotation of an unknown category, a bad box and an RLE it cannot read, each by where it is', () => {
    const broken = { images: [{ id: 1, file_name: 'a.png' }], categories: [{ id: 1, name: 'Vehicle' }], annotations: [{ image_id: 1, category_id: 9, bbox: [0, 0, 1, 1] }, { image_id: 1, category_id: 1, bbox: [0, 0, -1, 1] }, { image_id: 1, category_id: 1, segmentation: { counts: 'x' } }] };
    const { refusals } = annotationDecoders.coco([{ path: 'instances.json', content: Buffer.from(JSON.stringify(broken)) }], decodeContext);
    expect(refusals.map((r) => [r.source, r.reasonKey])).toEqual([
      ['instances.json annotations[0]', importReasons.unknownClass],
      ['instances.json annotations[1]', importReasons.wrongGeometry],
      ['instances.json annotations[2]', importReasons.wrongGeometry],
    ]);
    expect(annotationDecoders.coco([{ path: 'instances.json', content: Buffer.from('{') }], decodeContext).refusals[0].reasonKey).toBe(importReasons.malformed);
  });
});

describe('YOLO', () => {
  const files = encodeAll(exportEncoders.yolo, [item()]);

  it('writes normalized boxes and polygons by class id, with classes.txt and data.yaml', () => {
    expect(text(files, 'labels/Week 1/frames/0001.txt')).toBe('0 0.250391 0.188542 0.187500 0.166667\n1 0.015625 0.833333 0.984375 0.833333 0.500000 0.500000\n');
    expect(text(files, 'classes.txt')).toBe('Vehicle\nDrivable area\nLane\n');
    expect(text(files, 'data.yaml')).toContain('nc: 3');
  });

  it('reads its own labels back within six decimals of the normalized values', () => {
    const { items, refusals } = annotationDecoders.yolo(files, decodeContext);
    expect(refusals).toEqual([]);
    expect(items[0].fileName).toBe('images/Week 1/frames/0001');
    const [box, polygon] = items[0].objects;
    expect(box.className).toBe('Vehicle');
    const b = box.shape as { x: number; y: number; width: number; height: number };
    for (const [got, want] of [[b.x, 100.25], [b.y, 50.5], [b.width, 120], [b.height, 80]]) expect(got).toBeCloseTo(want, 2);
    expect(polygon).toMatchObject({ className: 'Drivable area', shape: { type: 'polygon' } });
  });

  it('refuses a class index beyond the list, values outside 0 to 1 and an item it cannot size, by line', () => {
    const upload = [
      { path: 'classes.txt', content: Buffer.from('Vehicle\n') },
      { path: 'labels/frames/0001.txt', content: Buffer.from('0 0.5 0.5 0.1 0.1\n4 0.5 0.5 0.1 0.1\n0 1.5 0.5 0.1 0.1\n') },
      { path: 'labels/frames/9999.txt', content: Buffer.from('0 0.5 0.5 0.1 0.1\n') },
    ];
    const { items, refusals } = annotationDecoders.yolo(upload, decodeContext);
    expect(items[0].objects).toHaveLength(1);
    expect(refusals.map((r) => [r.source, r.reasonKey])).toEqual([
      ['labels/frames/0001.txt:2', importReasons.unknownClass],
      ['labels/frames/0001.txt:3', importReasons.wrongGeometry],
      ['labels/frames/9999.txt', importReasons.itemNotFound],
    ]);
  });
});

describe('Pascal VOC', () => {
  const files = encodeAll(exportEncoders.voc, [item()]);

  it('writes one XML per image with its size and an object per box or polygon bounds', () => {
    const xml = text(files, 'Annotations/Week 1/frames/0001.xml');
    expect(xml).toContain('<filename>frames/0001.png</filename>');
    expect(xml).toMatch(/<size>\s*<width>640<\/width>\s*<height>480<\/height>\s*<depth>3<\/depth>\s*<\/size>/);
    expect(xml).toMatch(/<bndbox>\s*<xmin>100.25<\/xmin>\s*<ymin>50.5<\/ymin>\s*<xmax>220.25<\/xmax>\s*<ymax>130.5<\/ymax>\s*<\/bndbox>/);
    expect(xml.match(/<object>/g)).toHaveLength(2);
    expect(text(files, 'ImageSets/Main/default.txt')).toBe('Week 1/frames/0001\n');
    expect(text(files, 'labelmap.txt')).toBe('Vehicle\nDrivable area\nLane\n');
  });

  it('reads its own boxes back with their attributes and track ids', () => {
    const { items, refusals } = annotationDecoders.voc(files, decodeContext);
    expect(refusals).toEqual([]);
    expect(items[0]).toMatchObject({ fileName: 'frames/0001.png' });
    expect(items[0].objects[0]).toMatchObject({ className: 'Vehicle', id: 'car-1', shape: { type: 'box', x: 100.25, y: 50.5, width: 120, height: 80 }, attributes: { category: 'car', lights: ['brake', 'left'] } });
  });

  it('refuses a box whose corners are the wrong way round', () => {
    const xml = '<annotation><filename>a.png</filename><object><name>Vehicle</name><bndbox><xmin>50</xmin><ymin>5</ymin><xmax>10</xmax><ymax>20</ymax></bndbox></object></annotation>';
    expect(annotationDecoders.voc([{ path: 'a.xml', content: Buffer.from(xml) }], decodeContext).refusals).toEqual([expect.objectContaining({ source: 'a.xml object[0]', reasonKey: importReasons.wrongGeometry })]);
  });
});

describe('KITTI', () => {
  const files = encodeAll(exportEncoders.kitti, [item()]);

  it('writes the devkit’s fifteen fields with the 2D box and the 3D fields not set, underscores for spaces', () => {
    expect(text(files, 'label_2/Week 1/frames/0001.txt').split('\n')).toEqual([
      'Vehicle 0.00 0 -10 100.25 50.50 220.25 130.50 -1 -1 -1 -1000 -1000 -1000 -10',
      'Drivable_area 0.00 0 -10 10.00 240.00 630.00 400.00 -1 -1 -1 -1000 -1000 -1000 -10',
      '',
    ]);
  });

  it('reads its boxes back to the hundredth of a pixel and refuses short lines', () => {
    const { items } = annotationDecoders.kitti(files, decodeContext);
    expect(items[0]).toMatchObject({ fileName: 'Week 1/frames/0001', objects: [{ className: 'Vehicle', shape: { type: 'box', x: 100.25, y: 50.5, width: 120, height: 80 } }, { className: 'Drivable_area' }] });
    const short = annotationDecoders.kitti([{ path: 'label_2/a.txt', content: Buffer.from('Car 0 0 0 1 2 3\n') }], decodeContext);
    expect(short.refusals).toEqual([expect.objectContaining({ source: 'label_2/a.txt:1', reasonKey: importReasons.malformed })]);
  });
});

describe('OpenLABEL', () => {
  const files = encodeAll(exportEncoders.openlabel, [item()]);
  const document = JSON.parse(text(files, 'openlabel/Week 1/frames/0001.json')).openlabel;

  it('writes objects with their class and values, and per frame their shapes in OpenLABEL geometry', () => {
    expect(document.metadata.schema_version).toBe('1.0.0');
    expect(document.streams.camera).toMatchObject({ type: 'camera', uri: 'images/Week 1/frames/0001.png' });
    expect(document.objects['0']).toMatchObject({ name: 'car-1', type: 'Vehicle', object_data: { text: [{ name: 'category', val: 'car' }], vec: [{ name: 'lights', val: ['brake', 'left'] }] } });
    const frame = document.frames['0'].objects;
    expect(frame['0'].object_data.bbox[0].val).toEqual([160.25, 90.5, 120, 80]);
    expect(frame['1'].object_data.poly2d[0]).toMatchObject({ closed: true, mode: 'MODE_POLY2D_ABSOLUTE', val: [10, 400, 630, 400, 320, 240] });
    expect(frame['2'].object_data.poly2d[0]).toMatchObject({ closed: false });
  });

  it('reads every shape back, the line as a line', () => {
    const { items, refusals } = annotationDecoders.openlabel(files, decodeContext);
    expect(refusals).toEqual([]);
    expect(items[0].fileName).toBe('images/Week 1/frames/0001.png');
    expect(items[0].objects.map((o) => [o.className, o.shape.type, o.id])).toEqual([
      ['Vehicle', 'box', 'car-1'],
      ['Drivable area', 'polygon', 'road-1'],
      ['Lane', 'line', 'lane-1'],
    ]);
    expect(items[0].objects[0].shape).toEqual({ type: 'box', x: 100.25, y: 50.5, width: 120, height: 80 });
  });
});

describe('rule-mapped JSON', () => {
  const rule = {
    direction: 'both' as const,
    format: 'json' as const,
    fieldMapping: { fileName: 'image', objects: 'labels', 'objects.className': 'label', 'objects.box': 'bbox' },
    naming: { pattern: '{batch}/{file}.json' },
    coordinates: { origin: 'bottom_left' as const, unit: 'normalized' as const, boxFormat: 'xyxy' as const, precision: 4 },
    include: { invalidItems: false, attributes: true },
  };
  const files = encodeAll(exportEncoders.rule_json, [item(), item({ fileName: 'frames/bad.png', effective: false })], { ...context, rule });

  it('names, maps and converts as the rule says, and leaves invalid items out', () => {
    expect(files.map((f) => f.path)).toEqual(['Week 1/frames/0001.json']);
    const document = JSON.parse(text(files, 'Week 1/frames/0001.json'));
    expect(document.image).toBe('frames/0001.png');
    expect(document.labels[0]).toMatchObject({ label: 'Vehicle', type: 'box', bbox: [0.1566, 0.7281, 0.3441, 0.8948], attributes: { category: 'car' } });
  });

  it('reads its own documents back under the same rule', () => {
    const { items, refusals } = annotationDecoders.rule_json(files, { rule, sizeOf });
    expect(refusals).toEqual([]);
    const box = items[0].objects[0].shape as { x: number; y: number; width: number; height: number };
    expect(box.x).toBeCloseTo(100.25, 0);
    expect(box.y).toBeCloseTo(50.5, 0);
    expect(box.width).toBeCloseTo(120, 0);
    expect(items[0].objects[1].shape.type).toBe('polygon');
  });

  it('keeps pixel top-left coordinates by default and refuses objects without a class', () => {
    const plain = encodeAll(exportEncoders.rule_json, [item()]);
    expect(JSON.parse(text(plain, 'Week 1/frames/0001.json')).objects[0].box).toEqual([100.25, 50.5, 120, 80]);
    const broken = { fileName: 'frames/0001.png', objects: [{ type: 'box', box: [1, 2, 3, 4] }] };
    expect(annotationDecoders.rule_json([{ path: 'a.json', content: Buffer.from(JSON.stringify(broken)) }], decodeContext).refusals[0]).toMatchObject({ source: 'a.json objects[0]', reasonKey: importReasons.malformed });
  });
});
