import { describe, expect, it } from 'vitest';
import { toolInput } from '../catalog/tool.schemas';
import type { DecodeOutcome } from './format';
import { importReasons, importWarnings } from './format';
import { matchImport } from './import-matching';

const vehicle = { toolId: '00000000-0000-4000-8000-000000000001', toolVersion: 2, definition: toolInput.parse({ name: 'Vehicle box', templateType: 'box' }) };
const targets = [
  { itemId: 'i1', fileName: 'frames/0001.png', width: 640, height: 480, waiting: true },
  { itemId: 'i2', fileName: 'frames/0002.png', width: 640, height: 480, waiting: false },
];
const box = { type: 'box' as const, x: 10, y: 10, width: 50, height: 30 };

describe('matching an import to a batch', () => {
  it('finds items by name, by the end of a path and by stem, and gives each object its tool', () => {
    for (const fileName of ['frames/0001.png', 'images/Week 1/frames/0001.png', 'Week 1/frames/0001']) {
      const outcome: DecodeOutcome = { items: [{ fileName, source: 'a', objects: [{ source: 'a:1', className: 'Vehicle_box', shape: box, attributes: {}, id: 'car-1' }] }], refusals: [] };
      const { items, refusals } = matchImport(outcome, targets, [vehicle]);
      expect(refusals).toEqual([]);
      expect(items).toHaveLength(1);
      expect(items[0].target.itemId).toBe('i1');
      expect(items[0].result.objects[0]).toMatchObject({ id: 'car-1', toolId: vehicle.toolId, toolVersion: 2, templateType: 'box', keyframes: [{ frame: 0, shape: box }] });
    }
  });

  it('refuses unknown items, busy items, unknown classes, shapes the tool does not draw and shapes outside the image', () => {
    const outcome: DecodeOutcome = {
      items: [
        { fileName: 'frames/9999.png', source: 'x.xml', objects: [] },
        { fileName: 'frames/0002.png', source: 'b.xml', objects: [] },
        {
          fileName: 'frames/0001.png',
          source: 'a.xml',
          objects: [
            { source: 'a.xml object[0]', className: 'Bus', shape: box, attributes: {} },
            { source: 'a.xml object[1]', className: 'Vehicle box', shape: { type: 'point', x: 1, y: 1 }, attributes: {} },
            { source: 'a.xml object[2]', className: 'Vehicle box', shape: { ...box, x: 700 }, attributes: {} },
          ],
        },
      ],
      refusals: [],
    };
    const { items, refusals } = matchImport(outcome, targets, [vehicle]);
    expect(items).toEqual([]);
    expect(refusals.map((r) => [r.source, r.reasonKey])).toEqual([
      ['x.xml', importReasons.itemNotFound],
      ['b.xml', importReasons.itemBusy],
      ['a.xml object[0]', importReasons.unknownClass],
      ['a.xml object[1]', importReasons.shapeToolMismatch],
      ['a.xml object[2]', expect.stringMatching(/^items\.result\./)],
    ]);
  });

  it('skips an image a data set lists but the batch lacks with a warning, and imports the objects of the images it has', () => {
    const object = (source: string) => ({ source, className: 'Vehicle box', shape: box, attributes: {} });
    const outcome: DecodeOutcome = {
      items: [
        { fileName: 'val2017/0009.png', source: 'instances.json images[0]', objects: [object('instances.json annotations[0]')], listed: true },
        { fileName: 'val2017/0001.png', source: 'instances.json images[1]', objects: [object('instances.json annotations[1]')], listed: true },
        { fileName: 'val2017/0002.png', source: 'instances.json images[2]', objects: [], listed: true },
      ],
      refusals: [],
    };
    const { items, refusals, warnings, dropped } = matchImport(outcome, targets, [vehicle]);
    expect(items.map((i) => [i.target.itemId, i.result.objects.length])).toEqual([['i1', 1]]);
    expect(warnings).toEqual([{ source: 'instances.json images[0]', reasonKey: importWarnings.notInBatch, params: { value: 'val2017/0009.png' } }]);
    // A listed image the batch has but cannot take a starting result for is still refused.
    expect(refusals).toEqual([{ source: 'instances.json images[2]', reasonKey: importReasons.itemBusy, params: { value: 'frames/0002.png' } }]);
    expect(dropped).toEqual({ files: ['instances.json images[0]', 'instances.json images[2]'], objects: ['instances.json annotations[0]'] });
  });

  it('gathers the frames of one id into one track of keyframes, and skips a frame past the item’s last with a warning', () => {
    const at = (frame: number, x: number) => ({ source: `gt.txt:${frame + 1}`, className: 'Vehicle box', shape: { ...box, x }, attributes: {}, id: '4', frame });
    const sequence = [{ ...targets[0], frameCount: 10 }];
    const outcome: DecodeOutcome = { items: [{ fileName: 'frames/0001.png', source: 'gt.txt', objects: [at(0, 10), at(1, 20), at(2, 30), at(3, 40)] }], refusals: [] };
    const { items } = matchImport(outcome, sequence, [vehicle]);
    expect(items[0].result.frameCount).toBe(10);
    expect(items[0].result.objects.map((o) => [o.id, o.keyframes.map((k) => [k.frame, k.outside])])).toEqual([['4', [[0, false], [3, false], [4, true]]]]);
    const late: DecodeOutcome = { items: [{ fileName: 'frames/0001.png', source: 'gt.txt', objects: [at(8, 10), at(9, 20), at(10, 30), at(12, 10)] }], refusals: [] };
    const kept = matchImport(late, sequence, [vehicle]);
    expect(kept.refusals).toEqual([]);
    expect(kept.items[0].result.objects[0].keyframes.map((k) => k.frame)).toEqual([8, 9]);
    expect(kept.warnings).toEqual(['gt.txt:11', 'gt.txt:13'].map((source) => ({ source, reasonKey: importWarnings.pastLastFrame, params: { frameCount: 10 } })));
    expect(kept.dropped.objects).toEqual(['gt.txt:11', 'gt.txt:13']);
  });
});

describe('cuboids and skipped objects', () => {
  const cuboidTool = (enablePitchRoll: boolean) => ({ toolId: '00000000-0000-4000-8000-000000000002', toolVersion: 1, definition: toolInput.parse({ name: 'Car', templateType: 'cuboid', enablePitchRoll }) });
  const tilted = { type: 'cuboid' as const, x: 10, y: 2, z: -1, length: 4, width: 1.8, height: 1.5, yaw: 0.5, pitch: 0.01, roll: -0.02 };
  const cloud = [{ itemId: 'c1', fileName: 'street', width: null, height: null, waiting: true, frameCount: 1 }];
  const outcome: DecodeOutcome = {
    items: [{ fileName: 'street', source: 'street.json', objects: [{ source: 'street.json frames[0].objects[0]', className: 'Car', shape: tilted, attributes: {}, id: 'van' }] }],
    refusals: [],
    warnings: [{ source: 'street.json frames[0].objects[-1]', reasonKey: importWarnings.negativeSize, params: { value: 'cuboid' } }],
  };

  it('levels a tilted cuboid where the tool keeps cuboids level, heading kept, with a warning; keeps the tilt where the tool allows it', () => {
    const level = matchImport(outcome, cloud, [cuboidTool(false)]);
    expect(level.refusals).toEqual([]);
    expect(level.items[0].result.objects[0].keyframes[0].shape).toEqual({ type: 'cuboid', x: 10, y: 2, z: -1, length: 4, width: 1.8, height: 1.5, yaw: 0.5 });
    expect(level.warnings).toContainEqual({ source: 'street.json frames[0].objects[0]', reasonKey: importWarnings.levelled, params: { tool: 'Car' } });
    const tilting = matchImport(outcome, cloud, [cuboidTool(true)]);
    expect(tilting.items[0].result.objects[0].keyframes[0].shape).toEqual(tilted);
    expect(tilting.warnings.map((w) => w.reasonKey)).toEqual([importWarnings.negativeSize]);
  });

  it('reads a cuboid with camera boxes as its first camera box where the tool draws boxes, with a warning', () => {
    const left = { type: 'box' as const, x: 300, y: 160, width: 150, height: 130 };
    const withBoxes: DecodeOutcome = { ...outcome, items: [{ ...outcome.items[0], fileName: 'frames/0001.png', objects: [{ ...outcome.items[0].objects[0], className: 'Vehicle box', cameraBoxes: { CAM_LEFT: left, CAM_RIGHT: { ...left, x: 280 } } }] }] };
    const { items, refusals, warnings } = matchImport(withBoxes, targets, [vehicle]);
    expect(refusals).toEqual([]);
    expect(items[0].result.objects[0].keyframes).toEqual([expect.objectContaining({ frame: 0, shape: left })]);
    expect(items[0].result.objects[0].keyframes[0].cameraBoxes).toBeUndefined();
    expect(warnings).toContainEqual({ source: 'street.json frames[0].objects[0]', reasonKey: importWarnings.cuboidAsBox, params: { tool: 'Vehicle box', camera: 'CAM_LEFT' } });
    const bare = matchImport({ ...outcome, items: [{ ...withBoxes.items[0], objects: [{ ...withBoxes.items[0].objects[0], cameraBoxes: undefined }] }] }, targets, [vehicle]);
    expect(bare.refusals.map((r) => r.reasonKey)).toEqual([importReasons.shapeToolMismatch]);
  });

  it('lists an object skipped for its negative size among the dropped, and an indexed entry refused as an object', () => {
    const refused = { ...outcome, refusals: [{ source: 'other.json frames[0].objects[3f2a]', reasonKey: importReasons.wrongGeometry }] };
    expect(matchImport(refused, cloud, [cuboidTool(true)]).dropped.objects).toEqual(['other.json frames[0].objects[3f2a]', 'street.json frames[0].objects[-1]']);
  });
});
